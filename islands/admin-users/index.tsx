// The admins of /admin (SPEC.md §2 General, §4 Admin role changes, §5 Make admin dialog):
// the list with Admin / Super admin badges; 'Create new admin' searches non-admins by name
// (only with non-empty text), picks one (clicking it again deselects) and confirms. Super admins
// also get Remove admin and Make super admin for admins who are not super admins, and Reset
// two-factor for others who have it on (a lost phone).
import { useEffect, useState } from "react";
import { api, errorMessage } from "../api";
import { useConfirm } from "../ui/confirm-dialog";
import { DialogActions, ModalHost } from "../ui/modal-views";
import { useModals } from "../ui/modals";
import { Toasts, useToast } from "../ui/toasts";
import { useForm } from "../ui/use-form";

export type AdminUser = { _id: string; displayName: string; email: string; photoURL: string | null; isSuperAdmin: boolean; mfaEnabled?: boolean };
export type AdminUsersProps = { admins: AdminUser[]; viewerId: string; viewerIsSuperAdmin: boolean };

export const REMOVE_ADMIN_QUESTION = "Are you sure you want to remove this user's admin privilges?";
export const MAKE_SUPER_ADMIN_QUESTION = "Are you sure you want to give this user super admin privileges?";
const RESET_MFA_QUESTION = "Reset this user's two-factor authentication? They are signed out everywhere and must set it up again.";
const SEARCH_DELAY_MS = 250;

type Found = { _id: string; displayName: string; email: string };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

function Avatar(props: { user: { displayName: string; photoURL?: string | null } }) {
  const [broken, setBroken] = useState(false);
  if (props.user.photoURL && !broken) {
    return <img className="avatar avatar-sm" src={props.user.photoURL} alt="" width={32} height={32} onError={() => setBroken(true)} />;
  }
  return (
    <span className="avatar avatar-sm admin-initials" aria-hidden="true">
      {initials(props.user.displayName) || "?"}
    </span>
  );
}

function MakeAdminForm(props: { close: () => void; onDone: () => Promise<void> }) {
  const [text, setText] = useState("");
  const [results, setResults] = useState<Found[]>([]);
  const [searching, setSearching] = useState(false);
  const [searched, setSearched] = useState(false);
  const [selected, setSelected] = useState<Found | null>(null);
  const { busy, submit } = useForm();
  const toast = useToast();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the search reruns when the text changes, not when the toast helper does
  useEffect(() => {
    const searchText = text.trim();
    // The search runs only with non-empty text (SPEC.md §5).
    if (!searchText) {
      setResults([]);
      setSearched(false);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      setSearching(true);
      const { data, error } = await api.api.admin.users.searchnonadmin.get({ query: { searchText } });
      if (!current) return;
      setSearching(false);
      setSearched(true);
      if (error) return toast.error(errorMessage(error));
      setResults(data.users.map((user) => ({ _id: user._id, displayName: user.displayName, email: user.email })));
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  async function confirmChoice() {
    if (!selected) return;
    const userID = selected._id;
    if (!(await submit(() => api.api.admin.users.makeadmin.patch({ userID }), { stayBusy: true }))) return;
    await props.onDone();
    props.close();
  }

  return (
    <div className="stack make-admin">
      <h2 className="dialog-title">Create new admin</h2>
      <p className="muted">Search for a registered user by name and pick who should become an admin.</p>
      <div className="field">
        <label htmlFor="make-admin-search">Name</label>
        <input
          id="make-admin-search"
          className="input"
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          placeholder="Start typing a name"
          data-autofocus
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="search-results" role="listbox" aria-label="Matching users" aria-busy={searching}>
        {results.map((user) => {
          const isSelected = selected?._id === user._id;
          return (
            <button
              key={user._id}
              type="button"
              role="option"
              aria-selected={isSelected}
              className={isSelected ? "search-result is-selected" : "search-result"}
              onClick={() => setSelected(isSelected ? null : user)}
            >
              <Avatar user={user} />
              <span className="search-result-text">
                <strong>{user.displayName}</strong>
                <span>{user.email}</span>
              </span>
              {isSelected ? (
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="search-result-check">
                  <path d="M5 12l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
            </button>
          );
        })}
        {results.length === 0 ? (
          <p className="search-results-note muted">{searching ? "Searching…" : searched ? "No users matched that name." : "Matching users appear here."}</p>
        ) : null}
      </div>
      <DialogActions close={props.close} busy={busy} ready={Boolean(selected)} label="Make admin" busyLabel="Saving…" onConfirm={() => void confirmChoice()} />
    </div>
  );
}

export default function AdminUsers(props: AdminUsersProps) {
  const [admins, setAdmins] = useState(props.admins);
  const { openModal } = useModals();
  const confirm = useConfirm();
  const toast = useToast();

  async function reload() {
    const { data, error } = await api.api.admin.users.get();
    if (error) return void toast.error(errorMessage(error));
    setAdmins(
      data.users.map((user) => ({
        _id: user._id,
        displayName: user.displayName,
        email: user.email,
        photoURL: user.photoURL,
        isSuperAdmin: user.isSuperAdmin,
        mfaEnabled: user.mfaEnabled,
      })),
    );
  }

  function changeRole(user: AdminUser, action: "removeadmin" | "makesuperadmin" | "resetmfa") {
    const questions = { removeadmin: REMOVE_ADMIN_QUESTION, makesuperadmin: MAKE_SUPER_ADMIN_QUESTION, resetmfa: RESET_MFA_QUESTION };
    const labels = { removeadmin: "Remove admin", makesuperadmin: "Make super admin", resetmfa: "Reset two-factor" };
    confirm({
      id: `${action}-${user._id}`,
      title: questions[action],
      message: `${user.displayName} (${user.email})`,
      confirmLabel: labels[action],
      danger: action !== "makesuperadmin",
      onConfirm: async () => {
        const { data, error } =
          action === "removeadmin"
            ? await api.api.admin.users.removeadmin.patch({ userID: user._id })
            : action === "resetmfa"
              ? await api.api.admin.users.resetmfa.patch({ userID: user._id })
              : await api.api.admin.users.makesuperadmin.patch({ userID: user._id });
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        toast.success(data.message);
        await reload();
      },
    });
  }

  return (
    <div className="admin-users">
      <div className="card-head">
        <h2 id="admins-title" className="card-title">
          Admins
        </h2>
        <button
          type="button"
          className="button button-primary"
          onClick={() => openModal({ id: "make-admin", label: "Create new admin", render: (close) => <MakeAdminForm close={close} onDone={reload} /> })}
        >
          Create new admin
        </button>
      </div>
      <ul className="admin-list">
        {admins.map((user) => (
          <li key={user._id} className="admin-row">
            <Avatar user={user} />
            <div className="admin-row-text">
              <strong>
                {user.displayName}
                {user._id === props.viewerId ? <span className="muted admin-you"> (you)</span> : null}
              </strong>
              <span className="admin-email">{user.email}</span>
            </div>
            <span className={user.isSuperAdmin ? "badge badge-blue" : "badge"}>{user.isSuperAdmin ? "Super admin" : "Admin"}</span>
            <a className="button button-sm" href={`/admin/users/${user._id}/tokens`} aria-label={`API tokens of ${user.displayName}`}>
              API tokens
            </a>
            {props.viewerIsSuperAdmin && !user.isSuperAdmin ? (
              <div className="admin-row-actions">
                <button type="button" className="button button-sm" onClick={() => changeRole(user, "makesuperadmin")}>
                  Make super admin
                </button>
                <button type="button" className="button button-sm button-danger-ghost" onClick={() => changeRole(user, "removeadmin")}>
                  Remove admin
                </button>
              </div>
            ) : null}
            {props.viewerIsSuperAdmin && user.mfaEnabled && user._id !== props.viewerId ? (
              <div className="admin-row-actions">
                <button type="button" className="button button-sm button-danger-ghost" onClick={() => changeRole(user, "resetmfa")}>
                  Reset two-factor
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Toasts />
      <ModalHost />
    </div>
  );
}
