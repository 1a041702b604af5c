// Shared pieces for the projects tests: a complete draft, real image bytes and form builders.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { count } from "drizzle-orm";
import type { projectImages, projects, users } from "../../db/schema";
import type { ProjectType } from "../../src/shared/enums";
import { type ProjectDraft, newProjectDraft } from "../../src/shared/wizard";
import type { TestServer } from "../helpers/server";

/** A 1x1 PNG, a JPEG header, a GIF and a WebP header: what detectImageType accepts. */
export const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
export const GIF = new Uint8Array(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));
export const WEBP = new Uint8Array([
  0x52, 0x49, 0x46, 0x46, 26, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);
export const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export const png = (name = "logo.png") => new File([PNG], name, { type: "image/png" });
export const jpeg = (name = "photo.jpg") => new File([JPEG], name, { type: "image/jpeg" });

let counter = 0;
export function uniqueEmail(prefix = "visitor"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A draft every wizard rule accepts. */
export function validDraft(overrides: Partial<ProjectDraft> = {}, projectType: ProjectType = "s"): ProjectDraft {
  const base = newProjectDraft(projectType, { displayName: "Ada Lovelace", email: uniqueEmail() });
  const draft: ProjectDraft = {
    ...base,
    projectName: "Analytical Bakery",
    creatorPhoneNumber: "+44 20 7946 0000",
    projectDomainURL: "https://bakery.example.com",
    domainProviderURL: "https://registrar.example.com",
    domainProviderUsername: "ada",
    domainProviderPassword: "s3cret pass",
    heroTitle: "Fresh bread, computed",
    heroMessage: "The finest loaves, every morning.",
    pagesText: base.pagesText.map((_, index) => `Page ${index + 1} text`),
    acceptedTermsAndConditions: true,
    signature: base.creatorName,
  };
  return { ...draft, ...overrides };
}

export type OrderFiles = { logoImages?: File[]; pages?: Record<number, File[]> };

export function orderForm(data: unknown, files: OrderFiles = { logoImages: [png()] }): FormData {
  const form = new FormData();
  form.append("data", typeof data === "string" ? data : JSON.stringify(data));
  for (const file of files.logoImages ?? []) form.append("logoImages", file);
  for (const [page, list] of Object.entries(files.pages ?? {})) for (const file of list) form.append(`pagesImages.${page}`, file);
  return form;
}

/**
 * Each order comes from its own address (the server must trust X-Forwarded-For, TRUST_PROXY), so
 * the per-address limit on visitor orders only bites where a test means it to.
 */
export async function postOrder(
  server: TestServer,
  form: FormData,
  cookie?: string,
  address = `10.${counter++ % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
): Promise<Response> {
  return server.request("/api/projects", { method: "POST", body: form, cookie, headers: { "x-forwarded-for": address } });
}

/** Creates a project for a signed-in customer and answers its id. */
export async function createProjectAs(server: TestServer, cookie: string, overrides: Partial<ProjectDraft> = {}, files?: OrderFiles): Promise<string> {
  const response = await postOrder(server, orderForm(validDraft(overrides), files), cookie);
  if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { projectID: string };
  return body.projectID;
}

export type ErrorBody = { message: string; fields?: Record<string, string> };

/** Every stored upload under DATA_DIR/uploads (sidecar .meta.json files left out), relative paths. */
export function uploadedFiles(server: TestServer): string[] {
  const root = join(server.dataDir, "uploads");
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[]).filter((path) => !path.endsWith(".meta.json") && statSync(join(root, path)).isFile()).sort();
}

export async function countRows(server: TestServer, table: typeof users | typeof projects | typeof projectImages): Promise<number> {
  const [row] = await server.deps.database.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

export async function createCode(server: TestServer, adminCookie: string, title = "Launch partner"): Promise<{ id: string; code: string }> {
  const created = await server.request("/api/admin/accesscodes", { method: "POST", cookie: adminCookie, json: { title } });
  if (created.status !== 201) throw new Error(`access code not created: ${created.status} ${await created.text()}`);
  const { accessCodeID } = (await created.json()) as { accessCodeID: string };
  const detail = (await (await server.request(`/api/admin/accesscodes/${accessCodeID}`, { cookie: adminCookie })).json()) as { code: string };
  return { id: accessCodeID, code: detail.code };
}
