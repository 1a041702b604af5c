import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import CommandPalette from "./index";

let urls: string[] = [];
const assigned: string[] = [];
beforeEach(() => {
  urls = [];
  assigned.length = 0;
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return Response.json({
      searchedData: true,
      hits: [
        { kind: "page", title: "Payments", detail: "Admin Console", href: "/admin/payments" },
        { kind: "project", title: "Analytical Bakery", detail: "In Progress · Ada (ada@example.com)", href: "/projects/p1" },
        { kind: "customer", title: "Ada", detail: "ada@example.com", href: "/dashboard?customer=u1" },
      ],
    });
  }) as unknown as typeof fetch;
  window.location.assign = ((url: string) => void assigned.push(url)) as typeof window.location.assign;
});
afterEach(cleanup);

const show = () =>
  render(
    <Provider store={createStore()}>
      <button type="button">Elsewhere</button>
      <CommandPalette />
    </Provider>,
  );

test("Ctrl+K opens the palette; typing searches once the typing pauses; arrows move and Enter opens the hit", async () => {
  show();
  expect(screen.queryByRole("dialog")).toBeNull();
  await act(async () => fireEvent.keyDown(document, { key: "k", ctrlKey: true }));
  const input = await screen.findByRole("combobox", { name: "Search the console" });
  await waitFor(() => expect(document.activeElement).toBe(input));
  fireEvent.change(input, { target: { value: "b" } });
  fireEvent.change(input, { target: { value: "bak" } });
  await screen.findByRole("option", { name: /Analytical Bakery/ });
  // One request for the text the admin stopped at.
  expect(urls).toEqual([expect.stringMatching(/\/api\/admin\/search\?q=bak$/)]);
  // Grouped as projects, customers, then pages, whatever order the answer had.
  expect(screen.getAllByRole("option").map((option) => option.querySelector(".palette-option-title")?.textContent)).toEqual([
    "Analytical Bakery",
    "Ada",
    "Payments",
  ]);
  expect(screen.getByRole("group", { name: "Projects" })).toBeTruthy();
  expect(screen.getByRole("status").textContent).toBe("3 results.");
  const first = screen.getByRole("option", { name: /Analytical Bakery/ });
  expect(input.getAttribute("aria-activedescendant")).toBe(first.id);
  fireEvent.keyDown(input, { key: "ArrowDown" });
  const second = screen.getByRole("option", { name: /^Ada ada@example\.com$/ });
  expect(second.getAttribute("aria-selected")).toBe("true");
  expect(input.getAttribute("aria-activedescendant")).toBe(second.id);
  fireEvent.keyDown(input, { key: "ArrowUp" });
  fireEvent.keyDown(input, { key: "ArrowUp" });
  expect(screen.getByRole("option", { name: /Payments/ }).getAttribute("aria-selected")).toBe("true");
  await act(async () => fireEvent.keyDown(input, { key: "Enter" }));
  expect(assigned).toEqual(["/admin/payments"]);
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("the button opens it too, Escape closes it and focus returns to the button", async () => {
  show();
  const trigger = screen.getByRole("button", { name: "Search Ctrl K" });
  expect(trigger.getAttribute("aria-keyshortcuts")).toBe("Control+K Meta+K");
  trigger.focus();
  await act(async () => fireEvent.click(trigger));
  const input = await screen.findByRole("combobox", { name: "Search the console" });
  await act(async () => fireEvent.keyDown(input, { key: "Escape" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(trigger);
  expect(urls).toEqual([]);
});
