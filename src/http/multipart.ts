// Reads the multipart bodies (projects, messages) ourselves instead of letting Elysia guess:
// every file field becomes a list (one file or many), text stays text, and `data` is parsed
// as JSON once, so the `t` schema then validates exactly what the client sent.
import { badRequest, unsupportedMediaType } from "./errors";
import { nulFields, refuseFields } from "./text-guard";

/** The `parse` hook for multipart routes. Its refusals keep their status: the error mapper unwraps them. */
export function parseMultipart({ request }: { request: Request }): Promise<Record<string, unknown>> {
  return readMultipartBody(request);
}

export async function readMultipartBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw unsupportedMediaType("Send this request as multipart/form-data.");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest("The request body could not be read.");
  }
  const texts = new Map<string, string>();
  const files = new Map<string, File[]>();
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") {
      if (texts.has(key) || files.has(key)) throw badRequest(`The field ${key} was sent more than once.`, { [key]: "Sent more than once" });
      texts.set(key, value);
    } else {
      if (texts.has(key)) throw badRequest(`The field ${key} mixes text and files.`, { [key]: "Expected files only" });
      const list = files.get(key) ?? [];
      list.push(value);
      files.set(key, list);
    }
  }
  const body: Record<string, unknown> = Object.fromEntries([...texts, ...files]);
  const data = texts.get("data");
  if (data !== undefined) {
    try {
      body.data = JSON.parse(data);
    } catch {
      throw badRequest("The field data must hold the project as JSON.", { data: "Expected the project as JSON" });
    }
  }
  // Postgres refuses U+0000 in text: name the field instead of failing inside a query.
  const nul = refuseFields(nulFields(Object.fromEntries([...texts].map(([key, value]) => [key, key === "data" ? body.data : value]))));
  if (nul) throw nul;
  return body;
}

/** A file name fit to repeat in a message: short and without control characters. */
export function displayName(file: File): string {
  const name = (file.name || "file").replace(/[\u0000-\u001f\u007f]/g, "");
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
