import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import Revisions, { BLANK_NOTES, type RevisionsState } from "./index";

const patches: unknown[] = [];
beforeEach(() => {
  patches.length = 0;
  globalThis.fetch = mock(async (_input: RequestInfo | URL, init?: RequestInit) => {
    patches.push(JSON.parse(String(init?.body ?? "null")));
    return Response.json({ message: "Revision request sent.", project: { revisions: requested } });
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

const open: RevisionsState = { state: "open", reason: "You can send one revision request until December 3, 2026.", closesAt: "2026-12-03T00:00:00.000Z" };
const requested: RevisionsState = { state: "requested", reason: "Your revision request was sent on November 24, 2026.", closesAt: null };

const renderRevisions = (notes: string, locked = false, revisions: RevisionsState = open, isAdmin = false) =>
  render(
    <Provider store={createStore()}>
      <Revisions projectId="p1" notes={notes} locked={locked} revisions={revisions} isAdmin={isAdmin} />
    </Provider>,
  );
const textbox = () => screen.getByRole("textbox", { name: "Revision notes" }) as HTMLTextAreaElement;
const submit = () => screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement;

test("without notes the form is open, Submit is disabled while empty and blank notes are refused", async () => {
  renderRevisions("");
  expect(submit().disabled).toBe(true);
  fireEvent.change(textbox(), { target: { value: "   " } });
  await act(async () => fireEvent.click(submit()));
  expect(screen.getByText(BLANK_NOTES)).toBeTruthy();
  expect(patches).toEqual([]);
  // Cancel keeps the form open while there are no saved notes.
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(textbox().value).toBe("");
});

test("saved notes show read-only with a pencil; Cancel returns to them", async () => {
  renderRevisions("Bigger hero");
  expect(screen.queryByRole("textbox")).toBeNull();
  expect(screen.getByText("Bigger hero")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Edit revision notes" }));
  fireEvent.change(textbox(), { target: { value: "Smaller hero" } });
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.getByText("Bigger hero")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Edit revision notes" }));
  fireEvent.change(textbox(), { target: { value: "Smaller hero" } });
  await act(async () => fireEvent.click(submit()));
  expect(patches).toEqual([{ revisionNotes: "Smaller hero" }]);
  expect(screen.getByText("Smaller hero")).toBeTruthy();
});

test("locked revisions cannot be edited", () => {
  renderRevisions("", true);
  expect(screen.getByText("Revisions are locked for this project.")).toBeTruthy();
  expect(textbox().disabled).toBe(true);
  expect(submit().disabled).toBe(true);
});

test("after the request the notes stay read-only without a pencil and the tab says why", async () => {
  renderRevisions("");
  fireEvent.change(textbox(), { target: { value: "Bigger logo" } });
  await act(async () => fireEvent.click(submit()));
  expect(screen.getByText("Bigger logo")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Edit revision notes" })).toBeNull();
  expect(screen.getByText(requested.reason)).toBeTruthy();
});

test("before delivery there is no form, only when revisions open", () => {
  const reason = "Revisions open when your project is delivered.";
  renderRevisions("", false, { state: "not-delivered", reason, closesAt: null });
  expect(screen.getByText(reason)).toBeTruthy();
  expect(screen.queryByRole("textbox")).toBeNull();
  expect(screen.getByText("Not delivered yet")).toBeTruthy();
});

test("an admin can open another round once the request is used", () => {
  renderRevisions("Bigger logo", false, requested, true);
  expect(screen.getByRole("button", { name: "Open another revision round" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Edit revision notes" })).toBeTruthy();
});
