import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";

/**
 * Reads of the order engine's attempts and duplicate charges for reconciliation: lib/orders owns
 * order_attempts and duplicate_charges, and no other folder names them (`npm run lint:layers`).
 */

/** Every attempt sent to `accountId` in [from, to), or under one of `references`, oldest first, with whether it charged twice. */
export async function attemptsSentTo(db: Db, accountId: string, environment: AppEnvironment, where: { from: Date; to: Date } | { references: string[] }) {
  return db.orderAttempt.findMany({
    where: { accountId, environment, ...("references" in where ? { reference: { in: where.references } } : { sentAt: { gte: where.from, lt: where.to } }) },
    select: { orderId: true, direction: true, reference: true, operatorReference: true, sentAt: true, duplicateCharge: { select: { id: true } } },
    orderBy: { id: "asc" },
  });
}

/** The duplicate charges with these ids: the payment charged twice, and the attempt that charged it. */
export async function duplicateChargesById(db: Db, ids: string[]) {
  return db.duplicateCharge.findMany({ where: { id: { in: ids } }, select: { id: true, paymentId: true, chargedReference: true, chargedOperatorReference: true, amount: true } });
}

/** An attempt the operator has not settled: no answer yet, or one that is not final. */
const OPEN_ATTEMPT = { OR: [{ lastStatus: null }, { lastStatus: { notIn: ["success", "failed", "not_found", "reversed"] } }] };

/** How many attempts sent to one connector account are still open (money may still move through it). */
export async function countOpenAttempts(db: Db, environment: AppEnvironment, accountId: string): Promise<number> {
  return db.orderAttempt.count({ where: { environment, accountId, ...OPEN_ATTEMPT } });
}
