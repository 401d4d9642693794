import type { AppEnvironment, MerchantScope } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import type { WebhookEventStatus } from "@/lib/db/generated/client";

/** The events about one transaction (its id is their transactionId), oldest first, each with its delivery attempts. */
export async function listTransactionEvents(scope: MerchantScope, transactionId: string, db?: Db) {
  return (db ?? (await getPrisma())).webhookEvent.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, transactionId },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
    include: { deliveryAttempts: { orderBy: { attempt: "asc" } } },
  });
}

/** The merchant's events since `since`, oldest first, at most `take`; only those in `statuses` when given (ops resend). */
export async function listEventsSince(
  merchantId: string,
  environment: AppEnvironment,
  since: Date,
  take: number,
  statuses?: WebhookEventStatus[],
  db?: Db,
): Promise<{ id: string; type: string; status: WebhookEventStatus }[]> {
  return (db ?? (await getPrisma())).webhookEvent.findMany({
    where: { merchantId, environment, createdAt: { gte: since }, ...(statuses ? { status: { in: statuses } } : {}) },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
    take,
    select: { id: true, type: true, status: true },
  });
}
