// The SQL of webhook endpoints and their delivery log.
import { desc, eq, inArray } from "drizzle-orm";
import { type WebhookEndpoint, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../db/schema";
import type { Db } from "../../lib/db";

/** The delivery log shows this many of an endpoint's latest deliveries. */
export const DELIVERY_LOG_SIZE = 100;

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function listDeliveriesWithAttempts(db: Db, endpointId: string) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_SIZE);
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id);
  return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id) }));
}
