import type { AppEnvironment, MerchantScope } from "@/lib/config";
import { type Db, getPrisma, type Tx } from "@/lib/db/client";
import { type Payment, type PaymentStatus, Prisma } from "@/lib/db/generated/client";

/**
 * The payments table (and its timeline, payment_status_changes), read and written for the other
 * folders: lib/payments owns them, and no other folder names them (`npm run lint:layers` checks).
 * Status changes go through transitionPayment; the functions here are the other reads and writes
 * the checkout, refunds, payment links and the dashboard need. Each takes an optional `db`: pass
 * the caller's transaction client when the statement belongs to its transaction.
 */

export type PaymentColumns<S extends Prisma.PaymentSelect> = Prisma.PaymentGetPayload<{ select: S }>;

const client = async (db?: Db): Promise<Db> => db ?? (await getPrisma());

/**
 * The payments table, for the statements that read payments with another folder's table in one
 * statement (the overview's daily rollup: its rebuild, its check and the list of merchants it
 * covers). The caller writes `FROM ${PAYMENTS_TABLE_SQL}`; lib/payments owns the table's name and
 * every other access to it.
 */
export const PAYMENTS_TABLE_SQL: Prisma.Sql = Prisma.raw("payments");

/** One payment by id, the chosen columns, or null. */
export async function findPayment<S extends Prisma.PaymentSelect>(paymentId: string, select: S, db?: Db): Promise<PaymentColumns<S> | null> {
  return (await client(db)).payment.findUnique({ where: { id: paymentId }, select }) as Promise<PaymentColumns<S> | null>;
}

/** One payment that must exist, as it is now (Prisma's not-found error otherwise). */
export async function getPaymentRow(paymentId: string, db?: Db): Promise<Payment> {
  return (await client(db)).payment.findUniqueOrThrow({ where: { id: paymentId } });
}

/** One payment of the merchant in its environment, the chosen columns, or null (another merchant's is none). */
export async function findScopedPayment<S extends Prisma.PaymentSelect>(scope: MerchantScope, paymentId: string, select: S, db?: Db): Promise<PaymentColumns<S> | null> {
  return (await client(db)).payment.findFirst({ where: { id: paymentId, merchantId: scope.merchantId, environment: scope.environment }, select }) as Promise<PaymentColumns<S> | null>;
}

/** A payment of the merchant with its timeline and its refunds, both oldest first; null when none. */
export async function findPaymentWithHistory(scope: MerchantScope, paymentId: string, db?: Db) {
  return (await client(db)).payment.findFirst({
    where: { id: paymentId, merchantId: scope.merchantId, environment: scope.environment },
    include: { statusChanges: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
}

/** A payment by id in one environment, whoever its merchant (the public status page), or null. */
export async function findPaymentInEnvironment(paymentId: string, environment: AppEnvironment, db?: Db): Promise<Payment | null> {
  return (await client(db)).payment.findFirst({ where: { id: paymentId, environment } });
}

/** The payment a hosted checkout's token opens, or null. */
export async function findPaymentByCheckoutToken(token: string, db?: Db): Promise<Payment | null> {
  return (await client(db)).payment.findUnique({ where: { checkoutToken: token } });
}

/** The merchant's payment carrying this external reference, or null. */
export async function findPaymentByExternalReference(scope: MerchantScope, externalReference: string, db?: Db): Promise<Payment | null> {
  return (await client(db)).payment.findUnique({
    where: { merchantId_environment_externalReference: { merchantId: scope.merchantId, environment: scope.environment, externalReference } },
  });
}

/** Whether a payment through this link already carries this external reference. */
export async function linkPaymentExists(linkId: string, externalReference: string, db?: Db): Promise<boolean> {
  return (await (await client(db)).payment.findFirst({ where: { paymentLinkId: linkId, externalReference }, select: { id: true } })) !== null;
}

/** Whether the merchant has any payment in its environment. */
export async function hasAnyPayment(scope: MerchantScope, db?: Db): Promise<boolean> {
  return (await (await client(db)).payment.findFirst({ where: { merchantId: scope.merchantId, environment: scope.environment }, select: { id: true } })) !== null;
}

/** The merchant's latest payments, newest first: the overview's short list. */
export async function latestPayments(scope: MerchantScope, take: number, db?: Db) {
  return (await client(db)).payment.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, amount: true, currency: true, status: true, customerName: true, customerPhone: true, provider: true, createdAt: true },
  });
}

/** How many of the merchant's latest `sample` payments created since `since` are in each status. */
export async function statusCountsOfLatest(scope: MerchantScope, since: Date, sample: number, db?: Db): Promise<{ status: PaymentStatus; n: number }[]> {
  return (await client(db)).$queryRaw<{ status: PaymentStatus; n: number }[]>`
    SELECT status, count(*)::int AS n FROM (
      SELECT status FROM payments
      WHERE merchant_id = ${scope.merchantId} AND environment = ${scope.environment}::"Environment" AND created_at >= ${since}
      ORDER BY created_at DESC, id DESC LIMIT ${Prisma.raw(String(sample))}
    ) latest GROUP BY status`;
}

/** Inserts ready-made payment rows (the dashboard's bench seed); the count written. */
export async function insertPaymentRows(rows: Prisma.PaymentCreateManyInput[], db?: Db): Promise<number> {
  return (await (await client(db)).payment.createMany({ data: rows })).count;
}

/**
 * The customer's method on a checkout payment still waiting for one: written only while the
 * payment is pending, has no provider and is unchanged since `payment` was read. The payment as
 * written, or null when someone else changed it first.
 */
export async function setCheckoutMethod(
  tx: Tx,
  payment: Pick<Payment, "id" | "updatedAt">,
  changes: { provider: string; customerPhone: string; fee: bigint },
): Promise<Payment | null> {
  const { count } = await tx.payment.updateMany({ where: { id: payment.id, status: "pending", provider: null, updatedAt: payment.updatedAt }, data: changes });
  return count === 1 ? tx.payment.findUniqueOrThrow({ where: { id: payment.id } }) : null;
}

/** How many times the payment has entered `pending` (its timeline): numbers each submit attempt. */
export async function pendingEntries(tx: Tx, paymentId: string): Promise<number> {
  return tx.paymentStatusChange.count({ where: { paymentId, toStatus: "pending" } });
}

/** Reserves `amount` of a successful payment for a refund, if it fits under what is left; whether it did. */
export async function reserveRefund(tx: Tx, paymentId: string, amount: bigint): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE payments SET refund_reserved = refund_reserved + ${amount}
    WHERE id = ${paymentId} AND status = 'success' AND refund_reserved + ${amount} <= amount
    RETURNING id`;
  return rows.length === 1;
}

/**
 * A refund that succeeded after it had been released (a late success): reserves and counts it as
 * refunded at once, if it fits under the payment's amount; whether it did.
 */
export async function reserveAndCountRefund(tx: Tx, paymentId: string, amount: bigint): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE payments SET refund_reserved = refund_reserved + ${amount}, refunded_amount = refunded_amount + ${amount}
    WHERE id = ${paymentId} AND refund_reserved + ${amount} <= amount
    RETURNING id`;
  return rows.length === 1;
}

/** Counts a reserved refund as refunded; the payment after. */
export async function countRefunded(tx: Tx, paymentId: string, amount: bigint): Promise<Payment> {
  return tx.payment.update({ where: { id: paymentId }, data: { refundedAmount: { increment: amount } } });
}

/** Gives back a refund's reservation (the refund failed). */
export async function releaseRefundReservation(tx: Tx, paymentId: string, amount: bigint): Promise<void> {
  await tx.payment.update({ where: { id: paymentId }, data: { refundReserved: { decrement: amount } } });
}

/** Paid, collected (net of refunds) and holding counts of several payment links, from their payments, in one statement. */
export async function paymentTotalsByLink(db: Db, linkIds: string[], now: Date): Promise<{ id: string; paid: number; collected: bigint | null; holding: number }[]> {
  return db.$queryRaw<{ id: string; paid: number; collected: bigint | null; holding: number }[]>`
    SELECT payment_link_id AS id,
           (count(*) FILTER (WHERE status IN ('success', 'refunded')))::int AS paid,
           sum(amount - refunded_amount) FILTER (WHERE status IN ('success', 'refunded')) AS collected,
           (count(*) FILTER (WHERE status IN ('success', 'refunded', 'processing')
                              OR (status IN ('pending', 'failed') AND expires_at > ${now})))::int AS holding
    FROM payments WHERE payment_link_id IN (${Prisma.join(linkIds)})
    GROUP BY payment_link_id`;
}

/**
 * The count of paid payments (success or refunded) of the payment link `linkId` names (an SQL
 * expression of the caller's statement, such as `l.id`), as a scalar subquery for a statement
 * that lists links; so the table's columns stay named here only.
 */
export function paidThroughLinkCountSql(linkId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT count(*) FROM payments p WHERE p.payment_link_id = ${linkId} AND p.status IN ('success', 'refunded'))`;
}

/** What successful collects (refunded ones too) on one connector account took in, per country and currency. */
export async function collectedThroughAccount(db: Db, environment: AppEnvironment, accountId: string): Promise<{ country: string | null; currency: string; amount: bigint | null }[]> {
  const rows = await db.payment.groupBy({ by: ["country", "currency"], where: { environment, connectorAccountId: accountId, status: { in: ["success", "refunded"] } }, _sum: { amount: true } });
  return rows.map((r) => ({ country: r.country, currency: r.currency, amount: r._sum.amount }));
}

/** How many payments there are per environment, status and provider (the metrics scrape's gauge). */
export async function countPaymentsByStatus(db?: Db) {
  return (await client(db)).payment.groupBy({ by: ["environment", "status", "provider"], _count: { _all: true } });
}
