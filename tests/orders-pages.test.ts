// The orders pages as a browser without JavaScript sees them: guards, who may open a project,
// the tabs, and dashboard lists driven by the query string.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newProjectDraft } from "../src/shared/wizard";
import { type TestServer, startTestServer } from "./helpers/server";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function order(server: TestServer, cookie: string, projectName: string, creator: { displayName: string; email: string }): Promise<string> {
  const draft = {
    ...newProjectDraft("s", creator),
    projectName,
    creatorPhoneNumber: "123",
    projectDomainURL: "example.com",
    domainProviderURL: "https://registrar.example",
    domainProviderUsername: "u",
    domainProviderPassword: "p",
    heroTitle: "Hero",
    heroMessage: "Message",
    pagesText: ["One", "Two"],
    acceptedTermsAndConditions: true,
    signature: creator.displayName,
  };
  const form = new FormData();
  form.set("data", JSON.stringify(draft));
  form.append("logoImages", new File([PNG], "logo.png", { type: "image/png" }));
  const response = await server.request("/api/projects", { method: "POST", body: form, cookie });
  expect(response.status).toBe(201);
  return ((await response.json()) as { projectID: string }).projectID;
}

describe("orders pages", () => {
  let server: TestServer;
  let owner: Awaited<ReturnType<TestServer["createUser"]>>;
  let stranger: Awaited<ReturnType<TestServer["createUser"]>>;
  let admin: Awaited<ReturnType<TestServer["createAdmin"]>>;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await server.createUser({ displayName: "Olive Owner" });
    stranger = await server.createUser({ displayName: "Sam Stranger" });
    admin = await server.createAdmin();
    projectId = await order(server, owner.cookie, "Olive's Shop", owner.user);
    await order(server, owner.cookie, "Olive's Blog", owner.user);
  });
  afterAll(() => server?.stop());

  test("the wizard is open to visitors; /create/{s|m|l} preselects a size and anything else is not found", async () => {
    const medium = await (await server.request("/create/m")).text();
    expect(medium).toContain("Create a Webapp");
    expect(medium).toContain("&quot;projectType&quot;:&quot;m&quot;");
    // The server renders no fields: without JavaScript nothing can be submitted, by GET or
    // otherwise, and the page says ordering needs JavaScript, with Contact Us as the way out.
    expect(medium).not.toContain("<input");
    expect(medium).toContain("Ordering needs JavaScript.");
    expect(medium).toContain('href="/contact-us"');
    expect((await server.request("/create/xl")).status).toBe(404);
  });

  test("the creator sees every tab but Admin; the header shows status and payment", async () => {
    for (const suffix of ["", "/status", "/revisions"]) {
      const response = await server.request(`/projects/${projectId}${suffix}`, { cookie: owner.cookie });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Webapp Project");
      expect(html).toContain("Pending Approval");
      expect(html).toContain("Unpaid");
      expect(html).not.toContain(`/projects/${projectId}/admin"`);
    }
    // The project form's first section comes rendered with the saved project; the form loads when
    // the user starts on it.
    const overview = await (await server.request(`/projects/${projectId}`, { cookie: owner.cookie })).text();
    expect(overview).toContain('data-island="wizard"');
    expect(overview).toContain('data-hydrate="interaction"');
    expect(overview).toMatch(/<input[^>]*value="Olive&#x27;s Shop"/);
    expect(overview).not.toContain("Ordering needs JavaScript.");
    const status = await (await server.request(`/projects/${projectId}/status`, { cookie: owner.cookie })).text();
    for (const text of ["Date created", "Not sent", "Not issued", "Not submitted", "Unlocked", "Not archived"]) expect(status).toContain(text);
  });

  test("someone else's project says so with a 403; a missing one is not found; visitors go to /", async () => {
    const refused = await server.request(`/projects/${projectId}`, { cookie: stranger.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You do no have access to this Project.");
    expect((await server.request("/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV", { cookie: owner.cookie })).status).toBe(404);
    const visitor = await server.request(`/projects/${projectId}`);
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/");
  });

  test("the Admin tab and access code pages are for admins only", async () => {
    const customer = await server.request(`/projects/${projectId}/admin`, { cookie: owner.cookie });
    expect(customer.status).toBe(303);
    expect(customer.headers.get("location")).toBe("/dashboard");
    const adminTab = await server.request(`/projects/${projectId}/admin`, { cookie: admin.cookie });
    expect(adminTab.status).toBe(200);
    expect(await adminTab.text()).toContain("Project controls");

    const created = await server.request("/api/admin/accesscodes", { method: "POST", json: { title: "For Olive" }, cookie: admin.cookie });
    const { accessCodeID } = (await created.json()) as { accessCodeID: string };
    const codePage = await server.request(`/accesscodes/${accessCodeID}`, { cookie: admin.cookie });
    const html = await codePage.text();
    expect(html).toContain("For Olive");
    expect(html).toContain("Unclaimed");
    expect((await server.request(`/accesscodes/${accessCodeID}`, { cookie: owner.cookie })).headers.get("location")).toBe("/dashboard");
    expect((await server.request("/accesscodes/01ARZ3NDEKTSV4RRFFQ69G5FAV", { cookie: admin.cookie })).status).toBe(404);
  });

  test("the dashboard lists follow the query string: customers see only their own, admins see all and the codes", async () => {
    const mine = await (await server.request("/dashboard", { cookie: owner.cookie })).text();
    expect(mine).toContain("Your Webapps");
    expect(mine).toContain("Try the Archived filter");
    expect(mine).toContain("Olive&#x27;s Shop");
    expect(mine).toContain('href="/create"');

    const searched = await (await server.request("/dashboard?title=blog", { cookie: owner.cookie })).text();
    expect(searched).toContain("Olive&#x27;s Blog");
    expect(searched).not.toContain("Olive&#x27;s Shop");
    // A status filter link keeps the search and drops the page.
    expect(searched).toContain('href="/dashboard?status=in-progress&amp;title=blog"');

    const none = await (await server.request("/dashboard?status=completed", { cookie: owner.cookie })).text();
    expect(none).toContain("No projects match these filters.");

    const theirs = await (await server.request("/dashboard", { cookie: stranger.cookie })).text();
    expect(theirs).not.toContain("Olive&#x27;s Shop");

    const all = await (await server.request("/dashboard", { cookie: admin.cookie })).text();
    for (const text of ["Webapp Requests", "Access Codes", "Payment Status", "Date Created", "Olive&#x27;s Shop"]) expect(all).toContain(text);
    expect((await server.request("/dashboard")).headers.get("location")).toBe("/");
  });
});
