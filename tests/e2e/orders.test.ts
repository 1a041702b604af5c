// The ordering journey in Chromium: a visitor orders a Medium app through every wizard step with
// uploads, gets the temporary password by mail, signs in and sees the project; an admin moves it
// along; the customer sees the changes, sends revision notes and is stopped by the editing lock.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { projects } from "../../db/schema";
import { browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, png, signIn } from "./helpers";

const SHOTS = "/tmp/shots-orders";

/** Every step and tab at 375 and 1280 px, in Light and Dark, for people to look at. */
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 1280]);

describe.skipIf(!browserAvailable)("ordering a webapp in Chromium", () => {
  const suite = browserSuite({ smtp: true });

  test("a visitor orders a Medium app, an admin moves it along, the customer follows it", async () => {
    // A fresh address per attempt, so a retried run (package.json: --retry=1) starts clean.
    const email = `ada-order-${Date.now().toString(36)}@example.com`;
    const visitorContext = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await visitorContext.newPage();
    const errors = watchErrors(page);

    // General
    await page.goto(`${suite.server.url}/create/m`);
    await hydrated(page, "wizard");
    expect(await page.isChecked('input[name="projectType"][value="m"]')).toBe(true);
    await shoot(page, "wizard-1-general-empty");
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator(".error-summary").getByText("You are missing one or more required fields.").waitFor();
    expect(await page.getAttribute("#field-projectName", "aria-invalid")).toBe("true");
    await page.getByLabel("Your name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Phone number").fill("+44 20 7946 0000");
    await page.getByLabel("Project name").fill("Analytical Engines");
    await page.getByLabel("Logo images").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(48, 48, [37, 99, 235]) });
    await page.locator(".thumb img").first().waitFor();
    await page.getByLabel("Project domain").fill("analytical.example");
    await page.getByLabel("Domain provider URL").fill("https://registrar.example");
    await page.getByLabel("Domain provider username").fill("ada");
    await page.getByLabel("Domain provider password").fill("s3cret-pass");
    await shoot(page, "wizard-1-general");
    await page.getByRole("button", { name: "Next" }).click();

    // Landing
    await page.getByLabel("Hero title").fill("Engines that weave numbers");
    await page.getByLabel("Hero message").fill("Programs for the Analytical Engine, delivered.");
    await shoot(page, "wizard-2-landing");
    await page.getByRole("button", { name: "Next" }).click();

    // Theme: add Dark, make it default (applied to the page at once), rounded corners stay.
    await page.locator('input[name="theme-1"]').check();
    await page.locator('input[name="defaultTheme"]').nth(1).check();
    expect(await page.getAttribute("html", "data-theme")).toBe("1");
    await page.locator('input[name="tint-2"]').check();
    await page.locator(".segment", { hasText: "Rounded" }).nth(1).click();
    expect(await page.locator(".radius-preview-button").evaluate((el) => (el as HTMLElement).style.borderRadius)).toBe("10px");
    await shoot(page, "wizard-3-theme");
    await page.getByRole("button", { name: "Next" }).click();

    // Features: four pages, one with an image.
    for (let index = 1; index <= 4; index++) await page.getByLabel(`Page ${index}`, { exact: true }).fill(`Page ${index}: what it does.`);
    await page.getByLabel("Page 2 images").setInputFiles({ name: "page2.png", mimeType: "image/png", buffer: png(64, 40, [13, 148, 136]) });
    await page.locator("#field-pagesImages-1 .thumb img").waitFor();
    await shoot(page, "wizard-4-features");
    await page.getByRole("button", { name: "Next" }).click();

    // Subscriptions
    await page.getByLabel("My app sells subscriptions").check();
    await page.getByLabel("Name", { exact: true }).fill("Pro");
    await page.getByLabel("Price per month").fill("$19");
    await page.getByLabel("Features", { exact: true }).fill("Everything");
    await shoot(page, "wizard-5-subscriptions");
    await page.getByRole("button", { name: "Next" }).click();

    // Socials
    await page.getByLabel("LinkedIn").fill("https://linkedin.com/company/analytical");
    await shoot(page, "wizard-6-socials");
    await page.getByRole("button", { name: "Next" }).click();

    // Review shows everything.
    await page.getByRole("heading", { name: "Review" }).waitFor();
    await page.locator(".summary").first().waitFor();
    for (const text of ["Analytical Engines", "Engines that weave numbers", "Page 4: what it does.", "Pro"]) {
      expect(await page.locator(".summary").getByText(text, { exact: false }).count()).toBeGreaterThan(0);
    }
    await shoot(page, "wizard-7-review");
    await page.getByRole("button", { name: "Next" }).click();

    // Terms: a wrong signature is refused with the spec's words.
    await page.getByLabel("I accept the Terms and Conditions").check();
    await page.getByLabel("Signature").fill("Charles Babbage");
    await page.getByRole("button", { name: "Next" }).click();
    await page.locator(".error-summary").getByText("Your signature should match the name you provided in the general section.").waitFor();
    await page.getByLabel("Signature").fill("Ada Lovelace");
    await shoot(page, "wizard-8-terms");
    await page.getByRole("button", { name: "Next" }).click();

    // Payment: a wrong access code shows the badge and blocks creation; without one it goes through.
    await page.getByLabel("I have an access code").check();
    await page.getByLabel("Access code", { exact: true }).fill("NOT-A-CODE");
    await page.getByText("Access code is invalid", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.locator(".error-summary").getByText("The access code you provided is invalid.", { exact: false }).waitFor();
    await page.getByLabel("I have an access code").uncheck();
    await shoot(page, "wizard-9-payment");

    // The order is confirmed on the spot: reference, summary, where the password went.
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.waitForURL(/\/orders\/[0-9a-z]{26}\/confirmation$/, { timeout: 30_000 });
    await page.getByRole("heading", { name: "Thank you, your order is in" }).waitFor();
    await page.locator(".order-confirmation .alert").getByText(email).waitFor();
    const projectId = new URL(page.url()).pathname.split("/")[2]!;
    const projectUrl = `${suite.server.url}/projects/${projectId}`;
    // The order's session opens only the confirmation and the choose-a-password page until the
    // visitor chooses one.
    await page.getByRole("link", { name: "Choose your password" }).click();
    await page.waitForURL(/\/choose-password$/);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();

    // The temporary password arrives by mail.
    const mail = await suite.smtp.waitForMail((m) => m.envelopeTo.includes(email), 15_000);
    expect(mail.subject).toBe('Your order "Analytical Engines" and your Webstudio password');
    const password = /temporary password: (\S+)/i.exec(mail.text)?.[1];
    expect(password).toHaveLength(8);

    // A fresh browser signs in with it through the login form and must choose its own password first.
    const customerContext = await suite.browser.newContext({ viewport: DESKTOP });
    const customer = await customerContext.newPage();
    const customerErrors = watchErrors(customer);
    await customer.goto(`${suite.server.url}/login`);
    await customer.getByLabel("E-mail").fill(email);
    await customer.getByLabel("Password", { exact: true }).fill(password ?? "");
    await customer.getByRole("button", { name: "Sign in", exact: true }).click();
    await customer.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await customer.getByLabel("New password", { exact: true }).fill("my own password 42");
    await customer.getByLabel("Confirm new password", { exact: true }).fill("my own password 42");
    await customer.getByRole("button", { name: "Save password and continue" }).click();
    await customer.waitForURL(/\/dashboard(\?welcome=first)?$/);
    await customer.getByText("Analytical Engines").first().waitFor();

    await customer.goto(projectUrl);
    await customer.getByRole("heading", { name: "Analytical Engines" }).waitFor();
    expect(await customer.locator('[data-project-badge="status"]').textContent()).toBe("Pending Approval");
    expect(await customer.locator('[data-project-badge="payment"]').textContent()).toBe("Unpaid");
    // The server renders the form's first section; the form hydrates when the user starts on it,
    // and what was typed before that counts.
    expect(await customer.getByLabel("Project name").inputValue()).toBe("Analytical Engines");
    expect(await customer.locator("#field-creatorName").isDisabled()).toBe(true);
    // Overview marks a changed field and holds the user on the step until it is saved or cancelled.
    await customer.getByLabel("Project name").fill("Analytical Engines Ltd");
    await hydrated(customer, "wizard");
    await customer.locator(".modified-pill").first().waitFor();
    await customer.getByRole("button", { name: "Next" }).click();
    await customer.locator(".toast").getByText("You have unsaved data. Save or cancel changes before navigating away from this page.").waitFor();
    await shoot(customer, "project-overview-unsaved");
    await customer.getByRole("button", { name: "Save Changes" }).click();
    await customer.locator(".unsaved-bar").waitFor({ state: "detached" });
    await customer.reload();
    expect(await customer.getByLabel("Project name").inputValue()).toBe("Analytical Engines Ltd");
    await shoot(customer, "project-overview");

    // The admin moves it to In Progress, sends the invoice after confirming, and marks it paid.
    const admin = await suite.server.createAdmin();
    const adminContext = await signIn(suite, admin.cookie, { viewport: DESKTOP });
    const adminPage = await adminContext.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${suite.server.url}/dashboard`);
    await adminPage.getByRole("link", { name: "Analytical Engines Ltd" }).waitFor();
    await shoot(adminPage, "dashboard-admin");
    await adminPage.goto(`${suite.server.url}/projects/${projectId}/admin`);
    await hydrated(adminPage, "project-admin");
    await adminPage.getByLabel("Project status").selectOption("in-progress");
    // Changes that reach the customer are asked first.
    await adminPage.getByRole("dialog", { name: "Set Analytical Engines Ltd to In Progress?" }).getByRole("button", { name: "Set to In Progress" }).click();
    await adminPage.locator('[data-project-badge="status"]', { hasText: "In Progress" }).waitFor();
    await adminPage.getByRole("button", { name: "Send invoice" }).click();
    await adminPage.getByText(/^Send an invoice for \$\d[\d,]* to /).waitFor();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Send invoice" }).click();
    await adminPage.getByRole("button", { name: "Resend" }).waitFor();
    await hydrated(adminPage, "project-admin");
    await adminPage.getByRole("switch", { name: "Payment received" }).click();
    await adminPage.getByRole("dialog", { name: "Mark Analytical Engines Ltd as paid?" }).getByRole("button", { name: "Mark paid" }).click();
    await adminPage.locator('[data-project-badge="payment"]', { hasText: "Paid" }).waitFor();
    await shoot(adminPage, "project-admin");

    // An access code: created from the dashboard (title required), shown on its page, then
    // submitted on the Admin tab after a wrong one is refused.
    await adminPage.goto(`${suite.server.url}/dashboard`);
    // Its island hydrates on first use: the first click, before hydration, still opens the dialog.
    await adminPage.getByRole("button", { name: "Create Access Code" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Create an access code" });
    expect(await dialog.getByRole("button", { name: "Create" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Title").fill("For Ada");
    await dialog.getByRole("button", { name: "Create" }).click();
    await adminPage.waitForURL(/\/accesscodes\/[0-9a-z]+$/i);
    await adminPage.getByText("Unclaimed", { exact: true }).waitFor();
    const code = (await adminPage.locator(".code-big").textContent())?.trim() ?? "";
    expect(code.length).toBeGreaterThan(4);
    // The copy button is a plain script, not an island: it copies, or says how to copy by hand.
    await adminPage.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await adminPage.getByRole("button", { name: "Copy code" }).click();
    await adminPage.getByRole("button", { name: "Copied" }).waitFor();
    expect(await adminPage.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await shoot(adminPage, "access-code");
    await adminPage.goto(`${suite.server.url}/projects/${projectId}/admin`);
    await hydrated(adminPage, "project-admin");
    await adminPage.getByLabel("Code", { exact: true }).fill("WRONG-CODE");
    await adminPage.getByRole("button", { name: "Submit code" }).click();
    await adminPage.locator(".toast").getByText("Access code is invalid.").waitFor();
    await adminPage.getByLabel("Code", { exact: true }).fill(code);
    await adminPage.getByRole("button", { name: "Submit code" }).click();
    await adminPage.locator(".code-display").waitFor();

    // The customer sees the changes.
    await customer.goto(`${projectUrl}/status`);
    expect(await customer.locator('[data-project-badge="status"]').textContent()).toBe("In Progress");
    expect(await customer.locator('[data-project-badge="payment"]').textContent()).toBe("Paid");
    expect(await customer.locator(".fact", { hasText: "Invoice" }).textContent()).toContain("Sent");
    expect(await customer.locator(".fact", { hasText: "Access code" }).textContent()).toContain("Submitted");
    await shoot(customer, "project-status");

    // Revision notes, once delivered: blank cannot be sent; the sent request shows read-only.
    const now = new Date();
    await suite.server.deps.database.db
      .update(projects)
      .set({ status: "completed", deliveredAt: now, revisionsOpenedAt: now })
      .where(eq(projects.id, projectId));
    await customer.goto(`${projectUrl}/revisions`);
    await hydrated(customer, "revisions");
    expect(await customer.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
    await customer.getByRole("textbox", { name: "Revision notes" }).fill("   ");
    await customer.getByRole("button", { name: "Submit" }).click();
    await customer.locator(".toast").getByText("Revision Notes cannot be blank.").waitFor();
    await customer.getByRole("textbox", { name: "Revision notes" }).fill("Make the hero bigger, please.");
    await customer.getByRole("button", { name: "Submit" }).click();
    await customer.getByText("Your revision request was sent", { exact: false }).waitFor();
    expect(await customer.locator(".notes-text").textContent()).toBe("Make the hero bigger, please.");
    await shoot(customer, "project-revisions");

    // The admin locks editing; the customer's form is locked and the server refuses edits.
    await adminPage.getByRole("switch", { name: "Lock editing" }).click();
    await adminPage.getByRole("switch", { name: "Lock editing", checked: true }).waitFor();
    await customer.goto(projectUrl);
    // As the server renders it, before the form has loaded.
    await customer.getByText("Editing is locked for this project.", { exact: false }).first().waitFor();
    expect(await customer.getByLabel("Project name").isDisabled()).toBe(true);
    const refused = await customer.evaluate(async (id) => {
      const response = await fetch(`/api/projects/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ heroTitle: "Sneaky" }),
      });
      return response.status;
    }, projectId);
    expect(refused).toBe(403);
    await shoot(customer, "project-overview-locked");

    // The customer's dashboard lists it.
    await customer.goto(`${suite.server.url}/dashboard`);
    await customer.getByRole("link", { name: "Analytical Engines Ltd" }).waitFor();
    await shoot(customer, "dashboard-customer");

    expect(errors.filter((line) => !line.includes("403"))).toEqual([]);
    expect(customerErrors.filter((line) => !line.includes("403"))).toEqual([]);
    // The one refused request is the wrong access code the admin submitted on purpose.
    expect(adminErrors.filter((line) => !line.includes("status of 400"))).toEqual([]);
    await adminContext.close();
    await visitorContext.close();
  });
});
