// The audit log page in Chromium: reached from the console's tabs, filtered with its form, its
// CSV link carrying the filters; photographed at 375, 800 and 1280 px in Light and Dark.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { browserAvailable, seriousAxeViolations, watchErrors } from "./browser";
import { DESKTOP, browserSuite, photograph, signIn } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-audit";
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);

describe.skipIf(!browserAvailable)("the audit log in Chromium", () => {
  const suite = browserSuite();

  test("an admin finds who changed what, filters by action and exports the filtered list", async () => {
    const { server } = suite;
    const superAdmin = await server.createAdmin({ superAdmin: true });
    const customer = await server.createUser({ displayName: "Morgan Lee", email: `morgan-${Date.now().toString(36)}@example.com` });
    const write = async (method: string, path: string, json: unknown) => {
      const response = await server.request(path, { method, cookie: superAdmin.cookie, json });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, string>>;
    };
    const { faqID } = await write("POST", "/api/admin/faq", { title: "How long does a build take?", section: "Project", answer: "About two weeks." });
    await write("PATCH", "/api/admin/faq", { faqIDs: [faqID], updatedFields: { answer: "About three weeks, with a long description that wraps on a phone." } });
    await write("PATCH", "/api/admin/users/makeadmin", { userID: customer.user.id });
    await write("POST", "/api/admin/notifications/appannouncement", { message: "Maintenance on Sunday at 22:00 UTC" });

    const context = await signIn(suite, superAdmin.cookie, { viewport: DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/admin`);
    await page.click("#audit");
    await page.waitForURL(/\/admin\/audit$/);
    expect(await page.getAttribute("#audit", "aria-current")).toBe("page");
    const rows = page.locator("tbody tr");
    expect(await rows.count()).toBe(4);
    expect(await rows.first().textContent()).toContain("announcement.send");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, "audit");

    await page.getByLabel("Action").selectOption("faq.update");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/action=faq\.update/);
    expect(await rows.count()).toBe(1);
    const row = await rows.first().textContent();
    expect(row).toContain("How long does a build take?");
    expect(row).toContain("About two weeks.");
    expect(row).toContain("About three weeks");
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/admin/audit/export.csv?action=faq.update");
    // The target's name leads to its page in the console.
    expect(await rows.first().getByRole("link", { name: "How long does a build take?" }).getAttribute("href")).toBe(`/admin/faq/${faqID}`);
    await shoot(page, "audit-filtered");

    await page.getByLabel("Target", { exact: true }).fill("nothing like this");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No entries match these filters.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
