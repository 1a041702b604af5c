// POST /api/projects as a visitor and as a customer: every wizard rule, every upload refusal,
// access codes (including two orders racing for one), and failures that must leave nothing behind.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { treaty } from "@elysiajs/eden";
import { eq } from "drizzle-orm";
import { accessCodes, projectImages, projects, users } from "../../db/schema";
import type { Api } from "../../src/app";
import { MAX_IMAGE_BYTES } from "../../src/shared/uploads";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { type ErrorBody, GIF, PNG, SVG, WEBP, countRows, createCode, orderForm, png, postOrder, uniqueEmail, uploadedFiles, validDraft } from "./fixtures";

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

async function errorOf(response: Response): Promise<ErrorBody> {
  return (await response.json()) as ErrorBody;
}

/** Orders that fail must not change these counts or the files on disk. */
async function snapshot() {
  return {
    users: await countRows(server, users),
    projects: await countRows(server, projects),
    images: await countRows(server, projectImages),
    files: uploadedFiles(server),
  };
}

describe("a visitor's order", () => {
  test("creates the account, mails an 8-character temporary password, signs them in and answers 201", async () => {
    const email = uniqueEmail("ada");
    const draft = validDraft({ email, creatorName: "Ada Visitor", signature: "Ada Visitor" });
    const response = await postOrder(server, orderForm(draft, { logoImages: [png()], pages: { 0: [png("p0.png")], 1: [png("p1a.png"), png("p1b.png")] } }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { projectID: string; message: string };
    expect(body.projectID).toMatch(/^[0-9a-z]{26}$/);
    expect(body.message).toContain("temporary password");

    const [user] = await server.deps.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.displayName).toBe("Ada Visitor");
    expect(user?.mustChangePassword).toBe(true);
    const expiresIn = (user?.passwordExpiresAt?.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const mail = await smtp.waitForMail((m) => m.envelopeTo.includes(email));
    const password = /temporary password: (\S+)/.exec(mail.text)?.[1] ?? "";
    expect(password).toHaveLength(8);
    expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);
    expect(user?.passwordHash).not.toContain(password);
    expect(await Bun.password.verify(password, user?.passwordHash ?? "")).toBe(true);

    const orderCookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(orderCookie).toStartWith("session=");
    // The order's session only chooses a password; after that the project opens.
    expect((await server.request(`/api/projects/${body.projectID}`, { cookie: orderCookie })).status).toBe(403);
    const chosen = await server.request("/api/auth/choose-password", { method: "POST", json: { password: "my own password 42" }, cookie: orderCookie });
    expect(chosen.status).toBe(200);
    const cookie = chosen.headers.get("set-cookie")?.split(";")[0] ?? "";
    const project = (await (await server.request(`/api/projects/${body.projectID}`, { cookie })).json()) as {
      creator: { _id: string; email: string };
      logoImageURLs: string[];
      pagesImageURLs: string[][];
      status: string;
    };
    expect(project.creator).toMatchObject({ _id: user?.id, email });
    expect(project.status).toBe("pending-approval");
    expect(project.logoImageURLs).toHaveLength(1);
    expect(project.pagesImageURLs.map((page) => page.length)).toEqual([1, 2]);
    expect(project.logoImageURLs[0]).toMatch(new RegExp(`^/uploads/projects/${body.projectID}/logos/[0-9a-z]{26}\\.png$`));
    expect(project.pagesImageURLs[1]?.[0]).toMatch(new RegExp(`^/uploads/projects/${body.projectID}/pages/page1/[0-9a-z]{26}\\.png$`));
    const image = await server.request(project.logoImageURLs[0]!);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  test("two temporary passwords differ (they come from a CSPRNG)", async () => {
    const emails = [uniqueEmail("twin"), uniqueEmail("twin")];
    for (const email of emails) expect((await postOrder(server, orderForm(validDraft({ email })))).status).toBe(201);
    const passwords = await Promise.all(
      emails.map(async (email) => /temporary password: (\S+)/.exec((await smtp.waitForMail((m) => m.envelopeTo.includes(email))).text)?.[1]),
    );
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  test("an e-mail that already has an account gets 409 asking to log in, and leaves nothing behind", async () => {
    const { user } = await server.createUser({ email: uniqueEmail("taken") });
    const before = await snapshot();
    const response = await postOrder(server, orderForm(validDraft({ email: user.email.toUpperCase() }), { logoImages: [png(), png()], pages: { 0: [png()] } }));
    expect(response.status).toBe(409);
    const body = await errorOf(response);
    expect(body.message).toBe("The email address is already in use by another account.");
    expect(body.fields?.email).toContain("Log in");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  test("visitor orders are limited to 20 an hour per address (they create accounts); signed-in orders are not", async () => {
    const statuses: number[] = [];
    // Refused drafts count too: the limit is on attempts, so guessing costs the same as ordering.
    for (let i = 0; i < 21; i++) statuses.push((await postOrder(server, orderForm(validDraft({ projectName: "" })), undefined, "192.0.2.7")).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const { cookie } = await server.createUser();
    expect((await postOrder(server, orderForm(validDraft()), cookie, "192.0.2.7")).status).toBe(201);
  });

  test("two visitors racing with one e-mail: one order wins, the other gets 409 and its files are removed", async () => {
    const email = uniqueEmail("race");
    const before = await snapshot();
    const responses = await Promise.all([0, 1].map(() => postOrder(server, orderForm(validDraft({ email }), { logoImages: [png()], pages: { 1: [png()] } }))));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const after = await snapshot();
    expect(after.users).toBe(before.users + 1);
    expect(after.projects).toBe(before.projects + 1);
    expect(after.files.length).toBe(before.files.length + 2);
  });
});

describe("a signed-in customer's order", () => {
  test("is created for the session user whatever e-mail the body names, and sends no password mail", async () => {
    const { user, cookie } = await server.createUser();
    const forged = uniqueEmail("someone-else");
    const response = await postOrder(server, orderForm(validDraft({ email: forged })), cookie);
    expect(response.status).toBe(201);
    const { projectID } = (await response.json()) as { projectID: string };
    const [row] = await server.deps.database.db.select().from(projects).where(eq(projects.id, projectID));
    expect(row?.creatorId).toBe(user.id);
    expect(await countRows(server, users)).toBeGreaterThan(0);
    const [stranger] = await server.deps.database.db.select().from(users).where(eq(users.email, forged));
    expect(stranger).toBeUndefined();
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("stores the domain-provider password encrypted and shows it to the creator", async () => {
    const { cookie } = await server.createUser();
    const response = await postOrder(server, orderForm(validDraft({ domainProviderPassword: "hunter2 plain" })), cookie);
    const { projectID } = (await response.json()) as { projectID: string };
    const [row] = await server.deps.database.db.select().from(projects).where(eq(projects.id, projectID));
    expect(row?.domainProviderPasswordEnc).not.toContain("hunter2");
    const shown = (await (await server.request(`/api/projects/${projectID}`, { cookie })).json()) as { domainProviderPassword: string };
    expect(shown.domainProviderPassword).toBe("hunter2 plain");
  });

  test("accepts PNG, JPEG, WebP and GIF by their bytes, whatever the file is called", async () => {
    const { cookie } = await server.createUser();
    const files = [new File([GIF], "anim.gif"), new File([WEBP], "photo.webp"), new File([PNG], "no-extension")];
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: files }), cookie);
    expect(response.status).toBe(201);
    const { projectID } = (await response.json()) as { projectID: string };
    const { logoImageURLs } = (await (await server.request(`/api/projects/${projectID}`, { cookie })).json()) as { logoImageURLs: string[] };
    expect(logoImageURLs.map((url) => url.split(".").pop())).toEqual(["gif", "webp", "png"]);
  });
});

describe("the islands' Eden client", () => {
  test("orders with the draft as an object and files per page, exactly as the wizard will", async () => {
    const { cookie } = await server.createUser();
    // A browser sends the page's origin with the island's request.
    const client = treaty<Api>(server.url, { headers: { cookie, origin: server.url } });
    const created = await client.api.projects.post({ data: validDraft(), logoImages: [png()], "pagesImages.1": [png(), png()] });
    expect(created.status).toBe(201);
    const id = created.data?.projectID ?? "";
    const project = await client.api.projects({ id }).get();
    expect(project.data?.pagesImageURLs.map((page) => page.length)).toEqual([0, 2]);
    const refused = await client.api.projects({ id }).patch({ revisionNotes: " " });
    expect(refused.status).toBe(400);
    expect(refused.error?.value).toMatchObject({ message: "Revision Notes cannot be blank." });
  });
});

describe("the server re-checks every wizard rule", () => {
  // `named`: a problem other than a blank field is named with its field, not called 'missing'.
  const cases: { name: string; change: Parameters<typeof validDraft>[0]; field: string; message?: string; named?: string; visitor?: boolean }[] = [
    { name: "a blank project name", change: { projectName: "  " }, field: "projectName" },
    { name: "a blank creator name", change: { creatorName: "", signature: "" }, field: "creatorName" },
    { name: "a visitor's bad e-mail", change: { email: "not-an-email" }, field: "email", named: "Email", visitor: true },
    { name: "a blank hero title", change: { heroTitle: "" }, field: "heroTitle" },
    { name: "no theme", change: { selectedThemes: [] }, field: "selectedThemes", named: "Themes" },
    { name: "a default theme that is not selected", change: { selectedThemes: [0, 1], defaultTheme: 2 }, field: "defaultTheme", named: "Default theme" },
    { name: "a theme code out of range", change: { selectedThemes: [0, 7] }, field: "selectedThemes", named: "Themes" },
    {
      name: "a custom tint that is not a colour",
      change: { customTintColor: "banana", selectedTintColors: [], defaultTintColor: -1 },
      field: "customTintColor",
      named: "Custom tint colour",
    },
    {
      name: "a default tint that is not selected",
      change: { selectedTintColors: [1], defaultTintColor: 0 },
      field: "defaultTintColor",
      named: "Default tint colour",
    },
    { name: "a missing page text", change: { pagesText: ["one", " "] }, field: "pagesText.1" },
    { name: "the wrong number of pages for the package", change: { pagesText: ["one"] }, field: "pagesText", named: "Custom pages" },
    {
      name: "a subscription tier without a price",
      change: { hasSubscriptions: true, subscriptionTiers: [{ name: "Pro", pricePerMonth: "", features: "All" }] },
      field: "subscriptionTiers.0.pricePerMonth",
    },
    { name: "terms not accepted", change: { acceptedTermsAndConditions: false }, field: "acceptedTermsAndConditions", named: "Terms and conditions" },
    {
      name: "a signature that differs from the name",
      change: { signature: "Someone Else" },
      field: "signature",
      message: "Your signature should match the name you provided in the general section.",
    },
    { name: "an access code switched on but blank", change: { hasAccessCode: true, accessCode: "" }, field: "accessCode" },
  ];
  for (const item of cases) {
    test(`refuses ${item.name} with 400 and the field`, async () => {
      const { cookie } = await server.createUser();
      const before = await snapshot();
      const response = await postOrder(server, orderForm(validDraft(item.change)), item.visitor ? undefined : cookie);
      expect(response.status).toBe(400);
      const body = await errorOf(response);
      expect(body.fields?.[item.field]).toBeString();
      if (item.named) expect(body.message).toStartWith(`${item.named}: `);
      else expect(body.message).toBe(item.message ?? "You are missing one or more required fields.");
      expect(await snapshot()).toEqual(before);
    });
  }

  test("refuses an order without a logo image", async () => {
    const { cookie } = await server.createUser();
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: [] }), cookie);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.logoImages).toBe("Add at least one logo image");
  });

  test("refuses forged admin fields in the draft (status, receivedPayment) with 400", async () => {
    const { cookie } = await server.createUser();
    for (const forged of [{ status: "completed" }, { receivedPayment: true }, { editingLocked: true }, { creatorId: "01m80asvd6nsxk9pjyhsq951ce" }]) {
      const response = await postOrder(server, orderForm({ ...validDraft(), ...forged }), cookie);
      expect(response.status).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {}).join()).toContain(Object.keys(forged)[0]!);
    }
  });

  test("refuses wrong types, bad JSON, missing data and unknown form fields with 400", async () => {
    const { cookie } = await server.createUser();
    const wrongType = await postOrder(server, orderForm({ ...validDraft(), selectedThemes: "light" }), cookie);
    expect(wrongType.status).toBe(400);
    const badJson = await postOrder(server, orderForm("{not json"), cookie);
    expect(badJson.status).toBe(400);
    expect((await errorOf(badJson)).fields?.data).toBeString();
    const noData = new FormData();
    noData.append("logoImages", png());
    expect((await postOrder(server, noData, cookie)).status).toBe(400);
    const extra = orderForm(validDraft());
    extra.append("pagesImages.12", png());
    expect((await postOrder(server, extra, cookie)).status).toBe(400);
    const text = orderForm(validDraft());
    text.append("creatorId", "someone");
    expect((await postOrder(server, text, cookie)).status).toBe(400);
  });

  test("refuses page images for a page the package does not have", async () => {
    const { cookie } = await server.createUser();
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: [png()], pages: { 5: [png()] } }), cookie);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain("2 custom pages");
  });

  test("refuses a JSON body: orders are multipart (415)", async () => {
    const { cookie } = await server.createUser();
    const response = await server.request("/api/projects", { method: "POST", cookie, json: { data: validDraft() } });
    expect(response.status).toBe(415);
  });

  test("a field sent twice or an unreadable body gets 400 naming the problem", async () => {
    const { cookie } = await server.createUser();
    const twice = orderForm(validDraft(), { logoImages: [png()] });
    twice.append("data", JSON.stringify(validDraft()));
    const duplicated = await postOrder(server, twice, cookie);
    expect(duplicated.status).toBe(400);
    expect(await errorOf(duplicated)).toEqual({ message: "The field data was sent more than once.", fields: { data: "Sent more than once" } });
    const garbled = await server.request("/api/projects", {
      method: "POST",
      cookie,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart at all",
    });
    expect(garbled.status).toBe(400);
    expect(await errorOf(garbled)).toEqual({ message: "The request body could not be read." });
  });
});

describe("uploads are checked by content and size", () => {
  test("an SVG is refused with 415 and a clear message, and nothing is stored", async () => {
    const { cookie } = await server.createUser();
    const before = await snapshot();
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: [new File([SVG], "logo.svg", { type: "image/svg+xml" })] }), cookie);
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toContain("Only PNG, JPEG, WebP and GIF images can be uploaded.");
    expect(await snapshot()).toEqual(before);
  });

  test("a text file renamed .png (with an image content type) is refused with 415", async () => {
    const { cookie } = await server.createUser();
    const fake = new File(["just some text, honest"], "photo.png", { type: "image/png" });
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: [png()], pages: { 0: [fake] } }), cookie);
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toContain("photo.png");
  });

  test("an image over 5 MiB is refused with 413, and nothing is stored", async () => {
    const { cookie } = await server.createUser();
    const before = await snapshot();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: [png(), new File([big], "huge.png")] }), cookie);
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toContain("5 MB");
    expect(await snapshot()).toEqual(before);
  });

  test("more than 10 logo images are refused with 400", async () => {
    const { cookie } = await server.createUser();
    const response = await postOrder(server, orderForm(validDraft(), { logoImages: Array.from({ length: 11 }, () => png()) }), cookie);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.logoImages).toBeString();
  });

  test("a body over the multipart limit is refused before it is read", async () => {
    const { cookie } = await server.createUser();
    const response = await server.request("/api/projects", {
      method: "POST",
      cookie,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: new Uint8Array(41 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await countRows(server, projects)).toBeGreaterThan(0);
  });
});

describe("access codes in an order", () => {
  test("a valid code is claimed by the order and shown as submitted", async () => {
    const { cookie } = await server.createUser();
    const { code, id } = await createCode(server, admin.cookie);
    // Typed in lower case and without dashes, as someone reading it aloud might.
    const response = await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: code.replaceAll("-", "").toLowerCase() })), cookie);
    expect(response.status).toBe(201);
    const { projectID } = (await response.json()) as { projectID: string };
    const [row] = await server.deps.database.db.select().from(accessCodes).where(eq(accessCodes.id, id));
    expect(row?.claimed).toBe(true);
    expect(row?.claimedByProjectId).toBe(projectID);
    const project = (await (await server.request(`/api/projects/${projectID}`, { cookie })).json()) as { accessCode: string };
    expect(project.accessCode).toBe(code);
  });

  test("an unknown code is refused with the spec's words and nothing is created", async () => {
    const before = await snapshot();
    const response = await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: "ABCD-EFGH-JKLM" })));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("The access code you provided is invalid.");
    expect(await snapshot()).toEqual(before);
  });

  test("a claimed code is refused", async () => {
    const { cookie } = await server.createUser();
    const { code } = await createCode(server, admin.cookie);
    expect((await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: code })), cookie)).status).toBe(201);
    const second = await postOrder(server, orderForm(validDraft({ hasAccessCode: true, accessCode: code })), cookie);
    expect(second.status).toBe(400);
    expect((await errorOf(second)).message).toBe("The access code you provided is invalid.");
  });

  test("two visitors racing for one code: exactly one wins; the loser leaves no user, project or file", async () => {
    const { code } = await createCode(server, admin.cookie);
    const before = await snapshot();
    const responses = await Promise.all(
      [0, 1].map(() =>
        postOrder(
          server,
          orderForm(validDraft({ email: uniqueEmail("racer"), hasAccessCode: true, accessCode: code }), { logoImages: [png()], pages: { 0: [png()] } }),
        ),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    const loser = responses.find((r) => r.status === 400)!;
    expect((await errorOf(loser)).message).toBe("The access code you provided is invalid.");
    const after = await snapshot();
    expect(after.users).toBe(before.users + 1);
    expect(after.projects).toBe(before.projects + 1);
    expect(after.images).toBe(before.images + 2);
    expect(after.files.length).toBe(before.files.length + 2);
  });

  test("a code is ignored when the order does not say it has one", async () => {
    const { cookie } = await server.createUser();
    const response = await postOrder(server, orderForm(validDraft({ hasAccessCode: false, accessCode: "nonsense" })), cookie);
    expect(response.status).toBe(201);
  });
});
