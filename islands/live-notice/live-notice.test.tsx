import { afterEach, expect, test } from "bun:test";
import { act, cleanup, render, screen } from "@testing-library/react";
import { fakeLiveSources } from "../ui/fake-live-source";
import LiveNotice from "./index";

afterEach(cleanup);

const changed = (projectId: string) =>
  ({
    type: "project_changed",
    payload: {
      projectId,
      status: "in-progress",
      receivedPayment: true,
      refundIssued: false,
      editingLocked: false,
      revisionsLocked: false,
      archived: false,
      invoiceSent: false,
      invoiceId: null,
    },
  }) as const;

test("a project page shows the notice only for its own project", async () => {
  const live = fakeLiveSources();
  render(<LiveNotice watch="project" projectId="p1" />);
  await act(async () => {
    live.emit(1, changed("p2"));
    await Bun.sleep(250);
  });
  expect(screen.queryByRole("button")).toBeNull();
  await act(async () => {
    live.emit(2, changed("p1"));
    await Bun.sleep(250);
  });
  expect(screen.getByRole("status").textContent).toContain("This project was updated.");
  expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
});

test("the orders list counts new orders", async () => {
  const live = fakeLiveSources();
  render(<LiveNotice watch="orders" />);
  await act(async () => {
    live.emit(1, { type: "order_created", payload: { projectId: "a" } });
    live.emit(2, { type: "bug_report_created", payload: { bugReportId: "b" } });
    live.emit(3, { type: "order_created", payload: { projectId: "c" } });
    await Bun.sleep(250);
  });
  expect(screen.getByRole("status").textContent).toContain("2 new orders");
  expect(screen.getByRole("button", { name: "Show" })).toBeTruthy();
});

test("a tab hidden for a while closes its stream and reopens it, asking for what it missed", async () => {
  const live = fakeLiveSources();
  render(<LiveNotice watch="bug-reports" />);
  live.emit(7, { type: "bug_report_created", payload: { bugReportId: "b" } });
  const visibility = Object.getOwnPropertyDescriptor(document, "visibilityState");
  const originalSetTimeout = globalThis.setTimeout;
  try {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    // The grace period passes at once.
    globalThis.setTimeout = ((fn: () => void) => originalSetTimeout(fn, 0)) as typeof setTimeout;
    document.dispatchEvent(new Event("visibilitychange"));
    await Bun.sleep(20);
    expect(live.open()).toBe(0);
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
    document.dispatchEvent(new Event("visibilitychange"));
    expect(live.open()).toBe(1);
    expect(live.urls.at(-1)).toBe("/api/events?after=7");
  } finally {
    globalThis.setTimeout = originalSetTimeout;
    if (visibility) Object.defineProperty(document, "visibilityState", visibility);
    else Reflect.deleteProperty(document, "visibilityState");
  }
});
