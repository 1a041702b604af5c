// Announcements to every user (SPEC.md §2 Quick Actions, §5, §7, §8): an app announcement and an
// e-mail announcement. While one is being sent the long-running notice shows; the server answers
// at once and notifies the admin when the fan-out is done, so the bell is asked to refresh.
// Each one asks first, with the number of users it reaches and a preview. Messages are
// written in a Markdown subset (decision 083); beside the editor (under it on phones) a preview shows,
// as the admin types, what users will see: the bell's line and the notifications page's bubble, or
// the e-mail's text.
import { type FormEvent, type ReactNode, useState } from "react";
import {
  ANNOUNCEMENT_NOTICE,
  BLANK_APP_ANNOUNCEMENT,
  BLANK_EMAIL_MESSAGE,
  BLANK_EMAIL_SUBJECT,
  emailAnnouncementSource,
  emailAnnouncementText,
} from "../../src/shared/announcements";
import { NOTIFICATIONS_REFRESH_EVENT } from "../../src/shared/notifications";
import { api } from "../api";
import { CHANNEL_TITLES, ChannelAvatar } from "../notifications/channel-icon";
import { NotificationText, notificationLine } from "../notifications/message-text";
import { useConfirm } from "../ui/confirm-dialog";
import { Field, errorAria } from "../ui/field";
import { ModalHost } from "../ui/modal-views";
import { Toasts } from "../ui/toasts";
import { useForm } from "../ui/use-form";

const users = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "user" : "users"}`;

type Errors = Partial<Record<"message" | "subject", string>>;

type Call = () => Promise<{ data: { message: string } | null; error: { value: unknown } | null }>;

function useSender() {
  const { busy: sending, submit } = useForm();
  const confirm = useConfirm();
  // The notice stays after the answer too: the fan-out goes on in the background.
  const [notice, setNotice] = useState(false);
  async function send(call: Call): Promise<boolean> {
    setNotice(true);
    if (!(await submit(call))) {
      setNotice(false);
      return false;
    }
    // SPEC.md §7: notifications page 1 is fetched again (the admin's own "sent" notice lands there).
    window.dispatchEvent(new Event(NOTIFICATIONS_REFRESH_EVENT));
    return true;
  }
  /** Asks "Send … to N users?" with a preview; sends on Confirm, then runs `sent`. */
  function ask(options: { id: string; title: string; confirmLabel: string; preview: ReactNode; call: Call; sent: () => void }) {
    confirm({
      id: options.id,
      title: options.title,
      message: "Each user's notification switches are respected. It cannot be called back once sent.",
      details: options.preview,
      confirmLabel: options.confirmLabel,
      onConfirm: async () => {
        if (!(await send(options.call))) throw new Error("not sent");
        options.sent();
      },
    });
  }
  return { sending, notice, ask, hideNotice: () => setNotice(false) };
}

/** The message's textarea, with the one-line help naming the formatting it takes. */
function MessageField(props: { id: string; value: string; error?: string; onChange: (value: string) => void }) {
  const aria = errorAria(props.id, props.error);
  return (
    <Field id={props.id} label="Message" error={props.error}>
      <textarea
        id={props.id}
        className="textarea announcement-editor"
        value={props.value}
        maxLength={5000}
        aria-invalid={aria["aria-invalid"]}
        aria-describedby={[`${props.id}-help`, aria["aria-describedby"]].filter(Boolean).join(" ")}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <p className="field-hint" id={`${props.id}-help`}>
        Formatting: <code className="announcement-syntax">**bold**</code>, <code className="announcement-syntax">*italic*</code>,{" "}
        <code className="announcement-syntax">[link](https://…)</code>, <code className="announcement-syntax">- lists</code>
      </p>
    </Field>
  );
}

/** What users will see, framed; `caption` says where. Empty until there is a message. */
function Preview(props: { caption: string; empty: boolean; children: ReactNode }) {
  return (
    <figure className="announcement-preview" aria-label="Preview">
      <figcaption className="subtle">{props.caption}</figcaption>
      {props.empty ? <p className="announcement-preview-empty subtle">Your message shows here as users will see it.</p> : props.children}
    </figure>
  );
}

/**
 * An app announcement as the bell lists it (one line) and as the notifications page shows it; the
 * confirmation, asked with the editor in sight, shows the page's bubble alone.
 */
function AppPreview(props: { message: string; id: string; bell: boolean }) {
  const item = { channelID: "announcements" as const, message: props.message };
  return (
    <Preview caption={props.bell ? "In the bell, then on the notifications page:" : "On the notifications page:"} empty={!props.message}>
      {props.bell ? (
        <div className="announcement-preview-bell bell-item is-unread">
          <ChannelAvatar channel="announcements" />
          <span className="bell-item-text">
            <span className="bell-item-message">{notificationLine(item)}</span>
            <span className="bell-item-meta">{CHANNEL_TITLES.announcements.title} · Just now</span>
          </span>
        </div>
      ) : null}
      <div className="channel-message">
        <NotificationText item={item} id={props.id} />
      </div>
    </Preview>
  );
}

/** An e-mail announcement as sent: its subject and its text, signed. */
function EmailPreview(props: { subject: string; message: string; signature: string }) {
  return (
    <Preview caption={`Subject: ${props.subject}`} empty={!props.message}>
      <p className="announcement-preview-text">{emailAnnouncementText(emailAnnouncementSource(props.message, props.signature))}</p>
    </Preview>
  );
}

function AppAnnouncementForm(props: { recipients: number }) {
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { sending, notice, ask, hideNotice } = useSender();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setErrors({ message: BLANK_APP_ANNOUNCEMENT });
      return;
    }
    ask({
      id: "app-announcement",
      title: `Send this app announcement to ${users(props.recipients)}?`,
      confirmLabel: "Send announcement",
      preview: <AppPreview message={text} id="app-announcement-confirm-text" bell={false} />,
      call: () => api.api.admin.notifications.appannouncement.post({ message: text }),
      sent: () => setMessage(""),
    });
  }

  return (
    <form className="announcement-form stack" noValidate onSubmit={submit} aria-labelledby="app-announcement-title">
      <div className="announcement-head">
        <h3 id="app-announcement-title">App announcement</h3>
        <p className="subtle">Shown in the bell and notifications of {users(props.recipients)}, in the Announcements channel.</p>
      </div>
      <div className="announcement-compose">
        <MessageField
          id="app-announcement-message"
          value={message}
          error={errors.message}
          onChange={(value) => {
            setMessage(value);
            setErrors({});
            hideNotice();
          }}
        />
        <AppPreview message={message.trim()} id="app-announcement-preview-text" bell />
      </div>
      {notice ? (
        <p className="alert announcement-notice" role="status">
          {ANNOUNCEMENT_NOTICE}
        </p>
      ) : null}
      <div className="announcement-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : "Send app announcement"}
        </button>
      </div>
    </form>
  );
}

function EmailAnnouncementForm(props: { recipients: number; signature: string }) {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { sending, notice, ask, hideNotice } = useSender();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!subject.trim()) found.subject = BLANK_EMAIL_SUBJECT;
    if (!message.trim()) found.message = BLANK_EMAIL_MESSAGE;
    setErrors(found);
    if (found.subject || found.message) return;
    const body = { subject: subject.trim(), message: message.trim() };
    ask({
      id: "email-announcement",
      title: `E-mail this announcement to ${users(props.recipients)}?`,
      confirmLabel: "Send e-mail",
      preview: <EmailPreview subject={body.subject} message={body.message} signature={props.signature} />,
      call: () => api.api.admin.notifications.emailannouncement.post(body),
      sent: () => {
        setSubject("");
        setMessage("");
      },
    });
  }

  return (
    <form className="announcement-form stack" noValidate onSubmit={submit} aria-labelledby="email-announcement-title">
      <div className="announcement-head">
        <h3 id="email-announcement-title">E-mail announcement</h3>
        <p className="subtle">E-mailed to the {users(props.recipients)} who keep announcement e-mails on.</p>
      </div>
      <Field id="email-announcement-subject" label="Subject" error={errors.subject}>
        <input
          id="email-announcement-subject"
          className="input"
          value={subject}
          maxLength={200}
          {...errorAria("email-announcement-subject", errors.subject)}
          onChange={(event) => {
            setSubject(event.target.value);
            setErrors({ ...errors, subject: undefined });
            hideNotice();
          }}
        />
      </Field>
      <div className="announcement-compose">
        <MessageField
          id="email-announcement-message"
          value={message}
          error={errors.message}
          onChange={(value) => {
            setMessage(value);
            setErrors({ ...errors, message: undefined });
            hideNotice();
          }}
        />
        <EmailPreview subject={subject.trim()} message={message.trim()} signature={props.signature} />
      </div>
      {notice ? (
        <p className="alert announcement-notice" role="status">
          {ANNOUNCEMENT_NOTICE}
        </p>
      ) : null}
      <div className="announcement-actions">
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? "Sending…" : "Send e-mail announcement"}
        </button>
      </div>
    </form>
  );
}

export type AnnouncementsProps = {
  /** How many users each kind reaches (their announcement switch is on), counted when the page was rendered. */
  recipients: { app: number; email: number };
  /** The admin's name, as the e-mail is signed. */
  signature: string;
};

export default function Announcements(props: AnnouncementsProps) {
  return (
    <div className="announcements">
      <AppAnnouncementForm recipients={props.recipients.app} />
      <EmailAnnouncementForm recipients={props.recipients.email} signature={props.signature} />
      <Toasts />
      <ModalHost />
    </div>
  );
}
