import { afterEach, beforeEach, expect, jest, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import AdminUsers, { MAKE_SUPER_ADMIN_QUESTION, REMOVE_ADMIN_QUESTION } from "./index";

const calls: { method: string; url: string; body: unknown }[] = [];
const morgan = { _id: "u2", displayName: "Morgan Lee", email: "morgan@example.com", photoURL: null, isAdmin: false, isSuperAdmin: false };
beforeEach(() => {
  calls.length = 0;
  jest.useFakeTimers();
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.includes("searchnonadmin")) return Response.json({ users: [morgan] });
    if (url.endsWith("/makeadmin")) return Response.json({ message: "Morgan Lee is now an admin." });
    return Response.json({ users: [{ ...morgan, isAdmin: true }] });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  jest.useRealTimers();
  cleanup();
});

const admins = [
  { _id: "u1", displayName: "Sam Super", email: "sam@example.com", photoURL: null, isSuperAdmin: true },
  { _id: "u3", displayName: "Alex Admin", email: "alex@example.com", photoURL: null, isSuperAdmin: false },
];
const renderAdmins = (viewerIsSuperAdmin: boolean) =>
  render(
    <Provider store={createStore()}>
      <AdminUsers admins={admins} viewerId="u1" viewerIsSuperAdmin={viewerIsSuperAdmin} />
    </Provider>,
  );

test("only super admins see the role buttons, and never for super admins", () => {
  renderAdmins(false);
  expect(screen.queryByRole("button", { name: "Remove admin" })).toBeNull();
  cleanup();
  renderAdmins(true);
  expect(screen.getAllByRole("button", { name: "Remove admin" })).toHaveLength(1);
  expect(screen.getAllByRole("button", { name: "Make super admin" })).toHaveLength(1);
  fireEvent.click(screen.getByRole("button", { name: "Remove admin" }));
  expect(screen.getByText(REMOVE_ADMIN_QUESTION)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  fireEvent.click(screen.getByRole("button", { name: "Make super admin" }));
  expect(screen.getByText(MAKE_SUPER_ADMIN_QUESTION)).toBeTruthy();
});

test("the search runs only with text; picking again deselects; confirm needs a pick, then reloads the list", async () => {
  renderAdmins(true);
  fireEvent.click(screen.getByRole("button", { name: "Create new admin" }));
  const confirm = () => screen.getByRole("button", { name: "Make admin" }) as HTMLButtonElement;
  expect(confirm().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "   " } });
  await act(async () => jest.advanceTimersByTime(500));
  expect(calls).toEqual([]);
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "morg" } });
  await act(async () => jest.advanceTimersByTime(500));
  expect(calls.map((call) => call.url)).toEqual([expect.stringContaining("searchText=morg")]);
  jest.useRealTimers();
  const option = await screen.findByRole("option", { name: /Morgan Lee/ });
  fireEvent.click(option);
  expect(option.getAttribute("aria-selected")).toBe("true");
  expect(confirm().disabled).toBe(false);
  fireEvent.click(option);
  expect(option.getAttribute("aria-selected")).toBe("false");
  expect(confirm().disabled).toBe(true);
  fireEvent.click(option);
  await act(async () => fireEvent.click(confirm()));
  expect(calls.find((call) => call.url.endsWith("/makeadmin"))?.body).toEqual({ userID: "u2" });
  expect(calls.at(-1)?.url).toMatch(/\/api\/admin\/users\/?$/);
  expect(await screen.findByText("Morgan Lee")).toBeTruthy();
  expect(screen.queryByRole("dialog")).toBeNull();
});
