// The order's confirmation page at its own address (the owner's only) and the short
// reference (WS-1042) wherever people read or type a project: the order mail, the project page,
// the admins' list and CSV, and the search.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { createProjectAs, orderForm, postOrder, uniqueEmail, validDraft } from "./fixtures";

let server: TestServer;
let smtp: SmtpCapture;
let admin: { cookie: string };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: "true" });
  admin = await server.createAdmin();
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

type Created = { projectID: string; reference: string };

async function orderAsVisitor(projectName: string) {
  const email = uniqueEmail("ada");
  const response = await postOrder(server, orderForm(validDraft({ email, projectName, creatorName: "Ada Visitor", signature: "Ada Visitor" })));
  expect(response.status).toBe(201);
  const created = (await response.json()) as Created;
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  return { ...created, email, cookie };
}

const page = async (path: string, cookie?: string) => {
  const response = await server.request(path, { cookie });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
};

describe("the reference", () => {
  test("each order gets the next WS- number, and the order mail names it instead of the id", async () => {
    const first = await orderAsVisitor("Bakery website");
    const second = await orderAsVisitor("Bakery website two");
    expect(first.reference).toMatch(/^WS-\d{4,}$/);
    expect(Number(second.reference.slice(3))).toBe(Number(first.reference.slice(3)) + 1);
    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(first.email));
    expect(mail.text).toContain(`Reference: ${first.reference}`);
    expect(mail.text).not.toContain(`Reference: ${first.projectID}`);
  });

  test("the project page, the admins' list, their CSV and the search show it; admins find a project by typing it", async () => {
    const customer = await server.createUser({ displayName: "Bo Customer" });
    const id = await createProjectAs(server, customer.cookie, { projectName: "Reference Search Bakery", creatorName: "Bo Customer", signature: "Bo Customer" });
    const project = (await (await server.request(`/api/projects/${id}`, { cookie: customer.cookie })).json()) as { reference: string };
    expect(project.reference).toMatch(/^WS-\d+$/);
    expect((await page(`/projects/${id}`, customer.cookie)).html).toContain(project.reference);
    expect((await page("/dashboard", customer.cookie)).html).toContain(project.reference);
    expect((await page("/dashboard", admin.cookie)).html).toContain(project.reference);
    const csv = await (await server.request("/dashboard/projects.csv", { cookie: admin.cookie })).text();
    expect(csv.split("\n")[0]).toContain("Reference");
    expect(csv).toContain(`"${id}","${project.reference}","Reference Search Bakery"`);

    for (const typed of [project.reference, project.reference.toLowerCase(), project.reference.replace("-", " ")]) {
      const found = (await (await server.request(`/api/admin/projects/search?title=${encodeURIComponent(typed)}`, { cookie: admin.cookie })).json()) as {
        projects: { _id: string; reference: string }[];
      };
      expect(found.projects.map((each) => each._id)).toEqual([id]);
      expect(found.projects[0]?.reference).toBe(project.reference);
    }
    // The admins' dashboard search takes it too.
    const searched = await page(`/dashboard?title=${encodeURIComponent(project.reference)}`, admin.cookie);
    expect(searched.html).toContain("Reference Search Bakery");
    // A customer's own search finds only their own project by it; someone else's reference finds nothing.
    const other = await orderAsVisitor("Someone Else's Bakery");
    const mine = (await (await server.request(`/api/projects/search?title=${other.reference}`, { cookie: customer.cookie })).json()) as { totalCount: number };
    expect(mine.totalCount).toBe(0);
  });
});

describe("the confirmation page", () => {
  test("its owner opens it (again), with the signed-in header, the reference and the next steps; a visitor's order session may open it", async () => {
    const order = await orderAsVisitor("Bakery website");
    const shown = await page(`/orders/${order.projectID}/confirmation`, order.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Thank you, your order is in");
    expect(shown.html).toContain(order.reference);
    expect(shown.html).not.toContain(`>${order.projectID}<`);
    expect(shown.html).toContain("What happens next");
    expect(shown.html).toContain('href="/choose-password"');
    expect(shown.html).not.toContain("Nine short steps");
    expect(shown.html).not.toContain(">Log In<");
    expect(shown.html).not.toContain(">Sign Up<");
    // A reload is the same page.
    expect((await page(`/orders/${order.projectID}/confirmation`, order.cookie)).status).toBe(200);
    // The order's session still opens nothing else.
    expect((await page(`/projects/${order.projectID}`, order.cookie)).status).toBe(303);
  });

  test("another customer and an admin get the not-found page; a visitor is sent away", async () => {
    const order = await orderAsVisitor("Private Bakery");
    const stranger = await server.createUser();
    const theirs = await page(`/orders/${order.projectID}/confirmation`, stranger.cookie);
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain("Private Bakery");
    expect((await page(`/orders/${order.projectID}/confirmation`, admin.cookie)).status).toBe(404);
    expect((await page("/orders/00000000000000000000000000/confirmation", stranger.cookie)).status).toBe(404);
    const signedOut = await page(`/orders/${order.projectID}/confirmation`);
    expect(signedOut.status).toBe(303);
    expect(signedOut.html).not.toContain("Private Bakery");
  });

  test("a customer who ordered signed in sees View project", async () => {
    const customer = await server.createUser();
    const id = await createProjectAs(server, customer.cookie, { projectName: "Signed In Bakery" });
    const shown = await page(`/orders/${id}/confirmation`, customer.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`href="/projects/${id}"`);
    expect(shown.html).toContain("View project");
  });
});
