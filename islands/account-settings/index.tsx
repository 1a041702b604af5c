// The Account and Profile parts of Settings (SPEC.md §2, §5): each row shows its value and an
// Edit button; the form saves only a changed value, and a saved row closes after 1 second.
import { atom, useAtom } from "jotai";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { api, errorMessage } from "../api";
import { FormError } from "../ui/field";
import { IdentityProof, emptyProof, proofBody } from "../ui/identity-proof";

export type AccountSettingsProps = {
  email: string;
  displayName: string;
  photoURL: string | null;
  hasPassword: boolean;
  mfaEnabled: boolean;
  section: "account" | "profile";
};

type RowName = "email" | "password" | "displayName" | "photo";
const openRowAtom = atom<RowName | null>(null);
const SAVED_CLOSE_MS = 1000;
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

type Outcome = { error: string } | { saved: string } | { unchanged: true };

function Row(props: {
  name: RowName;
  label: string;
  value: ReactNode;
  children: ReactNode;
  onSave: () => Promise<Outcome>;
  onOpen?: () => void;
  canSave?: boolean;
}) {
  const [openRow, setOpenRow] = useAtom(openRowAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const open = openRow === props.name;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => {
      setSaved(null);
      setOpenRow(null);
    }, SAVED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saved, setOpenRow]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const outcome = await props.onSave();
    setBusy(false);
    if ("error" in outcome) setError(outcome.error);
    else if ("saved" in outcome) setSaved(outcome.saved);
    else setOpenRow(null);
  }

  return (
    <div className={open ? "setting-row is-open" : "setting-row"}>
      <div className="setting-head">
        <div className="setting-text">
          <span className="setting-label">{props.label}</span>
          <span className="setting-value">{props.value}</span>
        </div>
        {open ? null : (
          <button
            type="button"
            className="button button-sm"
            onClick={() => {
              setError(null);
              setSaved(null);
              props.onOpen?.();
              setOpenRow(props.name);
            }}
          >
            Edit <span className="visually-hidden">{props.label}</span>
          </button>
        )}
      </div>
      {open ? (
        <form className="setting-form stack" onSubmit={submit}>
          {props.children}
          <FormError error={error} />
          {saved ? (
            <p className="setting-saved" role="status">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {saved}
            </p>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-primary button-sm" disabled={busy || Boolean(saved) || props.canSave === false}>
              {busy ? "Saving…" : "Save"}
            </button>
            <button type="button" className="button button-ghost button-sm" disabled={busy} onClick={() => setOpenRow(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

function Input(props: { id: string; label: string; type: string; value: string; onChange: (v: string) => void; autoComplete: string; minLength?: number }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input"
        type={props.type}
        value={props.value}
        required
        minLength={props.minLength}
        autoComplete={props.autoComplete}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

function Avatar(props: { src: string | null; size: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="avatar" style={{ width: props.size, height: props.size }}>
      <svg className="avatar-fallback" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.5-8 5.6V21h16v-1.4c0-3.1-3.6-5.6-8-5.6z" fill="currentColor" />
      </svg>
      {props.src && !broken ? <img src={props.src} alt="" onError={() => setBroken(true)} /> : null}
    </span>
  );
}

export default function AccountSettings(props: AccountSettingsProps) {
  const [email, setEmail] = useState(props.email);
  const [displayName, setDisplayName] = useState(props.displayName);
  const [photoURL, setPhotoURL] = useState(props.photoURL);
  const [hasPassword, setHasPassword] = useState(props.hasPassword);
  const [draft, setDraft] = useState({ email: "", currentPassword: "", password: "", displayName: "" });
  const [proof, setProof] = useState(emptyProof);
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const edit = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.preview) : undefined), [photo]);

  async function saveEmail(): Promise<Outcome> {
    if (draft.email.trim().toLowerCase() === email) return { unchanged: true };
    // A new e-mail can reset the password, so it asks for the same proof as deleting the account (decision 088).
    const { data, error } = await api.api.users.me.patch({ email: draft.email, ...proofBody(proof, { hasPassword, mfaEnabled: props.mfaEnabled }) });
    if (error) return { error: errorMessage(error) };
    setEmail(data.user.email);
    return { saved: data.message };
  }

  async function savePassword(): Promise<Outcome> {
    const { data, error } = await api.api.users.me.password.patch({ currentPassword: draft.currentPassword, password: draft.password });
    if (error) return { error: errorMessage(error) };
    setHasPassword(true);
    return { saved: data.message };
  }

  async function saveName(): Promise<Outcome> {
    if (draft.displayName.trim() === displayName) return { unchanged: true };
    const { data, error } = await api.api.users.me.patch({ displayName: draft.displayName });
    if (error) return { error: errorMessage(error) };
    setDisplayName(data.user.displayName);
    return { saved: data.message };
  }

  async function savePhoto(): Promise<Outcome> {
    if (!photo) return { error: "Choose an image first." };
    const { data, error } = await api.api.users.me.photo.post({ photo: photo.file });
    if (error) return { error: errorMessage(error) };
    setPhotoURL(data.photoURL);
    setPhoto(null);
    return { saved: data.message };
  }

  function choosePhoto(file: File | undefined) {
    setPhotoError(null);
    if (!file) return setPhoto(null);
    if (!file.type.startsWith("image/")) return setPhotoError("Choose an image file (PNG, JPEG, WebP or GIF).");
    if (file.size > PHOTO_MAX_BYTES) return setPhotoError("The photo is too large: the limit is 2 MiB.");
    setPhoto({ file, preview: URL.createObjectURL(file) });
  }

  if (props.section === "account") {
    return (
      <div className="setting-rows">
        <Row
          name="email"
          label="E-mail"
          value={email}
          onSave={saveEmail}
          onOpen={() => {
            edit({ email });
            setProof(emptyProof);
          }}
        >
          <Input id="settings-email" label="New e-mail" type="email" value={draft.email} onChange={(v) => edit({ email: v })} autoComplete="email" />
          <IdentityProof id="settings-email" hasPassword={hasPassword} mfaEnabled={props.mfaEnabled} value={proof} onChange={setProof} />
        </Row>
        <Row
          name="password"
          label="Password"
          value={hasPassword ? "••••••••" : "Not set: you sign in with Google or single sign-on"}
          onSave={savePassword}
          onOpen={() => edit({ currentPassword: "", password: "" })}
        >
          {hasPassword ? (
            <Input
              id="settings-current-password"
              label="Current password"
              type="password"
              value={draft.currentPassword}
              onChange={(v) => edit({ currentPassword: v })}
              autoComplete="current-password"
            />
          ) : null}
          <Input
            id="settings-new-password"
            label="New password"
            type="password"
            value={draft.password}
            onChange={(v) => edit({ password: v })}
            autoComplete="new-password"
            minLength={6}
          />
          <p className="field-hint">At least 6 characters. Your other devices will be signed out.</p>
        </Row>
      </div>
    );
  }

  return (
    <div className="setting-rows">
      <Row name="displayName" label="Display name" value={displayName} onSave={saveName} onOpen={() => edit({ displayName })}>
        <Input id="settings-name" label="Display name" type="text" value={draft.displayName} onChange={(v) => edit({ displayName: v })} autoComplete="name" />
      </Row>
      <Row name="photo" label="Photo" value={<Avatar src={photoURL} size={40} />} onSave={savePhoto} onOpen={() => setPhoto(null)} canSave={photo !== null}>
        <div className="photo-editor">
          <Avatar src={photo?.preview ?? photoURL} size={72} />
          <div className="field">
            <label htmlFor="settings-photo">Choose an image</label>
            <input
              id="settings-photo"
              className="input input-file"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              required
              onChange={(event) => choosePhoto(event.target.files?.[0])}
            />
            <p className="field-hint">PNG, JPEG, WebP or GIF, up to 2 MiB.</p>
            <FormError error={photoError} />
          </div>
        </div>
      </Row>
    </div>
  );
}
