// The admin console in Chromium: a super admin makes a customer an admin, creates an FAQ that
// visitors see on /support at once, bulk-deletes FAQs, and resolves a bug report. Every admin page
// is photographed at 375, 800 and 1280 px in Light and Dark for people to look at.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { bugReports, faqs } from "../../db/schema";
import { reloadUser } from "../helpers/server";
import { waitFor } from "../helpers/wait";
import { browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, signIn } from "./helpers";

const SHOTS = "/tmp/shots-admin";

const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);

describe.skipIf(!browserAvailable)("the admin console in Chromium", () => {
  const suite = browserSuite();

  test("a super admin makes an admin, manages FAQs and resolves a bug report", async () => {
    const superAdmin = await suite.server.createAdmin({ superAdmin: true });
    await suite.server.createAdmin();
    const customer = await suite.server.createUser({ displayName: "Morgan Lee", email: `morgan-${Date.now().toString(36)}@example.com` });
    for (const title of ["Checkout button does nothing", "Logo looks blurry on retina screens"]) {
      await suite.server.request("/api/bugreports", {
        method: "POST",
        cookie: customer.cookie,
        json: { title, description: `Steps: open the page. ${title}.` },
      });
    }
    const context = await signIn(suite, superAdmin.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // General: make Morgan an admin.
    await page.goto(`${suite.server.url}/admin`);
    await hydrated(page, "admin-users");
    expect(await page.getAttribute("#general", "aria-current")).toBe("page");
    await shoot(page, "general");
    await page.getByRole("button", { name: "Create new admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Create new admin" });
    const confirm = dialog.getByRole("button", { name: "Make admin" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Name").fill("morg");
    const result = dialog.getByRole("option", { name: /Morgan Lee/ });
    await result.click();
    expect(await result.getAttribute("aria-selected")).toBe("true");
    await shoot(page, "general-make-admin");
    // Clicking the selected user again deselects.
    await result.click();
    expect(await confirm.isDisabled()).toBe(true);
    await result.click();
    await confirm.click();
    await page.locator(".admin-row", { hasText: "Morgan Lee" }).waitFor();
    expect((await reloadUser(suite.server, customer.user.id))?.isAdmin).toBe(true);
    // A super admin sees the role buttons for admins only, never for super admins.
    const morganRow = page.locator(".admin-row", { hasText: "Morgan Lee" });
    expect(await morganRow.getByRole("button", { name: "Remove admin" }).count()).toBe(1);
    expect(await page.locator(".admin-row", { hasText: "Super admin" }).first().getByRole("button").count()).toBe(0);
    await morganRow.getByRole("button", { name: "Make super admin" }).click();
    await page.getByText("Are you sure you want to give this user super admin privileges?").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

    // Tools.
    await page.goto(`${suite.server.url}/admin/tools`);
    const tools = page.locator(".tool-card");
    expect(await tools.count()).toBe(6);
    for (const rel of await tools.evaluateAll((links) => links.map((link) => `${link.getAttribute("target")} ${link.getAttribute("rel")}`))) {
      expect(rel).toBe("_blank noopener");
    }
    await shoot(page, "tools");

    // FAQ: create one; visitors see it on /support at once.
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${suite.server.url}/support`);
    expect(await visitor.content()).not.toContain("Can I pay by bank transfer?");
    await page.goto(`${suite.server.url}/admin/faq`);
    await shoot(page, "faq-list");
    // The button's island hydrates on first use: this first click lands before it has.
    await page.getByRole("button", { name: "Create an FAQ" }).click();
    const create = page.getByRole("dialog", { name: "Create an FAQ" });
    expect(await create.getByRole("button", { name: "Create" }).isDisabled()).toBe(true);
    expect(await create.getByLabel("Section").inputValue()).toBe("Account");
    await create.getByLabel("Title").fill("Can I pay by bank transfer?");
    await create.getByLabel("Section").selectOption("Project");
    await create.getByLabel("Answer").fill("Yes. The invoice lists our bank details.");
    await shoot(page, "faq-create");
    await create.getByRole("button", { name: "Create" }).click();
    await page.waitForURL(/\/admin\/faq\/[0-9a-z]{26}$/);
    await hydrated(page, "faq-detail");
    await page.getByRole("heading", { name: "Can I pay by bank transfer?" }).waitFor();
    await shoot(page, "faq-detail");
    await visitor.reload();
    expect(await visitor.content()).toContain("Can I pay by bank transfer?");

    // Edit: the Modified pill marks the changed field; only it is sent.
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    expect(await page.locator(".modified-pill").count()).toBe(0);
    await page.getByLabel("Answer").fill("Yes. The invoice lists our bank details and a reference.");
    expect(await page.locator(".modified-pill").count()).toBe(1);
    await shoot(page, "faq-edit");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("and a reference.").waitFor();

    // Bulk delete two FAQs from the list.
    await suite.server.request("/api/admin/faq", { method: "POST", cookie: superAdmin.cookie, json: { title: "Can I pay by cheque?", answer: "No." } });
    await page.goto(`${suite.server.url}/admin/faq?title=Can+I+pay`);
    await hydrated(page, "admin-table");
    await page.getByRole("checkbox", { name: /^Select all \d+ rows on this page$/ }).check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("Are you sure you want to delete 2 FAQ(s)?").waitFor();
    await shoot(page, "faq-bulk-delete");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("2 FAQs deleted.").waitFor();
    expect((await suite.server.deps.database.db.select().from(faqs).where(eq(faqs.title, "Can I pay by bank transfer?"))).length).toBe(0);
    await visitor.reload();
    expect(await visitor.content()).not.toContain("Can I pay by bank transfer?");

    // Bug reports: the strip, the list, and resolving one from its page.
    await page.goto(`${suite.server.url}/admin/bugreports`);
    await hydrated(page, "admin-table");
    expect(await page.locator(".metric-card").count()).toBe(3);
    await shoot(page, "bug-reports");
    await page.getByRole("link", { name: "Checkout button does nothing" }).click();
    await hydrated(page, "bug-report-detail");
    await shoot(page, "bug-report-detail");
    await page.getByRole("button", { name: "Actions" }).click();
    await shoot(page, "bug-report-menu");
    await page.getByRole("menuitem", { name: "Resolve" }).click();
    await page.locator(".detail-meta .badge", { hasText: "Resolved" }).waitFor();
    const readReport = async () =>
      (await suite.server.deps.database.db.select().from(bugReports).where(eq(bugReports.title, "Checkout button does nothing")))[0];
    // On Postgres the test's own connection can see the commit a moment after the page does.
    await waitFor("the resolved report in the database", async () => (await readReport())?.resolved === true, 5_000);
    const report = await readReport();
    expect(report?.resolved).toBe(true);
    expect(report?.resolvedAt).not.toBeNull();
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByLabel("Title").fill(" ");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Title cannot be blank.").waitFor();
    await shoot(page, "bug-report-edit");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.goto(`${suite.server.url}/admin/bugreports?status=resolved&timeframe=month`);
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(errors).toEqual([]);
    // A missing FAQ is the Page not found screen (its 404 is the only console error expected).
    await page.goto(`${suite.server.url}/admin/faq/${"0".repeat(26)}`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await visitor.close();
    await context.close();
  });

  test("customers are sent to /dashboard and visitors to /", async () => {
    const customer = await suite.server.createUser();
    const context = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await context.newPage();
    for (const path of ["/admin", "/admin/faq", "/admin/bugreports", "/admin/tools"]) {
      await page.goto(`${suite.server.url}${path}`);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    }
    await context.close();
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${suite.server.url}/admin/bugreports`);
    expect(new URL(visitor.url()).pathname).toBe("/");
    await visitor.close();
  });
});
