// A project's message thread (Messages tab): the conversation between its customer and the
// studio, plain text with links made clickable (as text segments React escapes: no HTML from a
// message reaches the page), images and PDFs attached. New messages arrive live over the page's
// event stream; without it, the server-rendered thread is current at each load.
import { useEffect, useRef, useState } from "react";
import {
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_TYPES,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_TOO_LONG,
  TOO_MANY_ATTACHMENTS,
  linkSegments,
} from "../../src/shared/messages";
import { api, errorMessage } from "../api";
import { useLiveEvents } from "../ui/live-events";
import { Toasts, useToast } from "../ui/toasts";

type Side = "customer" | "studio";
export type MessageView = {
  _id: string;
  side: Side;
  author: { _id: string; displayName: string } | null;
  body: string;
  createdAt: string;
  attachments: { _id: string; fileName: string; contentType: string; size: number; url: string }[];
};
export type MessagesProps = { projectId: string; side: Side; messages: MessageView[]; hasOlder: boolean };

// Built on first use: the server imports this island to render it, and a first formatter loads
// ICU's data, which a start that shows no message need not spend.
let stamp: Intl.DateTimeFormat | undefined;
function formatStamp(value: Date): string {
  stamp ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  return stamp.format(value);
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function MessageText(props: { text: string }) {
  return (
    <p className="message-text">
      {linkSegments(props.text).map((segment, index) =>
        segment.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

function Bubble(props: { message: MessageView; mine: boolean }) {
  const { message } = props;
  const who = message.side === "studio" ? `${message.author?.displayName || "Studio"} · Studio` : message.author?.displayName || "Customer";
  return (
    <li className={props.mine ? "message is-mine" : "message"} data-message-id={message._id}>
      <div className="message-meta">
        <span className="message-author">{props.mine ? "You" : who}</span>
        <time dateTime={message.createdAt}>{formatStamp(new Date(message.createdAt))}</time>
      </div>
      <div className="message-bubble">
        {message.body ? <MessageText text={message.body} /> : null}
        {message.attachments.length > 0 ? (
          <ul className="message-attachments">
            {message.attachments.map((file) => (
              <li key={file._id}>
                {file.contentType.startsWith("image/") ? (
                  <a href={file.url} target="_blank" rel="noopener noreferrer" className="message-image">
                    <img src={file.url} alt={file.fileName} loading="lazy" />
                  </a>
                ) : (
                  <a href={file.url} className="message-file" download={file.fileName}>
                    <span className="message-file-icon" aria-hidden="true">
                      PDF
                    </span>
                    <span className="message-file-name">{file.fileName}</span>
                    <span className="muted">{formatSize(file.size)}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

export default function Messages(props: MessagesProps) {
  const [messages, setMessages] = useState(props.messages);
  const [hasOlder, setHasOlder] = useState(props.hasOlder);
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const toast = useToast();
  const thread = api.api.projects({ id: props.projectId }).messages;

  const merge = (incoming: MessageView[]) =>
    setMessages((current) => {
      const known = new Set(current.map((message) => message._id));
      return [...current, ...incoming.filter((message) => !known.has(message._id))].sort((a, b) => (a._id < b._id ? -1 : 1));
    });

  // Scrolled to the newest message on load and whenever one arrives.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages.length]);

  useLiveEvents(["message_posted"], async (events) => {
    const relevant = events.some((event) => event.type === "resync" || (event.type === "message_posted" && event.payload.projectId === props.projectId));
    if (!relevant) return;
    // Reading the latest page marks the thread read, as opening the tab does.
    const { data } = await thread.get({ query: {} });
    if (data) merge(data.messages);
  });

  async function loadOlder() {
    const first = messages[0];
    if (!first) return;
    const { data, error: failed } = await thread.get({ query: { before: first._id } });
    if (failed || !data) {
      toast.error(errorMessage(failed));
      return;
    }
    setHasOlder(data.hasOlder);
    merge(data.messages);
  }

  function chooseFiles(chosen: FileList | null) {
    const next = [...files, ...Array.from(chosen ?? [])];
    if (fileInput.current) fileInput.current.value = "";
    if (next.length > MAX_ATTACHMENTS) return setError(TOO_MANY_ATTACHMENTS);
    const large = next.find((file) => file.size > MAX_ATTACHMENT_BYTES);
    if (large) return setError(`${ATTACHMENT_TOO_LARGE} "${large.name}" is too large.`);
    setError(null);
    setFiles(next);
  }

  async function send() {
    if (text.trim() === "" && files.length === 0) return;
    if (text.length > MAX_MESSAGE_LENGTH) return setError(MESSAGE_TOO_LONG);
    setBusy(true);
    setError(null);
    const { data, error: failed } = await thread.post(files.length > 0 ? { body: text, attachments: files } : { body: text });
    setBusy(false);
    if (failed || !data) return setError(errorMessage(failed));
    merge([data.item]);
    setText("");
    setFiles([]);
  }

  const over = text.length > MAX_MESSAGE_LENGTH;
  return (
    <div className="messages">
      {hasOlder ? (
        <button type="button" className="button button-sm messages-older" onClick={() => void loadOlder()}>
          Load earlier messages
        </button>
      ) : null}
      <ol className="message-list" ref={list} aria-label="Messages" aria-live="polite">
        {messages.length === 0 ? (
          <li className="messages-empty muted">
            {props.side === "customer"
              ? "No messages yet. Ask the studio anything about your project here; we usually answer within a working day."
              : "No messages yet. Write to the customer about their project here."}
          </li>
        ) : (
          messages.map((message) => <Bubble key={message._id} message={message} mine={message.side === props.side} />)
        )}
      </ol>
      <form
        className="message-composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor="message-body" className="visually-hidden">
          Message
        </label>
        <textarea
          id="message-body"
          className="textarea"
          rows={3}
          value={text}
          placeholder={props.side === "customer" ? "Write to the studio…" : "Write to the customer…"}
          aria-invalid={over || undefined}
          aria-describedby="message-count"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
        {files.length > 0 ? (
          <ul className="composer-files">
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`} className="pill">
                {file.name} · {formatSize(file.size)}
                <button
                  type="button"
                  className="composer-remove"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles(files.filter((_, at) => at !== index))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {error || over ? (
          <p className="alert alert-error" role="alert">
            {error ?? MESSAGE_TOO_LONG}
          </p>
        ) : null}
        <div className="composer-row">
          <label className="button button-sm composer-attach">
            Attach
            <input
              ref={fileInput}
              type="file"
              accept={ATTACHMENT_TYPES}
              multiple
              className="visually-hidden"
              onChange={(event) => chooseFiles(event.target.files)}
            />
          </label>
          <span id="message-count" className={over ? "composer-count is-over" : "composer-count muted"}>
            {text.length.toLocaleString("en-US")} / {MAX_MESSAGE_LENGTH.toLocaleString("en-US")}
          </span>
          <button type="submit" className="button button-primary" disabled={busy || over || (text.trim() === "" && files.length === 0)}>
            Send
          </button>
        </div>
      </form>
      <Toasts />
    </div>
  );
}
