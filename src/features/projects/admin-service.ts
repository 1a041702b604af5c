// The admins' bulk changes and deletions of projects.
import type { NewProject } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { isId } from "../../lib/ids";
import { REVISION_WINDOW_DAYS, grantRefusal, revisionWindow } from "../../shared/revisions";
import { claimCodeFor, normalizeAccessCode } from "../access-codes";
import { recordActivity, recordAdminChanges } from "../activity";
import { type AuditBy, auditChanges, auditDeletions, recordAudit } from "../audit";
import { notifyProjectChanges, notifyProjectEvent, projectMessages, readProjectsBefore } from "../notifications";
import { type PendingCardRefund, applyAdminPaymentChange, recordAccessCodePayment, voidInvoicesOfDeniedProject } from "../payments";
import { emitWebhookEvent } from "../webhooks";
import type { AdminProjectsPatch } from "./model";
import { lockProject, markDelivered, updateProjectRow, updateProjects } from "./queries";
import { type Deps, INVALID_ADMIN_CODE, PROJECT_NOT_FOUND, deleteWithImages } from "./service";

export async function updateProjectsAsAdmin(
  deps: Deps & Pick<AppDeps, "payments">,
  patch: AdminProjectsPatch,
  by: AuditBy,
): Promise<{ message: string; projectIDs: string[] }> {
  const ids = [...new Set(patch.projectIDs)];
  const { accessCode, receivedPayment, refundIssued, paymentMethod, paymentReference, confirmOpenCheckout, ...flags } = patch.updatedFields;
  if ((paymentMethod !== undefined || paymentReference !== undefined || confirmOpenCheckout !== undefined) && receivedPayment !== true) {
    const message = "A payment method or reference goes with marking the project paid (receivedPayment: true).";
    throw badRequest(message, { paymentMethod: message });
  }
  const { updated, refunds } = await deps.database.db.transaction(async (tx) => {
    const values: Partial<NewProject> = { ...flags };
    const refunds: PendingCardRefund[] = [];
    if (accessCode !== undefined) {
      if (ids.length !== 1) throw badRequest("An access code can be submitted for one project at a time.", { projectIDs: "Select one project" });
      const projectId = ids[0]!;
      const project = await lockProject(tx, projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      if (project.accessCode) throw conflict("An access code was already submitted for this project.");
      const code = normalizeAccessCode(accessCode);
      if (code === null || !(await claimCodeFor(tx, code, projectId))) throw badRequest(INVALID_ADMIN_CODE, { accessCode: INVALID_ADMIN_CODE });
      values.accessCode = code;
    }
    const before = await readProjectsBefore(tx, ids);
    await recordAdminChanges(tx, ids, values, by.userId);
    if (values.status === "completed") await markDelivered(tx, ids, deps.now());
    await auditChanges(tx, by, "project", ids, { ...values, receivedPayment, refundIssued });
    const updated = await updateProjects(tx, ids, values);
    // Payment and refund are records, not flags: the flags follow from them (decision 019).
    // Refunds recorded by hand are events now; a card refund is one once Stripe confirms it (payments/service.ts).
    const refundedByHand = new Set<string>();
    for (const id of updated) {
      if (receivedPayment !== undefined || refundIssued !== undefined) {
        await lockProject(tx, id);
        const cardRefunds = await applyAdminPaymentChange(tx, deps.jobs, id, by.userId, {
          receivedPayment,
          refundIssued,
          method: paymentMethod,
          reference: paymentReference,
          confirmOpenCheckout,
        });
        refunds.push(...cardRefunds);
        if (refundIssued === true && cardRefunds.length === 0) refundedByHand.add(id);
      }
      if (values.accessCode) await recordAccessCodePayment(tx, id, by.userId);
      // A denied project owes nothing: its open invoice is void and cannot be paid (decision 077).
      if (values.status === "denied") await voidInvoicesOfDeniedProject(deps, tx, id, by.userId);
    }
    for (const project of before) {
      if (!updated.includes(project.id)) continue;
      if (receivedPayment === true && !project.receivedPayment) {
        await emitWebhookEvent(deps, tx, "payment.received", { projectId: project.id, projectName: project.projectName, method: paymentMethod ?? "other" });
      }
      if (refundedByHand.has(project.id) && project.receivedPayment) {
        await emitWebhookEvent(deps, tx, "payment.refunded", { projectId: project.id, projectName: project.projectName });
      }
      if (values.status !== undefined && values.status !== project.status) {
        await emitWebhookEvent(deps, tx, "project.status_changed", {
          projectId: project.id,
          projectName: project.projectName,
          status: values.status,
          previousStatus: project.status,
        });
      }
    }
    const mailed = await notifyProjectChanges(tx, deps.jobs, before, { ...values, receivedPayment }, (id) => `${deps.config.publicUrl}/projects/${id}/status`);
    return { updated, mailed, refunds };
  });
  if (updated.length === 0) throw notFound("No project matched those ids.");
  const base = updated.length === 1 ? "Project updated." : `${updated.length} projects updated.`;
  return {
    message: refunds.length > 0 ? `${base} Stripe is refunding the card payment; the refund shows as issued once Stripe confirms it.` : base,
    projectIDs: updated,
  };
}

/** Opens another revision round (SPEC.md §9's one request, extended by the studio): 10 days from now. */
export async function grantRevisionRound(deps: Deps, projectId: string, by: AuditBy): Promise<{ message: string }> {
  await deps.database.db.transaction(async (tx) => {
    const project = isId(projectId) ? await lockProject(tx, projectId) : null;
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const now = deps.now();
    const refused = grantRefusal(revisionWindow(project, now));
    if (refused) throw conflict(refused);
    await updateProjectRow(tx, projectId, { revisionRounds: project.revisionRequests + 1, revisionsOpenedAt: now });
    await recordActivity(tx, { projectId, actorId: by.userId, kind: "revision_round_granted" });
    await recordAudit(tx, by, {
      action: "project.revision_round",
      target: { type: "project", id: projectId, label: project.projectName },
      before: { revisionRounds: project.revisionRounds },
      after: { revisionRounds: project.revisionRequests + 1, revisionsOpenedAt: now.toISOString() },
    });
    await notifyProjectEvent(
      tx,
      deps.jobs,
      project.creatorId,
      projectMessages.revisionRound(project.projectName),
      { projectId },
      {
        subject: `Revisions reopened for ${project.projectName}`,
        link: `${deps.config.publicUrl}/projects/${projectId}/revisions`,
      },
    );
  });
  return { message: `Another revision round is open for ${REVISION_WINDOW_DAYS} days.` };
}

export async function deleteProjectsAsAdmin(deps: Deps, ids: string[], by: AuditBy): Promise<{ message: string; projectIDs: string[] }> {
  const deleted = await deleteWithImages(deps, ids, (tx) => auditDeletions(tx, by, "project", ids));
  if (deleted.length === 0) throw notFound("No project matched those ids.");
  return { message: deleted.length === 1 ? "Project deleted." : `${deleted.length} projects deleted.`, projectIDs: deleted };
}
