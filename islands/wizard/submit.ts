// Multipart POST with upload progress: fetch (and so Eden, which the other calls use) cannot
// report upload progress, XMLHttpRequest can. The answer's type still comes from Eden: callers
// name the route (`Treaty.Data<typeof api.api.projects.post>`), so a change of the server's
// answer breaks the build here as it would for any Eden call.
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_TOO_LARGE } from "../../src/shared/uploads";

export type UploadResult<Answer> = { status: number; body: unknown; data: Answer | null };

/** The form's size give or take the multipart framing, to refuse before sending 40 MiB for nothing. */
function formBytes(form: FormData): number {
  let total = 0;
  for (const [, value] of form.entries()) total += typeof value === "string" ? value.length : (value as Blob).size;
  return total;
}

export function postWithProgress<Answer>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<UploadResult<Answer>> {
  if (formBytes(form) > MAX_UPLOAD_BODY_BYTES) return Promise.resolve({ status: 413, body: { message: UPLOAD_TOO_LARGE }, data: null });
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "text";
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): keep the text as the message.
      }
      const ok = request.status >= 200 && request.status < 300 && typeof body === "object" && body !== null;
      resolve({ status: request.status, body, data: ok ? (body as Answer) : null });
    });
    request.addEventListener("error", () => reject(new Error("A network error has occurred.")));
    request.addEventListener("abort", () => reject(new Error("The upload was cancelled.")));
    request.send(form);
  });
}

/**
 * The message of a failed upload, as errorMessage does for Eden calls. Fields come back named by
 * their path in the form (`data.projectName`); the wizard knows them by the draft's names. A 413
 * from something in front of the server (a proxy) may have no JSON: say what it means anyway.
 */
export function uploadError(result: UploadResult<unknown>): { message: string; fields: Record<string, string> } {
  const body = result.body as { message?: unknown; fields?: unknown } | string | null;
  const fallback = result.status === 413 ? UPLOAD_TOO_LARGE : `Request failed (${result.status})`;
  if (body && typeof body === "object") {
    const raw = body.fields && typeof body.fields === "object" ? (body.fields as Record<string, string>) : {};
    const fields = Object.fromEntries(Object.entries(raw).map(([name, problem]) => [name.replace(/^data\./, ""), problem]));
    return { message: typeof body.message === "string" ? body.message : fallback, fields };
  }
  return { message: result.status !== 413 && typeof body === "string" && body && body.length < 200 ? body : fallback, fields: {} };
}
