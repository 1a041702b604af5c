// Wizard drafts kept on the account: a signed-in customer who starts an order on one
// device finds it on another. The browser keeps its own copy too (offline, and the only copy of
// the domain provider's password and the chosen images); the wizard takes the newer of the two.
import type { Actor } from "../../http/actor";
import type { WizardDraftData } from "../../shared/wizard";
import { deleteWizardDraft, findWizardDraft, upsertWizardDraft } from "./queries";
import type { Deps } from "./service";

export type WizardDraftAnswer = { draft: WizardDraftData | null; updatedAt: string | null };

export async function readWizardDraft(deps: Deps, actor: Actor): Promise<WizardDraftAnswer> {
  const row = await findWizardDraft(deps.database.db, actor.user.id);
  return row ? { draft: row.data, updatedAt: row.updatedAt.toISOString() } : { draft: null, updatedAt: null };
}

export async function saveWizardDraft(deps: Deps, actor: Actor, draft: WizardDraftData): Promise<WizardDraftAnswer> {
  const row = await upsertWizardDraft(deps.database.db, actor.user.id, draft);
  return { draft: row.data, updatedAt: row.updatedAt.toISOString() };
}

export async function discardWizardDraft(deps: Deps, actor: Actor): Promise<WizardDraftAnswer> {
  await deleteWizardDraft(deps.database.db, actor.user.id);
  return { draft: null, updatedAt: null };
}
