// axe-core over the signed-in product, as a customer and as an admin, in the three themes the
// user can pick and every tint (one look is saved per user, so the server renders it as a real
// user sees it; the others are set on the page, since a look changes colours only).
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { bugReports, faqs, users } from "../../db/schema";
import { newId } from "../../src/lib/ids";
import { orderForm, postOrder, validDraft } from "../projects/fixtures";
import { axeInLooks, browserAvailable, watchErrors } from "./browser";
import { DESKTOP, browserSuite, countFetches, settled, signIn } from "./helpers";

/** Besides the saved Blue with the third tint: Light, Dark, and the tints not yet seen. */
const OTHER_LOOKS = [
  { theme: 0, tint: 0 },
  { theme: 1, tint: 1 },
  { theme: 1, tint: 3 },
];

describe.skipIf(!browserAvailable)("accessibility of the signed-in pages", () => {
  const suite = browserSuite();

  test("axe finds no serious or critical violation for customers and admins in every theme and tint", async () => {
    const customer = await suite.server.createUser({ displayName: "Ada Lovelace" });
    const admin = await suite.server.createAdmin({ superAdmin: true });
    const ordered = await postOrder(suite.server, orderForm(validDraft()), customer.cookie);
    expect(ordered.status).toBe(201);
    const { projectID } = (await ordered.json()) as { projectID: string };
    const created = await suite.server.request("/api/admin/accesscodes", { method: "POST", cookie: admin.cookie, json: { title: "Friends and family" } });
    const { accessCodeID } = (await created.json()) as { accessCodeID: string };
    // Invoices follow approval.
    await suite.server.request("/api/admin/projects", {
      method: "PATCH",
      cookie: admin.cookie,
      json: { projectIDs: [projectID], updatedFields: { status: "in-progress" } },
    });
    const sent = await suite.server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID } });
    const { invoiceID } = (await sent.json()) as { invoiceID: string };
    // A thread with both sides and a link, so the Messages tab shows bubbles and badges.
    for (const [cookie, body] of [
      [customer.cookie, "Could the hero say more? See https://example.com/brief"],
      [admin.cookie, "Of course, we will send a draft tomorrow."],
      [customer.cookie, "Thank you!"],
    ] as const) {
      await suite.server.request(`/api/projects/${projectID}/messages`, { method: "POST", cookie, json: { body } });
    }
    const db = suite.server.deps.database.db;
    const [faq] = await db.select({ id: faqs.id }).from(faqs).limit(1);
    const bugId = newId();
    await db.insert(bugReports).values({ id: bugId, title: "Logo is blurry", description: "On retina screens.", reporterId: customer.user.id });

    const customerPages = [
      "/dashboard",
      "/settings",
      "/settings/advanced",
      "/notifications",
      `/projects/${projectID}`,
      `/projects/${projectID}/status`,
      `/projects/${projectID}/billing`,
      `/projects/${projectID}/revisions`,
      `/projects/${projectID}/messages`,
      `/projects/${projectID}/activity`,
      `/invoices/${invoiceID}`,
      "/create",
      `/orders/${projectID}/confirmation`,
      "/dashboard?welcome=first",
    ];
    const adminPages = [
      "/dashboard",
      "/admin",
      "/admin/bugreports",
      `/admin/bugreports/${bugId}`,
      "/admin/faq",
      `/admin/faq/${faq?.id}`,
      "/admin/tools",
      "/admin/audit",
      `/projects/${projectID}/admin`,
      `/accesscodes/${accessCodeID}`,
      // The Payments page with its invoices, and an open invoice with the admin's Void form.
      "/admin/payments",
      `/invoices/${invoiceID}`,
    ];
    const found: string[] = [];
    for (const [who, signedIn, paths] of [
      ["customer", customer, customerPages],
      ["admin", admin, adminPages],
    ] as const) {
      const context = await signIn(suite, signedIn.cookie, { bypassCSP: true, reducedMotion: "reduce", viewport: DESKTOP });
      await countFetches(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      // The saved look (Blue with the third tint) is what the server renders; axe runs every rule on
      // it, then the colour rules in the other themes and the other tints.
      await db
        .update(users)
        .set({ settings: { ...signedIn.user.settings, theme: { themeColor: 2, tintColor: 2 } } })
        .where(eq(users.id, signedIn.user.id));
      for (const path of paths) {
        const response = await page.goto(`${suite.server.url}${path}`);
        expect(`${path} ${response?.status()}`).toBe(`${path} 200`);
        expect(await page.evaluate(() => `${document.documentElement.dataset.theme} ${document.documentElement.dataset.tint}`)).toBe("2 2");
        await settled(page);
        for (const violation of await axeInLooks(page, OTHER_LOOKS)) found.push(`${who} ${path} ${violation}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(found).toEqual([]);
  }, 180_000);

  test("the colour rules run in each look find what the page as loaded does not show", async () => {
    const context = await suite.browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    // Legible in Light; pale grey on white in Dark, where only the colour rules can see it.
    await page.setContent(
      `<html lang="en" data-theme="0"><head><title>Looks</title><style>[data-theme="1"] p { color: #eee; background: #fff; }</style></head><body><main><p>Your order is ready.</p></main></body></html>`,
    );
    const found = await axeInLooks(page, [{ theme: 2 }, { theme: 1 }]);
    expect(found.map((finding) => finding.split(" (")[0])).toEqual(["theme 1: color-contrast"]);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("0");
    await context.close();
  });
});
