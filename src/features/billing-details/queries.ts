// SQL for a customer's billing details: one row per user, gone with the account.
import { eq, sql } from "drizzle-orm";
import { billingDetails } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { BillingDetailsView } from "./model";

export async function findBillingDetails(db: Db, userId: string): Promise<BillingDetailsView | null> {
  const [row] = await db
    .select({ name: billingDetails.name, company: billingDetails.company, address: billingDetails.address, taxId: billingDetails.taxId })
    .from(billingDetails)
    .where(eq(billingDetails.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveBillingDetails(db: Db, userId: string, details: BillingDetailsView): Promise<void> {
  await db
    .insert(billingDetails)
    .values({ userId, ...details })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...details, updatedAt: sql`now()` } });
}
