import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import AdminTable, { type AdminTableProps } from "./index";
import type { ProjectRow } from "./kinds";

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let answer: () => Response;
beforeEach(() => {
  calls = [];
  answer = () => Response.json({ message: "2 FAQs deleted.", faqIDs: ["a", "b"] });
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? "GET", url: String(input instanceof Request ? input.url : input), body: JSON.parse(String(init?.body ?? "null")) });
    return answer();
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

const show = (props: AdminTableProps) =>
  render(
    <Provider store={createStore()}>
      <AdminTable {...props} />
    </Provider>,
  );

const project = (id: string, customer: string, status: ProjectRow["fields"]["status"] = "pending-approval"): ProjectRow => ({
  id,
  href: `/projects/${id}`,
  title: `Bakery ${id}`,
  createdAt: "2026-11-01T10:00:00.000Z",
  fields: { status, receivedPayment: false, overdue: false, archived: false, customer, reference: "WS-1001" },
});

test("select-all takes every row of the page, a partial selection shows as mixed, Clear and Escape empty it", () => {
  show({ kind: "project", label: "Webapp Requests", rows: [project("a", "Ada"), project("b", "Bo"), project("c", "Cy")] });
  expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  const all = screen.getByRole("checkbox", { name: "Select all 3 rows on this page" }) as HTMLInputElement;
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Bakery a" }));
  expect(all.indeterminate).toBe(true);
  expect(screen.getByRole("status").textContent).toBe("1 project selected");
  fireEvent.click(all);
  expect(all.checked).toBe(true);
  expect(within(screen.getByRole("region", { name: "Bulk actions" })).getByText("3 selected")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
  expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  const one = screen.getByRole("checkbox", { name: "Select Bakery b" });
  fireEvent.click(one);
  fireEvent.keyDown(one, { key: "Escape" });
  expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
});

test("a status change asks first, naming the count and who is told, then sends one PATCH and updates the rows", async () => {
  answer = () => Response.json({ message: "2 projects updated.", projectIDs: ["a", "b"] });
  show({ kind: "project", label: "Webapp Requests", rows: [project("a", "Ada"), project("b", "Ada"), project("c", "Cy")] });
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Bakery a" }));
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Bakery b" }));
  fireEvent.click(screen.getByRole("button", { name: "Set status" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "In Progress" }));
  const dialog = screen.getByRole("dialog", { name: "Set 2 projects to In Progress?" });
  expect(within(dialog).getByText("Ada will be notified.")).toBeTruthy();
  expect(calls).toEqual([]);
  await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply" })));
  expect(calls).toEqual([
    { method: "PATCH", url: "http://localhost:3000/api/admin/projects", body: { projectIDs: ["a", "b"], updatedFields: { status: "in-progress" } } },
  ]);
  expect(screen.getByText("2 projects updated.")).toBeTruthy();
  expect(screen.getAllByText("In Progress")).toHaveLength(2);
  expect(screen.getAllByText("Pending Approval")).toHaveLength(1);
});

test("several customers are counted, and Cancel sends nothing", () => {
  show({ kind: "project", label: "Webapp Requests", rows: [project("a", "Ada"), project("b", "Bo"), project("c", "Cy", "completed")] });
  fireEvent.click(screen.getByRole("checkbox", { name: "Select all 3 rows on this page" }));
  fireEvent.click(screen.getByRole("button", { name: "Set status" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Completed" }));
  // Cy's project is Completed already: only Ada and Bo hear of it.
  expect(screen.getByText("2 customers will be notified.")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(calls).toEqual([]);
});

test("selected FAQs are deleted together after the spec's question, ids joined with '-'", async () => {
  const rows = ["a", "b", "c"].map((id) => ({
    id,
    href: `/admin/faq/${id}`,
    title: `Question ${id}`,
    createdAt: "2026-11-01T10:00:00.000Z",
    fields: { section: "Account" as const },
  }));
  show({ kind: "faq", label: "FAQs", rows });
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Question a" }));
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Question b" }));
  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  expect(screen.getByText("Are you sure you want to delete 2 FAQ(s)?")).toBeTruthy();
  await act(async () => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" })));
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([expect.stringMatching(/^DELETE .*\/api\/admin\/faq\?faqIDs=a-b$/)]);
  expect(screen.queryByText("Question a")).toBeNull();
  expect(screen.getByText("Question c")).toBeTruthy();
  expect(screen.getByText("2 FAQs deleted.")).toBeTruthy();
});

test("a refused change is a toast and leaves the rows as they were", async () => {
  answer = () => Response.json({ message: "projectIDs: Expected at most 100 items" }, { status: 400 });
  const rows = [
    {
      id: "r1",
      href: "/admin/bugreports/r1",
      title: "Login fails",
      createdAt: "2026-11-01T10:00:00.000Z",
      fields: { resolved: false, highPriority: false, archived: false },
    },
  ];
  show({ kind: "bug-report", label: "Bug reports", rows });
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Login fails" }));
  fireEvent.click(screen.getByRole("button", { name: "Set status" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Resolved" }));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Apply" })));
  expect(screen.getByText("projectIDs: Expected at most 100 items")).toBeTruthy();
  expect(screen.getByText("Unresolved")).toBeTruthy();
  expect(screen.getByRole("dialog", { name: "Mark 1 bug report as resolved?" })).toBeTruthy();
});

test("a row's count (a project's unread messages) links beside its title", () => {
  const row = { ...project("a", "Ada"), count: { value: 2, href: "/projects/a/messages", label: "2 unread messages" } };
  show({ kind: "project", label: "Webapp Requests", rows: [row] });
  expect(screen.getByRole("link", { name: "2 unread messages" }).getAttribute("href")).toBe("/projects/a/messages");
});
