import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { DEFAULT_PROGRESS_TEXT, useConfirm } from "./confirm-dialog";
import { ModalHost } from "./modal-views";
import { openModalAtom } from "./modals";
import { ERROR_TOAST_MS, TOAST_MS, Toasts, showToastAtom, toastsAtom } from "./toasts";

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  cleanup();
});

test("toasts leave after 6 s, errors after 10 s, and the failed-requirement toast stays until dismissed", () => {
  const store = createStore();
  render(
    <Provider store={store}>
      <Toasts />
    </Provider>,
  );
  act(() => {
    store.set(showToastAtom, { title: "Saved" });
    store.set(showToastAtom, { title: "Boom", error: true, heading: "Something went wrong" });
    store.set(showToastAtom, { title: "You are missing one or more required fields.", error: true, manual: true });
  });
  expect(screen.getByText("Saved")).toBeTruthy();
  expect(screen.getByText("Something went wrong")).toBeTruthy();

  act(() => jest.advanceTimersByTime(TOAST_MS));
  expect(screen.queryByText("Saved")).toBeNull();
  expect(screen.getByText("Boom")).toBeTruthy();

  act(() => jest.advanceTimersByTime(ERROR_TOAST_MS - TOAST_MS));
  expect(screen.queryByText("Boom")).toBeNull();

  act(() => jest.advanceTimersByTime(60_000));
  const manual = screen.getByText("You are missing one or more required fields.");
  // Announced politely, errors too: the region is the live region, no toast interrupts as an alert.
  expect(manual.closest(".toast")?.getAttribute("role")).toBeNull();
  expect(manual.closest('[aria-live="polite"]')).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
  expect(store.get(toastsAtom)).toEqual([]);
});

function ConfirmHarness(props: { onConfirm: () => Promise<unknown>; onCancel?: () => void; id?: string }) {
  const confirm = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          confirm({ id: props.id ?? "delete-1", title: "Delete this?", confirmLabel: "Delete", onConfirm: props.onConfirm, onCancel: props.onCancel })
        }
      >
        Open
      </button>
      <ModalHost />
    </>
  );
}

function renderWithStore(node: ReactNode) {
  const store = createStore();
  render(<Provider store={store}>{node}</Provider>);
  return store;
}

test("the confirm dialog shows progress, closes when the operation completes and returns focus", async () => {
  let finish: () => void = () => {};
  renderWithStore(<ConfirmHarness onConfirm={() => new Promise<void>((resolve) => (finish = resolve))} />);
  const opener = screen.getByRole("button", { name: "Open" });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole("dialog");
  expect(dialog.getAttribute("aria-modal")).toBe("true");
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete" }));

  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  expect(screen.getByText(DEFAULT_PROGRESS_TEXT)).toBeTruthy();
  expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  // Escape does nothing while the operation runs.
  fireEvent.keyDown(dialog, { key: "Escape" });
  expect(screen.queryByRole("dialog")).not.toBeNull();

  await act(async () => finish());
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("a failed operation re-enables the dialog; Cancel and Escape close it and run the cancel callback", async () => {
  let cancelled = 0;
  renderWithStore(<ConfirmHarness onConfirm={() => Promise.reject(new Error("nope"))} onCancel={() => cancelled++} />);
  fireEvent.click(screen.getByRole("button", { name: "Open" }));
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  });
  expect(screen.queryByText(DEFAULT_PROGRESS_TEXT)).toBeNull();
  expect((screen.getByRole("button", { name: "Delete" }) as HTMLButtonElement).disabled).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(cancelled).toBe(1);

  fireEvent.click(screen.getByRole("button", { name: "Open" }));
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(cancelled).toBe(2);
});

function OpenTwice() {
  const open = useSetAtom(openModalAtom);
  const entry = { id: "same", label: "Only once", render: () => <p>Body</p> };
  return (
    <>
      <button type="button" onClick={() => [open(entry), open(entry)]}>
        Open twice
      </button>
      <ModalHost />
    </>
  );
}

test("a modal with an identical id is not added twice", () => {
  renderWithStore(<OpenTwice />);
  fireEvent.click(screen.getByRole("button", { name: "Open twice" }));
  expect(screen.getAllByRole("dialog")).toHaveLength(1);
});

test("Tab stays inside the dialog", () => {
  renderWithStore(<ConfirmHarness onConfirm={async () => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "Open" }));
  const cancel = screen.getByRole("button", { name: "Cancel" });
  const confirm = screen.getByRole("button", { name: "Delete" });
  confirm.focus();
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Tab" });
  expect(document.activeElement).toBe(cancel);
  fireEvent.keyDown(screen.getByRole("dialog"), { key: "Tab", shiftKey: true });
  expect(document.activeElement).toBe(confirm);
});

test("a dialog opened from a <details> menu closes the menu, and Escape returns focus to the menu's summary", async () => {
  render(
    <Provider store={createStore()}>
      <details open>
        <summary>Profile menu</summary>
        <ConfirmHarness onConfirm={async () => {}} />
      </details>
    </Provider>,
  );
  const details = document.querySelector("details") as HTMLDetailsElement;
  const open = screen.getByRole("button", { name: "Open" });
  open.focus();
  fireEvent.click(open);
  const dialog = screen.getByRole("dialog", { name: "Delete this?" });
  // The dialog is not inside the menu (a portal on <body>), and the menu it came from is closed.
  expect(details.contains(dialog)).toBe(false);
  expect(dialog.closest(".dialog-backdrop")?.parentElement).toBe(document.body);
  expect(details.open).toBe(false);
  await act(async () => fireEvent.keyDown(dialog, { key: "Escape" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement?.textContent).toBe("Profile menu");
});
