// The create wizard's draft survives a reload (text fields only; files cannot be stored).
import { type ProjectDraft, newProjectDraft } from "../../src/shared/wizard";

export const DRAFT_KEY = "webstudio:wizard-draft";

export function loadDraft(): ProjectDraft | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ProjectDraft>;
    if (!parsed || typeof parsed !== "object") return null;
    // Only known keys with the right type survive: an old or tampered entry cannot break the form.
    const base = newProjectDraft(parsed.projectType === "m" || parsed.projectType === "l" ? parsed.projectType : "s");
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(base)) {
      const stored = (parsed as Record<string, unknown>)[key];
      if (stored === undefined) continue;
      const sameType =
        value === null || stored === null ? key === "customTintColor" : Array.isArray(value) ? Array.isArray(stored) : typeof stored === typeof value;
      if (sameType) merged[key] = stored;
    }
    return merged as ProjectDraft;
  } catch {
    return null;
  }
}

export function saveDraft(draft: ProjectDraft): void {
  try {
    // The domain provider's password is a secret: it is never written to the browser's storage.
    const { domainProviderPassword: _secret, ...kept } = draft;
    localStorage.setItem(DRAFT_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the draft simply does not survive a reload.
  }
}

export function clearDraft(): void {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing stored.
  }
}
