// A signed-in customer's draft also lives on their account, autosaved a moment after
// each change; this browser's copy stays the offline fallback and the only home of the password
// and the chosen images. The server renders the account's copy into the page (no call, and no
// Eden, at load); the newer of the two wins, with a notice when it is the account's.
import { type ProjectDraft, type WizardDraftData, withoutSecrets } from "../../src/shared/wizard";
import { api } from "../api";
import type { StoredDraft } from "./draft-storage";

export type AccountDraft = { draft: ProjectDraft; updatedAt: number };
/** The account's copy as the server read it while rendering the page (what GET /api/users/me/wizard-draft answers). */
export type SavedAccountDraft = { draft: WizardDraftData; updatedAt: string };

/** The account's copy the page came with, checked like this browser's; null when unreadable. */
export async function readAccountDraft(saved: SavedAccountDraft): Promise<AccountDraft | null> {
  // The wizard loads this browser's copy beside it: the same chunk, not a copy of its checks.
  const { sanitizeDraft } = await import("./draft-storage");
  const draft = sanitizeDraft(saved.draft);
  const updatedAt = Date.parse(saved.updatedAt);
  return draft && Number.isFinite(updatedAt) ? { draft, updatedAt } : null;
}

/** True when saved; false when the account could not be reached (the browser copy still holds it). */
export async function saveAccountDraft(draft: WizardDraftData): Promise<boolean> {
  try {
    const { error } = await api.api.users.me["wizard-draft"].put({ draft });
    return !error;
  } catch {
    return false;
  }
}

export const sameContent = (a: ProjectDraft, b: ProjectDraft): boolean => JSON.stringify(withoutSecrets(a)) === JSON.stringify(withoutSecrets(b));

export type Chosen = { stored: StoredDraft | null; fromAccount: boolean };

/**
 * The newer copy wins. The account's copy has no password and no files: those come from this
 * browser's copy when there is one.
 */
export function chooseNewer(local: StoredDraft | null, account: AccountDraft | null): Chosen {
  if (!account) return { stored: local, fromAccount: false };
  if (local && (sameContent(local.draft, account.draft) || local.savedAt >= account.updatedAt)) return { stored: local, fromAccount: false };
  const password = local?.draft.domainProviderPassword ?? "";
  return {
    stored: {
      draft: { ...account.draft, domainProviderPassword: password },
      logoFiles: local?.logoFiles ?? [],
      pageFiles: local?.pageFiles ?? [],
      savedAt: account.updatedAt,
    },
    fromAccount: true,
  };
}
