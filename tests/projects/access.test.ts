// Reading, editing, revisions, images and deleting one project: who may, and what is refused.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import { type TestServer, startTestServer } from "../helpers/server";
import { type ErrorBody, SVG, createProjectAs, jpeg, png, uploadedFiles } from "./fixtures";

let server: TestServer;
let owner: { cookie: string; user: { id: string; email: string } };
let stranger: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ displayName: "Owner" });
  stranger = await server.createUser({ displayName: "Stranger" });
  admin = await server.createAdmin();
});
afterAll(() => server.stop());

type ProjectBody = {
  _id: string;
  projectName: string;
  status: string;
  revisionNotes: string;
  logoImageURLs: string[];
  logoImages: { _id: string; url: string }[];
  pagesImageURLs: string[][];
  receivedPayment: boolean;
  editingLocked: boolean;
};

async function read(id: string, cookie: string): Promise<ProjectBody> {
  const response = await server.request(`/api/projects/${id}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as ProjectBody;
}

function patch(id: string, cookie: string | undefined, json: unknown): Promise<Response> {
  return server.request(`/api/projects/${id}`, { method: "PATCH", cookie, json });
}

async function setFlags(id: string, values: Partial<typeof projects.$inferInsert>): Promise<void> {
  await server.deps.database.db.update(projects).set(values).where(eq(projects.id, id));
}

describe("GET /api/projects/{id}", () => {
  test("the creator and admins see the project with its creator", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const mine = await read(id, owner.cookie);
    expect(mine._id).toBe(id);
    expect(mine.status).toBe("pending-approval");
    const asAdmin = (await (await server.request(`/api/projects/${id}`, { cookie: admin.cookie })).json()) as {
      creator: { _id: string; displayName: string; email: string };
    };
    expect(asAdmin.creator).toEqual({ _id: owner.user.id, displayName: "Owner", email: owner.user.email });
  });

  test("anyone else gets 403 with the spec's exact words", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const response = await server.request(`/api/projects/${id}`, { cookie: stranger.cookie });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).message).toBe("You do no have access to this Project.");
  });

  test("a missing or forged id gets 404, a visitor 401", async () => {
    for (const id of ["01m80asvewmtp1bv0pbzzpy1wv", "not-an-id", "%27%20or%201%3D1", "a".repeat(90)]) {
      expect((await server.request(`/api/projects/${id}`, { cookie: owner.cookie })).status).toBe(404);
    }
    const id = await createProjectAs(server, owner.cookie);
    expect((await server.request(`/api/projects/${id}`)).status).toBe(401);
  });
});

describe("PATCH /api/projects/{id} (content)", () => {
  test("the owner edits content; text is trimmed and the change is visible", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const response = await patch(id, owner.cookie, { projectName: "  Renamed Bakery ", heroTitle: "New title" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; project: ProjectBody };
    expect(body.message).toBe("Project updated.");
    expect(body.project.projectName).toBe("Renamed Bakery");
  });

  test("someone else's project is refused with 403 and unchanged", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const response = await patch(id, stranger.cookie, { projectName: "Mine now" });
    expect(response.status).toBe(403);
    expect((await read(id, owner.cookie)).projectName).toBe("Analytical Bakery");
  });

  test("editingLocked refuses the customer (403) but not an admin", async () => {
    const id = await createProjectAs(server, owner.cookie);
    await setFlags(id, { editingLocked: true });
    const refused = await patch(id, owner.cookie, { projectName: "Locked?" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).message).toBe("Editing is locked for this project.");
    expect((await patch(id, admin.cookie, { projectName: "Admin edit" })).status).toBe(200);
    expect((await read(id, owner.cookie)).projectName).toBe("Admin edit");
  });

  test("forged admin fields are refused with 400 and change nothing", async () => {
    const id = await createProjectAs(server, owner.cookie);
    for (const forged of [
      { status: "completed" },
      { receivedPayment: true },
      { editingLocked: true },
      { archived: true },
      { invoiceSent: true },
      { accessCode: "ABCD-EFGH-JKLM" },
      { creatorId: stranger.cookie },
    ]) {
      const response = await patch(id, owner.cookie, { projectName: "Sneaky", ...forged });
      expect(response.status).toBe(400);
      const field = Object.keys(forged)[0]!;
      expect(((await response.json()) as ErrorBody).fields?.[field]).toBeString();
    }
    const after = await read(id, owner.cookie);
    expect(after.projectName).toBe("Analytical Bakery");
    expect(after.status).toBe("pending-approval");
    expect(after.receivedPayment).toBe(false);
  });

  test("the project type and creator name are locked; sending them unchanged is fine", async () => {
    const id = await createProjectAs(server, owner.cookie);
    expect((await patch(id, owner.cookie, { projectType: "l" })).status).toBe(400);
    expect((await patch(id, owner.cookie, { creatorName: "Someone Else" })).status).toBe(400);
    expect((await patch(id, owner.cookie, { email: "other@example.com" })).status).toBe(400);
    expect((await patch(id, owner.cookie, { projectType: "s", creatorName: "Ada Lovelace", email: owner.user.email, heroTitle: "Same" })).status).toBe(200);
  });

  test("wizard rules apply to edits: a blank required field or a bad theme gets 400 with fields", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const blank = await patch(id, owner.cookie, { heroMessage: "   " });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as ErrorBody).fields?.heroMessage).toBe("Required");
    const theme = await patch(id, owner.cookie, { selectedThemes: [0, 1, 2, 0], defaultTheme: 5 });
    expect(theme.status).toBe(400);
    const pages = await patch(id, owner.cookie, { pagesText: ["only one"] });
    expect(pages.status).toBe(400);
    expect((await patch(id, owner.cookie, {})).status).toBe(400);
  });
});

describe("revision notes", () => {
  test("are saved on their own", async () => {
    const id = await createProjectAs(server, owner.cookie);
    await setFlags(id, { status: "completed", deliveredAt: new Date(), revisionsOpenedAt: new Date() });
    const response = await patch(id, owner.cookie, { revisionNotes: "Make the logo bigger." });
    expect(response.status).toBe(200);
    expect((await read(id, owner.cookie)).revisionNotes).toBe("Make the logo bigger.");
  });

  test("blank notes get the spec's words", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const response = await patch(id, owner.cookie, { revisionNotes: "  \n " });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe("Revision Notes cannot be blank.");
  });

  test("revisionsLocked refuses the customer but not an admin; editingLocked does not block notes", async () => {
    const id = await createProjectAs(server, owner.cookie);
    await setFlags(id, { editingLocked: true, status: "completed", deliveredAt: new Date(), revisionsOpenedAt: new Date() });
    expect((await patch(id, owner.cookie, { revisionNotes: "Still allowed" })).status).toBe(200);
    await setFlags(id, { revisionsLocked: true, revisionRounds: 2 });
    const refused = await patch(id, owner.cookie, { revisionNotes: "Too late" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).message).toBe("Revisions are locked for this project.");
    expect((await patch(id, admin.cookie, { revisionNotes: "Admin note" })).status).toBe(200);
  });

  test("notes mixed with content are refused", async () => {
    const id = await createProjectAs(server, owner.cookie);
    expect((await patch(id, owner.cookie, { revisionNotes: "x", projectName: "y" })).status).toBe(400);
  });
});

describe("images of a saved project", () => {
  function imageForm(files: { logos?: File[]; pages?: Record<number, File[]> }): FormData {
    const form = new FormData();
    for (const file of files.logos ?? []) form.append("logoImages", file);
    for (const [page, list] of Object.entries(files.pages ?? {})) for (const file of list) form.append(`pagesImages.${page}`, file);
    return form;
  }

  test("POST /images appends logos and page images; PATCH keeps a subset and deletes the rest from storage", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const added = await server.request(`/api/projects/${id}/images`, {
      method: "POST",
      cookie: owner.cookie,
      body: imageForm({ logos: [jpeg()], pages: { 1: [png()] } }),
    });
    expect(added.status).toBe(200);
    const lists = (await added.json()) as { logoImageURLs: string[]; pagesImageURLs: string[][] };
    expect(lists.logoImageURLs).toHaveLength(2);
    expect(lists.pagesImageURLs.map((page) => page.length)).toEqual([0, 1]);
    const filesBefore = uploadedFiles(server).filter((path) => path.includes(id));
    expect(filesBefore).toHaveLength(3);

    const [first, second] = lists.logoImageURLs;
    const response = await patch(id, owner.cookie, { logoImageURLs: [second], pagesImageURLs: [[], []] });
    expect(response.status).toBe(200);
    const after = await read(id, owner.cookie);
    expect(after.logoImageURLs).toEqual([second!]);
    expect(after.pagesImageURLs).toEqual([[], []]);
    const filesAfter = uploadedFiles(server).filter((path) => path.includes(id));
    expect(filesAfter).toHaveLength(1);
    expect((await server.request(first!)).status).toBe(404);
  });

  test("the last logo cannot be removed, and URLs that are not the project's are refused", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const none = await patch(id, owner.cookie, { logoImageURLs: [] });
    expect(none.status).toBe(400);
    expect(((await none.json()) as ErrorBody).fields?.logoImages).toBeString();
    const foreign = await patch(id, owner.cookie, { logoImageURLs: ["https://evil.example/x.png"] });
    expect(foreign.status).toBe(400);
    expect(uploadedFiles(server).filter((path) => path.includes(id))).toHaveLength(1);
  });

  test("bad images, strangers and locked projects are refused", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const svg = await server.request(`/api/projects/${id}/images`, {
      method: "POST",
      cookie: owner.cookie,
      body: imageForm({ logos: [new File([SVG], "x.svg")] }),
    });
    expect(svg.status).toBe(415);
    const theirs = await server.request(`/api/projects/${id}/images`, { method: "POST", cookie: stranger.cookie, body: imageForm({ logos: [png()] }) });
    expect(theirs.status).toBe(403);
    const empty = await server.request(`/api/projects/${id}/images`, { method: "POST", cookie: owner.cookie, body: imageForm({}) });
    expect(empty.status).toBe(400);
    await setFlags(id, { editingLocked: true });
    const locked = await server.request(`/api/projects/${id}/images`, { method: "POST", cookie: owner.cookie, body: imageForm({ logos: [png()] }) });
    expect(locked.status).toBe(403);
    expect(uploadedFiles(server).filter((path) => path.includes(id))).toHaveLength(1);
  });
});

describe("DELETE /api/projects/{id}", () => {
  test("the owner deletes the project and its stored images", async () => {
    const id = await createProjectAs(server, owner.cookie, {}, { logoImages: [png(), png()], pages: { 0: [png()] } });
    expect(uploadedFiles(server).filter((path) => path.includes(id))).toHaveLength(3);
    const response = await server.request(`/api/projects/${id}`, { method: "DELETE", cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect((await server.request(`/api/projects/${id}`, { cookie: owner.cookie })).status).toBe(404);
    expect(uploadedFiles(server).filter((path) => path.includes(id))).toHaveLength(0);
  });

  test("a stranger gets 403 and the project stays; an admin may delete it", async () => {
    const id = await createProjectAs(server, owner.cookie);
    expect((await server.request(`/api/projects/${id}`, { method: "DELETE", cookie: stranger.cookie })).status).toBe(403);
    expect((await server.request(`/api/projects/${id}`, { method: "DELETE" })).status).toBe(401);
    await read(id, owner.cookie);
    expect((await server.request(`/api/projects/${id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(200);
  });

  test("a cross-origin delete is refused", async () => {
    const id = await createProjectAs(server, owner.cookie);
    const response = await server.request(`/api/projects/${id}`, { method: "DELETE", cookie: owner.cookie, headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    await read(id, owner.cookie);
  });
});
