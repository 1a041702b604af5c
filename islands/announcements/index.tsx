// Announcements to every user (SPEC.md §2 Quick Actions, §5, §7, §8): an app announcement and an
// e-mail announcement. While one is being sent the long-running notice shows; the server answers
// at once and notifies the admin when the fan-out is done, so the bell is asked to refresh.
import { type FormEvent, useState } from "react";
import {
  ANNOUNCEMENT_NOTICE,
  BLANK_APP_ANNOUNCEMENT,
  BLANK_EMAIL_MESSAGE,
  BLANK_EMAIL_SUBJECT,
  NOTIFICATIONS_REFRESH_EVENT,
} from "../../src/shared/notifications";
import { api } from "../api";
import { Field, errorAria } from "../ui/field";
import { Toasts } from "../ui/toasts";
import { useForm } from "../ui/use-form";

type Errors = Partial<Record<"message" | "subject", string>>;

function useSender() {
  const { busy: sending, submit } = useForm();
  // The notice stays after the answer too: the fan-out goes on in the background.
  const [notice, setNotice] = useState(false);
  async function send(call: () => Promise<{ data: { message: string } | null; error: { value: unknown } | null }>): Promise<boolean> {
    setNotice(true);
    if (!(await submit(call))) {
      setNotice(false);
      return false;
    }
    // SPEC.md §7: notifications page 1 is fetched again (the admin's own "sent" notice lands there).
    window.dispatchEvent(new Event(NOTIFICATIONS_REFRESH_EVENT));
    return true;
  }
  return { sending, notice, send, hideNotice: () => setNotice(false) };
}

function AppAnnouncementForm() {
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { sending, notice, send, hideNotice } = useSender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setErrors({ message: BLANK_APP_ANNOUNCEMENT });
      return;
    }
    if (await send(() => api.api.admin.notifications.appannouncement.post({ message: message.trim() }))) setMessage("");
  }

  return (
    <form className="announcement-form stack" noValidate onSubmit={submit} aria-labelledby="app-announcement-title">
      <div className="announcement-head">
        <h3 id="app-announcement-title">App announcement</h3>
        <p className="subtle">Shown in every user's bell and notifications, in the Announcements channel.</p>
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

function EmailAnnouncementForm() {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { sending, notice, send, hideNotice } = useSender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!subject.trim()) found.subject = BLANK_EMAIL_SUBJECT;
    if (!message.trim()) found.message = BLANK_EMAIL_MESSAGE;
    setErrors(found);
    if (found.subject || found.message) return;
    const sent = await send(() => api.api.admin.notifications.emailannouncement.post({ subject: subject.trim(), message: message.trim() }));
    if (sent) {
      setSubject("");
      setMessage("");
    }
  }

  return (
    <form className="announcement-form stack" noValidate onSubmit={submit} aria-labelledby="email-announcement-title">
      <div className="announcement-head">
        <h3 id="email-announcement-title">E-mail announcement</h3>
        <p className="subtle">E-mailed to every user who keeps announcement e-mails on.</p>
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

export type AnnouncementsProps = Record<string, never>;

export default function Announcements(_props: AnnouncementsProps) {
  return (
    <div className="announcements">
      <AppAnnouncementForm />
      <EmailAnnouncementForm />
      <Toasts />
    </div>
  );
}
