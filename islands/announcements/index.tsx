// Announcements to every user (SPEC.md §2 Quick Actions, §5, §7, §8): an app announcement and an
// e-mail announcement. While one is being sent the long-running notice shows; the server answers
// at once and notifies the admin when the fan-out is done, so the bell is asked to refresh.
// Each one asks first, with the number of users it reaches and a preview (issue 16).
import { type FormEvent, type ReactNode, useState } from "react";
import { ANNOUNCEMENT_NOTICE, BLANK_APP_ANNOUNCEMENT, BLANK_EMAIL_MESSAGE, BLANK_EMAIL_SUBJECT } from "../../src/shared/announcements";
import { NOTIFICATIONS_REFRESH_EVENT } from "../../src/shared/notifications";
import { api } from "../api";
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
      preview: (
        <figure className="announcement-preview" aria-label="Preview">
          <figcaption className="subtle">In the bell and on the notifications page, channel Announcements:</figcaption>
          <p className="announcement-preview-text">{text}</p>
        </figure>
      ),
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
      <Field id="app-announcement-message" label="Message" error={errors.message}>
        <textarea
          id="app-announcement-message"
          className="textarea"
          value={message}
          maxLength={5000}
          {...errorAria("app-announcement-message", errors.message)}
          onChange={(event) => {
            setMessage(event.target.value);
            setErrors({});
            hideNotice();
          }}
        />
      </Field>
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
      preview: (
        <figure className="announcement-preview" aria-label="Preview">
          <figcaption className="subtle">Subject: {body.subject}</figcaption>
          <p className="announcement-preview-text">{`${body.message}\n\n${props.signature}\nWebstudio`}</p>
        </figure>
      ),
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
      <Field id="email-announcement-message" label="Message" error={errors.message}>
        <textarea
          id="email-announcement-message"
          className="textarea"
          value={message}
          maxLength={5000}
          {...errorAria("email-announcement-message", errors.message)}
          onChange={(event) => {
            setMessage(event.target.value);
            setErrors({ ...errors, message: undefined });
            hideNotice();
          }}
        />
      </Field>
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
