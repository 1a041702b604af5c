import { expect, test } from "bun:test";
import { readDashboardState, toggleStatus, withCodes, withProjects } from "./dashboard-state";

const stateOf = (query: string) => readDashboardState(new URLSearchParams(query));

test("the status filters are mutually exclusive and toggle off; Paid and Archived are independent", () => {
  const pending = stateOf("status=pending-approval&paid=true&page=3");
  expect(toggleStatus(pending, "completed")).toBe("/dashboard?status=completed&paid=true");
  expect(toggleStatus(pending, "pending-approval")).toBe("/dashboard?paid=true");
  expect(withProjects(pending, { archived: true })).toBe("/dashboard?status=pending-approval&paid=true&archived=true");
  expect(withProjects(pending, { paid: false })).toBe("/dashboard?status=pending-approval");
});

test("any filter or sort change goes back to page 1; paging keeps the filters", () => {
  const state = stateOf("title=shop&page=4&codePage=2");
  expect(withProjects(state, { sortby: "createdAt" })).toBe("/dashboard?title=shop&sortby=createdAt&codePage=2");
  expect(withProjects(state, { page: 5 })).toBe("/dashboard?title=shop&page=5&codePage=2");
  expect(withCodes(state, { claimed: true })).toBe("/dashboard?title=shop&page=4&codeStatus=claimed");
});

test("bad values fall back to the defaults", () => {
  const state = stateOf("status=bogus&page=-2&sortby=drop+table&codeStatus=maybe&codePage=abc");
  expect(state.projects).toEqual({
    status: undefined,
    paid: false,
    overdue: false,
    unanswered: false,
    archived: false,
    title: "",
    sortby: "-createdAt",
    page: 1,
  });
  expect(state.codes).toEqual({ claimed: undefined, title: "", sortby: "-createdAt", page: 1 });
});
