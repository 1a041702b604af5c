// Ordering a project (SPEC.md §4), also for visitors: every check first, then the files, then every
// row in one transaction (decision 010).

import type { Actor } from "../../http/actor";
import { HttpError, badRequest } from "../../http/errors";
import { newId } from "../../lib/ids";
import { READABLE_ALPHABET, randomText } from "../../lib/random-text";
import { isUniqueViolation } from "../../lib/sql-state";
import { removeStoredObjects } from "../../lib/storage";
import { TEMPORARY_PASSWORD_DAYS, TEMPORARY_PASSWORD_LENGTH, formatPrice, packageFor } from "../../shared/packages";
import { formatProjectReference } from "../../shared/project-reference";
import { type ProjectDraft, validateDraft } from "../../shared/wizard";
import { claimCodeFor, isCodeFree, normalizeAccessCode } from "../access-codes";
import { recordActivity } from "../activity";
import { hashPassword, signInUser } from "../auth";
import { enqueueMail } from "../mail";
import { recordAccessCodePayment } from "../payments";
import { emitWebhookEvent } from "../webhooks";
import { checkImages, collectImages, storeImages } from "./images";
import { temporaryPasswordMail } from "./mails";
import type { CreateProjectForm } from "./model";
import { deleteWizardDraft, insertImages, insertProject, insertUser, isEmailTaken } from "./queries";
import { type Deps, EMAIL_IN_USE, INVALID_ORDER_CODE, columnsOf, refuseInvalid } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// ---------------------------------------------------------------------------------------------
// Ordering

export type CreatedProject = { projectID: string; reference: string; message: string; email: string; setCookie: string | null };

/**
 * Creates a project from the wizard's draft and images. A visitor also gets an account with a
 * temporary password (mailed) and is signed in. Files are stored first under the new ids and
 * every row is written in one transaction afterwards; if anything fails, the stored files are
 * deleted again, so a failed order leaves no user, no project and no file behind.
 */
export async function createProject(deps: Deps, actor: Actor | null, form: CreateProjectForm): Promise<CreatedProject> {
  const db = deps.database.db;
  // A signed-in customer orders as themselves: the e-mail in the draft is not theirs to choose.
  const draft: ProjectDraft = actor ? { ...form.data, email: actor.user.email } : form.data;
  const incoming = collectImages(form);
  refuseInvalid(validateDraft(draft, { logoCount: incoming.filter((image) => image.kind === "logo").length }));

  const code = draft.hasAccessCode ? normalizeAccessCode(draft.accessCode) : null;
  if (draft.hasAccessCode && (code === null || !(await isCodeFree(db, code)))) {
    throw badRequest(INVALID_ORDER_CODE, { accessCode: INVALID_ORDER_CODE });
  }
  const email = normalizeEmail(draft.email);
  if (!actor && (await isEmailTaken(db, email))) throw emailInUse();

  const pageCount = packageFor(draft.projectType).customPages;
  const checked = await checkImages(incoming, { pageCount });
  const temporaryPassword = actor ? null : randomText(TEMPORARY_PASSWORD_LENGTH, READABLE_ALPHABET);
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : null;

  const projectId = newId();
  const creatorId = actor?.user.id ?? newId();
  const stored = await storeImages(deps, projectId, checked);
  let reference: string;
  try {
    reference = await db.transaction(async (tx) => {
      if (!actor) {
        await insertUser(tx, {
          id: creatorId,
          email,
          displayName: draft.creatorName.trim(),
          passwordHash,
          passwordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * DAY_MS),
          mustChangePassword: true,
        });
      }
      const numbered = await insertProject(tx, {
        id: projectId,
        creatorId,
        creatorName: draft.creatorName.trim(),
        accessCode: code,
        ...columnsOf(draft, deps),
      });
      const reference = formatProjectReference(numbered);
      // The conditional UPDATE is the real check: of two orders racing for one code, one wins.
      if (code !== null && !(await claimCodeFor(tx, code, projectId))) throw badRequest(INVALID_ORDER_CODE, { accessCode: INVALID_ORDER_CODE });
      // The code waives payment: the project is paid, with the source "access code".
      if (code !== null) await recordAccessCodePayment(tx, projectId, null);
      await insertImages(tx, stored);
      await recordActivity(tx, [
        { projectId, actorId: creatorId, kind: "created", details: { projectType: draft.projectType } },
        ...(code !== null ? [{ projectId, actorId: creatorId, kind: "payment_recorded" as const, details: { method: "access_code" as const } }] : []),
      ]);
      const ordered = packageFor(draft.projectType);
      await emitWebhookEvent(deps, tx, "project.created", {
        projectId,
        projectName: draft.projectName,
        projectType: draft.projectType,
        packageName: ordered.title,
        price: formatPrice(ordered.price),
        customerId: creatorId,
        customerName: draft.creatorName.trim(),
        status: "pending-approval",
      });
      if (temporaryPassword) {
        await enqueueMail(
          deps.jobs,
          tx,
          await temporaryPasswordMail(deps, { name: draft.creatorName.trim(), email, projectId, reference, draft, password: temporaryPassword }),
        );
      }
      // The order is sent: the unfinished copy on the account has served its purpose.
      if (actor) await deleteWizardDraft(tx, actor.user.id);
      return reference;
    });
  } catch (error) {
    await removeStoredObjects(
      deps,
      stored.map((row) => row.storageKey),
    );
    // Someone registered this e-mail between our check and the insert.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  const setCookie = actor ? null : await signInUser(deps, creatorId);
  const message = actor ? "Project created." : "Project created. We e-mailed you a temporary password for your new account.";
  return { projectID: projectId, reference, message, email, setCookie };
}

function emailInUse(): HttpError {
  return new HttpError(409, EMAIL_IN_USE, { email: "Log in with this e-mail address to order with it, or use another one." });
}
