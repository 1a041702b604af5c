// A quiet notice that the page shows older data than the server now holds (decision 020):
// on a project's pages "This project was updated", on the admins' lists "N new orders" or
// "N new bug reports", each with a button that reloads. Reloading, rather than patching values
// in place, keeps forms and lists consistent with what the server renders, and never touches
// what someone is typing. Renders an empty live region until something happens.
import { useState } from "react";
import type { LiveEvent } from "../../src/shared/live-events";
import { useLiveEvents } from "../ui/live-events";

export type LiveNoticeProps = { watch: "project"; projectId: string } | { watch: "orders" } | { watch: "bug-reports" };

const plural = (count: number, noun: string) => `${count} new ${noun}${count === 1 ? "" : "s"}`;

function counts(props: LiveNoticeProps, event: LiveEvent): boolean {
  if (event.type === "resync") return true;
  if (props.watch === "project") return event.type === "project_changed" && event.payload.projectId === props.projectId;
  if (props.watch === "orders") return event.type === "order_created";
  return event.type === "bug_report_created";
}

export default function LiveNotice(props: LiveNoticeProps) {
  const [count, setCount] = useState(0);
  const types =
    props.watch === "project" ? (["project_changed"] as const) : props.watch === "orders" ? (["order_created"] as const) : (["bug_report_created"] as const);
  useLiveEvents([...types], (events) => {
    const relevant = events.filter((event) => counts(props, event)).length;
    if (relevant > 0) setCount((current) => current + relevant);
  });

  const text = props.watch === "project" ? "This project was updated." : props.watch === "orders" ? plural(count, "order") : plural(count, "bug report");
  return (
    <div role="status" className={count > 0 ? "live-notice" : undefined} data-live-notice="">
      {count > 0 ? (
        <>
          <span className="live-notice-text">{text}</span>
          <button type="button" className="button" onClick={() => location.reload()}>
            {props.watch === "project" ? "Reload" : "Show"}
          </button>
        </>
      ) : null}
    </div>
  );
}
