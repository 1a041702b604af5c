// Working together on a project in Chromium: the customer posts a message with an image, an
// admin answers, and the customer sees the answer arrive without a reload and the status change on
// the Activity tab. Photographs of the new tabs go to SHOTS for people to look at.
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { createProjectAs } from "../projects/fixtures";
import { browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, photograph, png, signIn } from "./helpers";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-collaboration";
const shoot = (page: Page, name: string) => photograph(page, SHOTS, name, [375, 800, 1280]);

describe.skipIf(!browserAvailable)("collaboration in Chromium", () => {
  const suite = browserSuite();

  test("a customer writes with an image, an admin answers, the customer sees the answer and the status on Activity", async () => {
    const { server } = suite;
    const customer = await server.createUser({ displayName: "Grace Customer" });
    const admin = await server.createAdmin();
    const projectId = await createProjectAs(server, customer.cookie, { projectName: "Harbor Bakery" });
    const messagesUrl = `${server.url}/projects/${projectId}/messages`;

    const customerContext = await signIn(suite, customer.cookie, { viewport: DESKTOP });
    const page = await customerContext.newPage();
    const errors = watchErrors(page);
    await page.goto(messagesUrl);
    await hydrated(page, "messages");
    await page.getByText("No messages yet.", { exact: false }).waitFor();
    await page.getByRole("textbox", { name: "Message" }).fill("Hello! Here is a sketch of the hero. The brief is at https://example.com/brief.");
    await page.locator('input[type="file"]').setInputFiles({ name: "sketch.png", mimeType: "image/png", buffer: png(240, 160, [37, 99, 235]) });
    await page.getByText("sketch.png", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Send" }).click();
    const mine = page.locator(".message.is-mine");
    await mine.getByText("Hello! Here is a sketch", { exact: false }).waitFor();
    expect(await mine.getByRole("link", { name: "https://example.com/brief" }).getAttribute("href")).toBe("https://example.com/brief");
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>(".message-image img")?.naturalWidth ?? 0) === 240);

    // The admin sees it in the Webapp Requests table as unread, then answers on the Messages tab.
    const adminContext = await signIn(suite, admin.cookie, { viewport: DESKTOP });
    const adminPage = await adminContext.newPage();
    const adminErrors = watchErrors(adminPage);
    await adminPage.goto(`${server.url}/dashboard?unanswered=true`);
    await adminPage.getByRole("link", { name: "1 unread message" }).waitFor();
    await shoot(adminPage, "admin-dashboard-unanswered");
    await adminPage.getByRole("link", { name: "1 unread message" }).click();
    await hydrated(adminPage, "messages");
    await adminPage.getByText("Hello! Here is a sketch", { exact: false }).waitFor();
    await adminPage.waitForFunction(() => (document.querySelector<HTMLImageElement>(".message-image img")?.naturalWidth ?? 0) === 240);
    await adminPage.getByRole("textbox", { name: "Message" }).fill("Thanks Grace, lovely sketch. We will start on the hero tomorrow.");
    await adminPage.getByRole("button", { name: "Send" }).click();
    await adminPage.locator(".message.is-mine").getByText("Thanks Grace", { exact: false }).waitFor();

    // The customer's open page shows the answer without a reload.
    await page.locator(".message:not(.is-mine)").getByText("Thanks Grace", { exact: false }).waitFor({ timeout: 10_000 });
    await shoot(page, "messages-customer");
    await shoot(adminPage, "messages-admin");

    // The admin marks the project Completed; the customer sees it on the Activity tab.
    const completed = await server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectId], updatedFields: { status: "completed" } },
    });
    expect(completed.status).toBe(200);
    await page.getByRole("link", { name: "Activity" }).click();
    await page.getByText("marked the project Completed", { exact: false }).waitFor();
    const entries = await page.locator(".activity-item").allTextContents();
    expect(entries[0]).toContain("Admin");
    expect(entries.some((entry) => entry.includes("Grace Customer") && entry.includes("posted a message with 1 attachment"))).toBe(true);
    expect(entries.at(-1)).toContain("requested the project");
    await shoot(page, "activity-customer");

    // Revisions are open now; the tab says until when.
    await page.getByRole("link", { name: "Revisions" }).click();
    await hydrated(page, "revisions");
    await page.getByText("You can send one revision request until", { exact: false }).waitFor();
    await shoot(page, "revisions-open");
    await page.getByRole("textbox", { name: "Revision notes" }).fill("Please make the hero image taller on phones.");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Your revision request was sent", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Edit revision notes" }).count()).toBe(0);
    await shoot(page, "revisions-requested");

    // The admin opens another round; the timeline records it.
    await adminPage.goto(`${server.url}/projects/${projectId}/revisions`);
    await hydrated(adminPage, "revisions");
    await adminPage.getByRole("button", { name: "Open another revision round" }).click();
    await adminPage.locator(".toast").getByText("Another revision round is open for 10 days.").waitFor();
    await shoot(adminPage, "revisions-admin-granted");
    await page.goto(`${server.url}/projects/${projectId}/activity`);
    await page.getByText("opened another revision round", { exact: false }).waitFor();

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await customerContext.close();
    await adminContext.close();
  });
});
