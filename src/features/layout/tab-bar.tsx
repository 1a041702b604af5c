// The sideways-scrolling tab bars (the project's tabs, the admin console's, Settings'): the links
// in a <nav>, with an arrow over each edge that has more tabs beyond it (islands/behaviours/tab-bars.ts
// shows them and keeps the current tab in view). The arrows are for the pointer and touch; keyboard
// users reach every tab with Tab, and the browser scrolls the focused one into view.
import type { ReactNode } from "react";
import { Behaviour } from "../../render/behaviour";

function Arrow(props: { by: -1 | 1 }) {
  return (
    <button
      type="button"
      className={props.by < 0 ? "tab-arrow tab-arrow-start" : "tab-arrow tab-arrow-end"}
      data-scroll-by={props.by}
      tabIndex={-1}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d={props.by < 0 ? "M15 18l-6-6 6-6" : "M9 6l6 6-6 6"}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

export function TabBar(props: { label: string; className: string; children: ReactNode }) {
  return (
    <div className="tab-scroller" data-tab-scroller="">
      <nav className={props.className} aria-label={props.label}>
        {props.children}
      </nav>
      <Arrow by={-1} />
      <Arrow by={1} />
      <Behaviour name="tab-bars" />
    </div>
  );
}
