// A project's message thread: read, post (multipart), mark read, and fetch an attachment. Only
// the project's customer and admins reach any of it; anyone else gets a 404.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { parseMultipart } from "../../http/multipart";
import { bodyOf, operation } from "../../http/openapi";
import { strictBody } from "../../http/unknown-fields";
import { ATTACHMENT_TYPES } from "../../shared/messages";
import { AttachmentParams, PostMessageForm, PostedMessage, ReadAnswer, Thread, ThreadParams, ThreadQuery } from "./model";
import { markRead, postMessage, readAttachment, readThread } from "./service";

/** A file name for Content-Disposition: ASCII without quotes, the full name in filename*. */
function disposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const messagesApi = (deps: AppDeps) =>
  new Elysia({ name: "messages-api", prefix: "/api/projects" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/:id/messages", ({ actor, params, query }) => readThread(deps, actor, params.id, query.before), {
      params: ThreadParams,
      query: ThreadQuery,
      response: Thread,
      detail: operation("Messages", "signed-in", "A project's thread, latest first page (or before a message); marks it read"),
    })
    .post("/:id/messages", ({ actor, params, body, status }) => postMessage(deps, actor, params.id, body).then((posted) => status(201, posted)), {
      params: ThreadParams,
      // Multipart with files; a message without files may also come as JSON (Eden sends it so).
      parse: (context) => (context.request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data") ? parseMultipart(context) : undefined),
      ...strictBody(PostMessageForm),
      response: { 201: PostedMessage },
      detail: operation("Messages", "signed-in", "Post to a project's thread (multipart: body, up to 5 images or PDFs)"),
    })
    .post("/:id/messages/read", ({ actor, params }) => markRead(deps, actor, params.id), {
      params: ThreadParams,
      response: ReadAnswer,
      detail: operation("Messages", "signed-in", "Mark a project's thread read"),
    })
    .get(
      "/:id/messages/attachments/:attachmentId",
      async ({ actor, params }) => {
        const file = await readAttachment(deps, actor, params.id, params.attachmentId);
        return new Response(new Uint8Array(file.body), {
          headers: {
            "content-type": file.contentType,
            "content-disposition": disposition(file.fileName, file.contentType.startsWith("image/")),
            "cache-control": "private, no-store",
            "content-security-policy": "default-src 'none'; sandbox",
          },
        });
      },
      {
        params: AttachmentParams,
        detail: operation("Messages", "signed-in", "A message attachment (its project's customer and admins only)", {
          200: bodyOf("The file, as uploaded", ATTACHMENT_TYPES.split(",")),
        }),
      },
    );
