import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { fakeLiveSources } from "../ui/fake-live-source";
import Messages, { type MessageView } from "./index";

const message = (id: string, side: "customer" | "studio", body: string): MessageView => ({
  _id: id,
  side,
  author: { _id: side, displayName: side === "customer" ? "Grace" : "Admin" },
  body,
  createdAt: "2026-11-23T10:00:00.000Z",
  attachments: [],
});

let served: MessageView[] = [];
const requests: { method: string; url: string }[] = [];
beforeEach(() => {
  served = [];
  requests.length = 0;
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ method: init?.method ?? "GET", url: String(input) });
    if ((init?.method ?? "GET") === "POST") return Response.json({ message: "Message sent.", item: message("03", "customer", "Sent now") }, { status: 201 });
    return Response.json({ messages: served, hasOlder: false, side: "customer" });
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

const renderMessages = (messages: MessageView[]) =>
  render(
    <Provider store={createStore()}>
      <Messages projectId="p1" side="customer" messages={messages} hasOlder={false} />
    </Provider>,
  );

test("links are clickable and markup stays text", () => {
  renderMessages([message("01", "studio", 'See https://example.com/a. <img src=x onerror="alert(1)">')]);
  const link = screen.getByRole("link", { name: "https://example.com/a" });
  expect(link.getAttribute("href")).toBe("https://example.com/a");
  expect(link.getAttribute("rel")).toContain("noopener");
  expect(document.querySelector("img")).toBeNull();
  expect(screen.getByText('<img src=x onerror="alert(1)">', { exact: false })).toBeTruthy();
});

test("over 5,000 characters Send is disabled and the limit is named", () => {
  renderMessages([]);
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "x".repeat(5_001) } });
  expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole("alert").textContent).toBe("A message can be at most 5,000 characters.");
});

test("a sent message joins the thread; a live event for this project fetches the new ones", async () => {
  const live = fakeLiveSources();
  renderMessages([message("01", "customer", "Hello")]);
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "Sent now" } });
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
  expect(screen.getByText("Sent now")).toBeTruthy();

  served = [message("01", "customer", "Hello"), message("03", "customer", "Sent now"), message("04", "studio", "Answer from the studio")];
  await act(async () => {
    live.emit(1, { type: "message_posted", payload: { projectId: "other", messageId: "x" } });
    await Bun.sleep(250);
  });
  expect(screen.queryByText("Answer from the studio")).toBeNull();
  await act(async () => {
    live.emit(2, { type: "message_posted", payload: { projectId: "p1", messageId: "04" } });
    await Bun.sleep(300);
  });
  expect(screen.getByText("Answer from the studio")).toBeTruthy();
  expect(document.querySelectorAll(".message")).toHaveLength(3);
});
