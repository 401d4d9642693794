import type { AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import type { Prisma, Refund } from "@/lib/db/generated/client";

/**
 * Reads of the refunds table for the other folders (the payment's view, ops): lib/refunds owns
 * refunds and their timeline, and no other folder names them (`npm run lint:layers` checks).
 */

/** One refund by id, the chosen columns, or null. */
export async function findRefund<S extends Prisma.RefundSelect>(refundId: string, select: S, db?: Db): Promise<Prisma.RefundGetPayload<{ select: S }> | null> {
  return (db ?? (await getPrisma())).refund.findUnique({ where: { id: refundId }, select }) as Promise<Prisma.RefundGetPayload<{ select: S }> | null>;
}

/** The refunds of one payment, oldest first. */
export async function refundsOfPayment(paymentId: string, db?: Db): Promise<Refund[]> {
  return (db ?? (await getPrisma())).refund.findMany({ where: { paymentId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

/** The refunds with these ids, each with the collect it refunds as it was sent (reference, operator's reference, amount). */
export async function refundedCollectsOf(db: Db, refundIds: string[]) {
  return db.refund.findMany({ where: { id: { in: refundIds } }, select: { id: true, payment: { select: { id: true, providerRequestRef: true, providerReference: true, amount: true } } } });
}

/** What successful refunds on one connector account gave back, per country and currency. */
export async function refundedThroughAccount(db: Db, environment: AppEnvironment, accountId: string): Promise<{ country: string | null; currency: string; amount: bigint | null }[]> {
  const rows = await db.refund.groupBy({ by: ["country", "currency"], where: { environment, connectorAccountId: accountId, status: "success" }, _sum: { amount: true } });
  return rows.map((r) => ({ country: r.country, currency: r.currency, amount: r._sum.amount }));
}
