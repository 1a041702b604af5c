// Two instances of the app on one Postgres database: a FAQ edited through A is served fresh by B
// (decision 011). B's anonymous render cache is dropped by the faqs trigger's notification,
// not by its TTL. Signed-in pages are rendered for every request, so an edit through A shows on B
// at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Running, boot } from "../src/boot";
import { openDatabase } from "../src/lib/db";
import { testDatabaseUrl } from "./helpers/db";
import { type TestServer, startTestServer } from "./helpers/server";
import { waitFor } from "./helpers/wait";
import { createProjectAs } from "./projects/fixtures";

if (!testDatabaseUrl) console.log("render-cache-instances: skipped on PGlite: it is one process's database, so there is no second instance to reach");

describe.skipIf(!testDatabaseUrl)("two instances on one Postgres database", () => {
  let a: TestServer;
  let b: Running;
  let bDataDir: string;

  beforeAll(async () => {
    a = await startTestServer();
    if (a.deps.database.driver.kind !== "postgres") throw new Error("expected Postgres");
    bDataDir = mkdtempSync(join(tmpdir(), "webstudio-test-b-"));
    // Same configuration as A (same secret and keys), its own port and data directory.
    b = await boot(
      { ...a.deps.config, dataDir: bDataDir },
      {
        database: await openDatabase({ databaseUrl: a.deps.database.driver.url, dataDir: "" }),
        log: () => {},
      },
    );
  }, 60_000);

  afterAll(async () => {
    await b?.stop();
    rmSync(bDataDir, { recursive: true, force: true });
    await a?.stop();
  });

  test("a FAQ edited through A is served fresh by B within 2 s", async () => {
    const admin = await a.createAdmin();
    const created = await a.request("/api/admin/faq", { method: "POST", cookie: admin.cookie, json: { title: "Before the edit", answer: "Old answer." } });
    expect(created.status).toBe(201);
    const { faqID } = (await created.json()) as { faqID: string };

    // B renders /support and keeps it: a later visit is a cache hit showing the old title. The
    // notification of the FAQ's creation may reach B just after its first render and drop it, so
    // B is asked until it answers from its cache.
    await waitFor(
      "B to keep /support",
      async () => {
        const visit = await fetch(`${b.url}/support`);
        const text = await visit.text();
        return visit.headers.get("x-render-cache") === "hit" && text.includes("Before the edit");
      },
      2_000,
    );

    const edited = await a.request("/api/admin/faq", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { faqIDs: [faqID], updatedFields: { title: "After the edit" } },
    });
    expect(edited.status).toBe(200);
    const started = Date.now();
    await waitFor("B to serve the edit", async () => (await (await fetch(`${b.url}/support`)).text()).includes("After the edit"), 2_000);
    console.log(`render-cache-instances: B served the edit ${Date.now() - started} ms after A answered`);
  });

  test("a customer's page on B shows an edit made through A on B's very next request", async () => {
    const { cookie } = await a.createUser();
    const projectId = await createProjectAs(a, cookie, { projectName: "Seen on B" });
    const onB = (path: string) => fetch(`${b.url}${path}`, { headers: { cookie, "accept-encoding": "gzip" } }).then((response) => response.text());
    expect(await onB("/dashboard")).toContain("Seen on B");
    expect(await onB("/dashboard")).toContain("Seen on B");
    const edited = await a.request(`/api/projects/${projectId}`, { method: "PATCH", cookie, json: { projectName: "Edited through A" } });
    expect(edited.status).toBe(200);
    expect(await onB("/dashboard")).toContain("Edited through A");
  });
});
