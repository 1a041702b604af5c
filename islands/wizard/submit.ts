// Multipart POST with upload progress: fetch (and so Eden, which the other calls use) cannot
// report upload progress, XMLHttpRequest can. The answer's type still comes from Eden: callers
// name the route (`Treaty.Data<typeof api.api.projects.post>`), so a change of the server's
// answer breaks the build here as it would for any Eden call.
export type UploadResult<Answer> = { status: number; body: unknown; data: Answer | null };

export function postWithProgress<Answer>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<UploadResult<Answer>> {
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

/** The message of a failed upload, as errorMessage does for Eden calls. */
export function uploadError(result: UploadResult<unknown>): { message: string; fields: Record<string, string> } {
  const body = result.body as { message?: unknown; fields?: unknown } | string | null;
  if (body && typeof body === "object") {
    const fields = body.fields && typeof body.fields === "object" ? (body.fields as Record<string, string>) : {};
    return { message: typeof body.message === "string" ? body.message : `Request failed (${result.status})`, fields };
  }
  return { message: typeof body === "string" && body && body.length < 200 ? body : `Request failed (${result.status})`, fields: {} };
}
