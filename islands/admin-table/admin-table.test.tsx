import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import AdminTable from "./index";

const urls: string[] = [];
beforeEach(() => {
  urls.length = 0;
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(`${init?.method ?? "GET"} ${String(input instanceof Request ? input.url : input)}`);
    return Response.json({ message: "2 FAQs deleted.", faqIDs: ["a", "b"] });
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

test("selected rows are deleted together after the spec's question, ids joined with '-'", async () => {
  const rows = ["a", "b", "c"].map((id) => ({
    id,
    href: `/admin/faq/${id}`,
    cells: [{ text: `Question ${id}` }, { text: "Account", tone: "section" as const }],
  }));
  render(
    <Provider store={createStore()}>
      <AdminTable kind="faq" label="FAQs" columns={[{ label: "Title" }, { label: "Section" }]} rows={rows} />
    </Provider>,
  );
  expect(screen.queryByRole("button", { name: "Delete selected" })).toBeNull();
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Question a" }));
  fireEvent.click(screen.getByRole("checkbox", { name: "Select Question b" }));
  fireEvent.click(screen.getByRole("button", { name: "Delete selected" }));
  expect(screen.getByText("Are you sure you want to delete 2 FAQ(s)?")).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
  expect(urls).toEqual([expect.stringMatching(/^DELETE .*\/api\/admin\/faq\?faqIDs=a-b$/)]);
  expect(screen.queryByText("Question a")).toBeNull();
  expect(screen.getByText("Question c")).toBeTruthy();
  expect(screen.getByText("2 FAQs deleted.")).toBeTruthy();
});
