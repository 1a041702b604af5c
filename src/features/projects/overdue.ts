// The 7-day rule's last step (SPEC.md §9: "Invoice payment is due within 7 days, or the project is
// deleted"): payments says which unpaid invoices are past their grace period and records each
// deletion; the project, its images and its attachments go here, in the same transaction.
import { formatInvoiceNumber } from "../../shared/invoices";
import { listOverdueForDeletion, recordOverdueDeletion } from "../payments";
import { type Deps, deleteWithImages } from "./service";

/**
 * Deletes unpaid projects past due + OVERDUE_GRACE_DAYS whose final notice went out at least a
 * day earlier, recording each deletion. With OVERDUE_GRACE_DAYS=off it deletes nothing (overdue
 * projects are only flagged). Answers the ids deleted.
 */
export async function deleteOverdueProjects(deps: Deps, now: Date): Promise<string[]> {
  const deleted: string[] = [];
  for (const invoice of await listOverdueForDeletion(deps, now)) {
    let recorded = false;
    const gone = await deleteWithImages(deps, [invoice.projectId], async (tx) => {
      recorded = await recordOverdueDeletion(deps, tx, invoice, now);
      if (!recorded) throw new SkipDeletion();
    }).catch((error: unknown) => {
      if (error instanceof SkipDeletion) return [];
      throw error;
    });
    if (gone.length > 0 && recorded) {
      deleted.push(...gone);
      deps.log(`payments: deleted project ${invoice.projectId} for non-payment of ${formatInvoiceNumber(invoice.number)}`);
    }
  }
  return deleted;
}

class SkipDeletion extends Error {}
