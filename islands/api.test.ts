import { afterEach, expect, mock, test } from "bun:test";
import { api } from "./api";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

test("a call written the Eden way loads Eden on first use and sends the request it names", async () => {
  const calls: { method: string; url: string; body: unknown }[] = [];
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? "GET", url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
    return Response.json({ message: "Saved." });
  }) as unknown as typeof fetch;

  const saved = await api.api.projects({ id: "p1" }).patch({ projectName: "Bakery" });
  const read = await api.api.notifications.get({ query: { page: 2 } });

  expect(saved.data as unknown).toEqual({ message: "Saved." });
  expect(read.error).toBeNull();
  expect(calls).toEqual([
    { method: "PATCH", url: expect.stringMatching(/\/api\/projects\/p1$/), body: { projectName: "Bakery" } },
    { method: "GET", url: expect.stringMatching(/\/api\/notifications\?page=2$/), body: null },
  ]);
});

test("the client is not taken for a promise when a module hands it on", async () => {
  const module = await import("./api");
  expect(await Promise.resolve(module.api)).toBe(api);
});
