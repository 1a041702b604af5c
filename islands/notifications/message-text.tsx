// A notification's words. Announcements are written by admins in the Markdown subset (decision 083)
// and shown formatted; every other notification is plain text, as it may quote a customer's words
// (a project's name) that must never turn into formatting.
import { markdownToLine, parseMarkdown } from "../../src/shared/markdown";
import { Markdown } from "../../src/shared/markdown-view";
import type { NotificationItem } from "../../src/shared/notifications";

type Words = Pick<NotificationItem, "message" | "channelID">;
const isMarkdown = (item: Words) => item.channelID === "announcements";

/** For one-line places (the bell, the list's rows): markers removed, links as their text. */
export const notificationLine = (item: Words): string => (isMarkdown(item) ? markdownToLine(parseMarkdown(item.message)) : item.message);

/** The whole message, as the channel view shows it. */
export function NotificationText(props: { item: Words; id: string }) {
  if (isMarkdown(props.item)) return <Markdown source={props.item.message} className="channel-message-text" id={props.id} />;
  return (
    <p className="channel-message-text" id={props.id}>
      {props.item.message}
    </p>
  );
}
