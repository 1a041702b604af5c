// Integrations in Chromium: an admin creates a personal API token in Settings (shown once, then it
// works with curl's header), and adds a webhook endpoint in the admin console whose test event a
// loopback receiver gets signed. CI runs this file on PGlite and again on Postgres (decision 095):
// `TEST_DATABASE_URL=postgres://… bun test … tests/e2e/integrations.test.ts`.
import { describe, expect, test } from "bun:test";
import { Webhook } from "standardwebhooks";
import { waitFor } from "../helpers/wait";
import { browserAvailable, seriousAxeViolations, watchErrors } from "./browser";
import { DESKTOP, browserSuite, hydrated, signIn } from "./helpers";

describe.skipIf(!browserAvailable)(`integrations in Chromium on ${process.env.TEST_DATABASE_URL ? "Postgres" : "PGlite"}`, () => {
  const suite = browserSuite();

  test("an admin creates an API token and a webhook endpoint from the console", async () => {
    const admin = await suite.server.createAdmin();
    const received: { body: string; headers: Record<string, string> }[] = [];
    const receiver = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        received.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
        return new Response(null, { status: 204 });
      },
    });
    const context = await signIn(suite, admin.cookie, { viewport: DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    try {
      await page.goto(`${suite.server.url}/settings/tokens`);
      await hydrated(page, "api-tokens");
      await page.getByLabel("Token name").fill("Accounting sync");
      await page.getByRole("button", { name: "Create token" }).click();
      const token = (await page.getByTestId("new-api-token").textContent()) ?? "";
      expect(token).toMatch(/^wst_/);
      expect(await page.getByText("Accounting sync").count()).toBeGreaterThan(0);
      const me = await fetch(new URL("/api/users/me", suite.server.url), { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto(`${suite.server.url}/admin/webhooks`);
      await hydrated(page, "webhooks-admin");
      await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${receiver.port}/hooks`);
      await page.getByLabel("Description").fill("Team tracker");
      await page.getByRole("checkbox", { name: "bug_report.created" }).check();
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.locator(".api-token-secret").first().textContent()) ?? "";
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole("button", { name: "Send test event" }).click();
      await waitFor("the test event", () => received.length === 1, 15_000);
      const [delivery] = received;
      expect((new Webhook(secret).verify(delivery?.body ?? "", delivery?.headers ?? {}) as { type: string }).type).toBe("webhook.test");
      await page.getByRole("button", { name: "Delivery log" }).click();
      await page.getByRole("button", { name: "Resend" }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      receiver.stop(true);
      await context.close();
    }
  });
});
