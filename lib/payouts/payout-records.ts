import type { AppEnvironment, MerchantScope } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import { type Payout, type PayoutQuote, Prisma } from "@/lib/db/generated/client";

/**
 * Reads of the payouts tables for the other folders (the dashboard, ops): lib/payouts owns
 * payouts, their timeline and quotes, and no other folder names them (`npm run lint:layers`
 * checks). Writes stay in the payout functions (initiate, cancel, transitionPayout, bulk).
 */

export type PayoutColumns<S extends Prisma.PayoutSelect> = Prisma.PayoutGetPayload<{ select: S }>;

const client = async (db?: Db): Promise<Db> => db ?? (await getPrisma());

/**
 * The payouts table, for the statements that read payouts with another folder's table in one
 * statement (the transactions list: payments and payouts merged, newest first; the overview's
 * daily rollup: its rebuild, its check and the list of merchants it covers). The caller
 * writes `FROM ${PAYOUTS_TABLE_SQL}`; lib/payouts owns the table's name and every other access.
 */
export const PAYOUTS_TABLE_SQL: Prisma.Sql = Prisma.raw("payouts");

/** One payout by id, the chosen columns, or null. */
export async function findPayout<S extends Prisma.PayoutSelect>(payoutId: string, select: S, db?: Db): Promise<PayoutColumns<S> | null> {
  return (await client(db)).payout.findUnique({ where: { id: payoutId }, select }) as Promise<PayoutColumns<S> | null>;
}

/** One payout of the merchant in its environment, the chosen columns, or null (another merchant's is none). */
export async function findScopedPayout<S extends Prisma.PayoutSelect>(scope: MerchantScope, payoutId: string, select: S, db?: Db): Promise<PayoutColumns<S> | null> {
  return (await client(db)).payout.findFirst({ where: { id: payoutId, merchantId: scope.merchantId, environment: scope.environment }, select }) as Promise<PayoutColumns<S> | null>;
}

/** A payout of the merchant with its timeline, oldest first; null when none. */
export async function findPayoutWithTimeline(scope: MerchantScope, payoutId: string, db?: Db) {
  return (await client(db)).payout.findFirst({
    where: { id: payoutId, merchantId: scope.merchantId, environment: scope.environment },
    include: { statusChanges: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
}

/** The merchant's quote by id, or null. */
export async function findScopedQuote(scope: MerchantScope, quoteId: string, db?: Db): Promise<PayoutQuote | null> {
  return (await client(db)).payoutQuote.findFirst({ where: { id: quoteId, merchantId: scope.merchantId, environment: scope.environment } });
}

/** Whether the merchant has any payout in its environment. */
export async function hasAnyPayout(scope: MerchantScope, db?: Db): Promise<boolean> {
  return (await (await client(db)).payout.findFirst({ where: { merchantId: scope.merchantId, environment: scope.environment }, select: { id: true } })) !== null;
}

/** The payouts a bulk created, with what the bulk's page shows of each. */
export async function payoutsOfBulk(scope: MerchantScope, bulkId: string, db?: Db): Promise<Pick<Payout, "id" | "recipient" | "destination" | "awaitingApproval">[]> {
  return (await client(db)).payout.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, bulkId },
    select: { id: true, recipient: true, destination: true, awaitingApproval: true },
  });
}

/** What successful payouts on one connector account paid out, per destination country and currency. */
export async function paidOutThroughAccount(db: Db, environment: AppEnvironment, accountId: string): Promise<{ country: string | null; currency: string; amount: bigint | null }[]> {
  const rows = await db.payout.groupBy({ by: ["destinationCountry", "destinationCurrency"], where: { environment, connectorAccountId: accountId, status: "success" }, _sum: { destinationAmount: true } });
  return rows.map((r) => ({ country: r.destinationCountry, currency: r.destinationCurrency, amount: r._sum.destinationAmount }));
}

/** How many payouts there are per environment, status and provider (the metrics scrape's gauge). */
export async function countPayoutsByStatus(db?: Db) {
  return (await client(db)).payout.groupBy({ by: ["environment", "status", "provider"], _count: { _all: true } });
}
