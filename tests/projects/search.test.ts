// Project searches: a customer's own list and the admins' list of all, with the dashboard's
// filters (SPEC.md §2), title search, paging and sort.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type NewProject, projects } from "../../db/schema";
import { PROJECTS_PAGE_SIZE } from "../../src/shared/lists";
import { type TestServer, startTestServer } from "../helpers/server";
import { createProjectAs } from "./fixtures";

type Page = {
  projects: {
    _id: string;
    projectName: string;
    status: string;
    receivedPayment: boolean;
    archived: boolean;
    createdAt: string;
    creator: { _id: string; email: string };
  }[];
  pagesCount: number;
  canLoadMore: boolean;
  totalCount: number;
};

let server: TestServer;
let alice: { cookie: string; user: { id: string; email: string } };
let bob: { cookie: string; user: { id: string } };
let admin: { cookie: string };
const ids: Record<string, string> = {};

async function make(name: string, who: { cookie: string }, flags: Partial<NewProject> = {}, createdAt?: Date): Promise<string> {
  const id = await createProjectAs(server, who.cookie, { projectName: name });
  await server.deps.database.db
    .update(projects)
    .set({ ...flags, ...(createdAt ? { createdAt } : {}) })
    .where(eq(projects.id, id));
  ids[name] = id;
  return id;
}

async function search(path: string, cookie?: string): Promise<Page> {
  const response = await server.request(path, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

const names = (page: Page) => page.projects.map((p) => p.projectName);

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser({ displayName: "Alice" });
  bob = await server.createUser({ displayName: "Bob" });
  admin = await server.createAdmin();
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await make("Alpha Pending", alice, {}, day(1));
  await make("Beta Progress Paid", alice, { status: "in-progress", receivedPayment: true }, day(2));
  await make("Gamma Completed", alice, { status: "completed", receivedPayment: true }, day(3));
  await make("Delta Archived", alice, { archived: true }, day(4));
  await make("Epsilon Denied", alice, { status: "denied" }, day(5));
  await make("100% Bakery_Shop", alice, {}, day(6));
  await make("Bob Pending", bob, {}, day(7));
});
afterAll(() => server.stop());

describe("GET /api/projects/search (own projects)", () => {
  test("lists only the caller's non-archived projects, most recent first by default", async () => {
    const page = await search("/api/projects/search", alice.cookie);
    expect(names(page)).toEqual(["100% Bakery_Shop", "Epsilon Denied", "Gamma Completed", "Beta Progress Paid", "Alpha Pending"]);
    expect(page.totalCount).toBe(5);
    expect(page.pagesCount).toBe(1);
    expect(page.canLoadMore).toBe(false);
    expect(page.projects.every((p) => p.creator._id === alice.user.id)).toBe(true);
  });

  test("status filters are exclusive: pending-approval, in-progress, completed", async () => {
    expect(names(await search("/api/projects/search?status=pending-approval", alice.cookie))).toEqual(["100% Bakery_Shop", "Alpha Pending"]);
    expect(names(await search("/api/projects/search?status=in-progress", alice.cookie))).toEqual(["Beta Progress Paid"]);
    expect(names(await search("/api/projects/search?status=completed", alice.cookie))).toEqual(["Gamma Completed"]);
  });

  test("paid and archived are independent filters", async () => {
    expect(names(await search("/api/projects/search?paid=true", alice.cookie))).toEqual(["Gamma Completed", "Beta Progress Paid"]);
    expect(names(await search("/api/projects/search?archived=true", alice.cookie))).toEqual(["Delta Archived"]);
    expect(names(await search("/api/projects/search?paid=true&status=completed", alice.cookie))).toEqual(["Gamma Completed"]);
    expect((await search("/api/projects/search?paid=true&archived=true", alice.cookie)).totalCount).toBe(0);
  });

  test("title search is case-insensitive and treats % and _ literally", async () => {
    expect(names(await search("/api/projects/search?title=BETA", alice.cookie))).toEqual(["Beta Progress Paid"]);
    expect(names(await search(`/api/projects/search?title=${encodeURIComponent("100%")}`, alice.cookie))).toEqual(["100% Bakery_Shop"]);
    expect(names(await search("/api/projects/search?title=y_S", alice.cookie))).toEqual(["100% Bakery_Shop"]);
    expect((await search(`/api/projects/search?title=${encodeURIComponent("%")}`, alice.cookie)).totalCount).toBe(1);
    expect((await search("/api/projects/search?title=Bob", alice.cookie)).totalCount).toBe(0);
  });

  test("sortby=createdAt lists the oldest first", async () => {
    expect(names(await search("/api/projects/search?sortby=createdAt", alice.cookie))[0]).toBe("Alpha Pending");
  });

  test("bad filters get 400; a visitor gets 401", async () => {
    for (const query of ["status=denied", "status=nope", "page=0", "page=abc", "sortby=name", "paid=maybe"]) {
      expect((await server.request(`/api/projects/search?${query}`, { cookie: alice.cookie })).status).toBe(400);
    }
    expect((await server.request("/api/projects/search")).status).toBe(401);
  });
});

describe("paging", () => {
  test(`pages hold ${PROJECTS_PAGE_SIZE} projects; canLoadMore and pagesCount follow the total`, async () => {
    const carol = await server.createUser({ displayName: "Carol" });
    const total = PROJECTS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      await make(`Carol ${String(i).padStart(2, "0")}`, carol, {}, new Date(Date.UTC(2025, 0, 1, 0, i)));
    }
    const first = await search("/api/projects/search", carol.cookie);
    expect(first.projects).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(first).toMatchObject({ totalCount: total, pagesCount: 2, canLoadMore: true });
    const second = await search("/api/projects/search?page=2", carol.cookie);
    expect(names(second)).toEqual(["Carol 02", "Carol 01", "Carol 00"]);
    expect(second.canLoadMore).toBe(false);
    const beyond = await search("/api/projects/search?page=9", carol.cookie);
    expect(beyond.projects).toEqual([]);
    expect(beyond.totalCount).toBe(total);
    const seen = new Set([...first.projects, ...second.projects].map((p) => p._id));
    expect(seen.size).toBe(total);
  });
});

describe("GET /api/admin/projects/search", () => {
  test("admins see every customer's projects with the creator's name and e-mail", async () => {
    const page = await search("/api/admin/projects/search?status=pending-approval&title=pending", admin.cookie);
    expect(names(page)).toEqual(["Bob Pending", "Alpha Pending"]);
    const alpha = page.projects.find((p) => p.projectName === "Alpha Pending");
    expect(alpha?.creator).toMatchObject({ _id: alice.user.id, displayName: "Alice", email: alice.user.email });
  });

  test("customers get 403, visitors 401", async () => {
    expect((await server.request("/api/admin/projects/search", { cookie: alice.cookie })).status).toBe(403);
    expect((await server.request("/api/admin/projects/search")).status).toBe(401);
  });
});
