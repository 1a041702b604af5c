// The Messages API's shapes: a project's thread, a new message (multipart) and its answer.
import { t } from "elysia";
import { AnsweredInteger } from "../../http/schemas";
import { messageSides } from "../../shared/enums";

const Side = t.UnionEnum(messageSides);

export const AttachmentItem = t.Object({ _id: t.String(), fileName: t.String(), contentType: t.String(), size: AnsweredInteger(), url: t.String() });

export const MessageItem = t.Object({
  _id: t.String(),
  side: Side,
  /** Null when the writer's account was deleted. */
  author: t.Union([t.Object({ _id: t.String(), displayName: t.String() }), t.Null()]),
  body: t.String(),
  createdAt: t.String(),
  attachments: t.Array(AttachmentItem),
});
export type MessageItem = typeof MessageItem.static;

export const Thread = t.Object({
  messages: t.Array(MessageItem),
  /** Earlier messages exist: ask again with `before` set to the first message's id. */
  hasOlder: t.Boolean(),
  /** The side the caller speaks for. */
  side: Side,
});
export type Thread = typeof Thread.static;

export const ThreadQuery = t.Object({ before: t.Optional(t.String({ maxLength: 100 })) });
export const ThreadParams = t.Object({ id: t.String({ maxLength: 100 }) });
export const AttachmentParams = t.Object({ id: t.String({ maxLength: 100 }), attachmentId: t.String({ maxLength: 100 }) });

/** POST /api/projects/{id}/messages (multipart/form-data, or JSON without files): the text, then up to five files. */
export const PostMessageForm = t.Object({ body: t.Optional(t.String()), attachments: t.Optional(t.Files()) }, { additionalProperties: false });
export type PostMessageForm = typeof PostMessageForm.static;

export const PostedMessage = t.Object({ message: t.String(), item: MessageItem });
export const ReadAnswer = t.Object({ message: t.String() });
