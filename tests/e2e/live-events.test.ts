// Live updates in Chromium: an open page hears about changes over GET /api/events without a
// reload. Photographs of the notices go to SHOTS for people to look at.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { notifications } from "../../db/schema";
import { newId } from "../../src/lib/ids";
import { waitFor } from "../helpers/wait";
import { createProjectAs } from "../projects/fixtures";
import { DESKTOP, browserSuite, hydrated, photograph, signIn } from "./helpers";

const SHOTS = "/tmp/shots-live-events";
// The notice renders an empty live region until something happens: attached, not visible.
const noticeReady = (page: Page) => page.waitForSelector('[data-island="live-notice"][data-hydrated="true"]', { state: "attached" });
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);
const suite = browserSuite();

describe("live updates", () => {
  test("the bell, a project page and the admins' orders list update while open", async () => {
    const { server } = suite;
    const customer = await server.createUser({ displayName: "Casey Customer" });
    const admin = await server.createAdmin();
    const projectId = await createProjectAs(server, customer.cookie, { projectName: "Bakery Site" });

    const customerContext = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await customerContext.newPage();
    await page.goto(`${server.url}/projects/${projectId}/status`);
    await noticeReady(page);
    await hydrated(page, "notification-bell");
    // The page's stream opens after hydration: the server holds it once it listens.
    await waitFor("the page's live stream", () => server.deps.liveStreams.size === 1);

    const changed = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectId], updatedFields: { status: "in-progress" } },
    });
    expect(changed.status).toBe(200);
    await page.getByRole("button", { name: "Reload" }).waitFor({ timeout: 3_000 });
    await page.locator("[data-bell-dot]").waitFor({ timeout: 3_000 });
    await shoot(page, "project-updated");
    await page.getByRole("button", { name: "Reload" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("button", { name: "Reload" }).count()).toBe(0);

    // A notification on its own also reaches the bell.
    await server.deps.database.db.insert(notifications).values({ id: newId(), userId: customer.user.id, channelId: "general", message: "Live hello" });
    await page.locator("[data-bell-dot]").waitFor({ timeout: 3_000 });
    await customerContext.close();
    await waitFor("the closed page's stream to end", () => server.deps.liveStreams.size === 0);

    const adminContext = await signIn(suite, admin.cookie, { viewport: DESKTOP });
    const dashboard = await adminContext.newPage();
    await dashboard.goto(`${server.url}/dashboard`);
    await noticeReady(dashboard);
    await waitFor("the dashboard's live stream", () => server.deps.liveStreams.size === 1);
    await createProjectAs(server, customer.cookie, { projectName: "Second Site" });
    await createProjectAs(server, customer.cookie, { projectName: "Third Site" });
    await dashboard.getByText("2 new orders").waitFor({ timeout: 3_000 });
    await shoot(dashboard, "admin-new-orders");
    await dashboard.getByRole("button", { name: "Show" }).click();
    await dashboard.getByText("Third Site").first().waitFor();
    await adminContext.close();
  });
});
