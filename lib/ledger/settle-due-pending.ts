import { getPrisma, type Tx } from "@/lib/db/client";
import { type Environment, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { CurrencyCode } from "@/lib/money";
import { merchantAccount } from "./accounts";
import { postEntry } from "./post-entry";
import { presentBalances } from "./present-balances";
import { readBalances } from "./read-balances";

type DueRow = { entry_id: string; account_id: string; amount: bigint; merchant_id: string; environment: Environment; currency: string };

/**
 * Moves due collect credits from `pending` to `available`, each exactly once: the rows are
 * claimed with FOR UPDATE SKIP LOCKED (concurrent runners take disjoint rows), each move is an
 * entry keyed by its settlement, and the row is marked settled in the same transaction.
 * Accounts are locked in id order so two runners never deadlock. Returns how many it settled.
 */
export type SettleOptions = {
  /** Settle what is due at this instant (default now). */
  now?: Date;
  limit?: number;
  /** Only this merchant's credits (an operator settling one merchant; tests on a shared database). */
  merchantId?: string;
};

export async function settleDuePending(tx: Tx, options: SettleOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await tx.$queryRaw<DueRow[]>`
    SELECT s.entry_id, s.account_id, s.amount, a.merchant_id, a.environment, a.currency
    FROM ledger_settlements s JOIN ledger_accounts a ON a.id = s.account_id
    WHERE s.settled_at IS NULL AND s.due_at <= ${now}
      ${options.merchantId ? Prisma.sql`AND a.merchant_id = ${options.merchantId}` : Prisma.empty}
    ORDER BY s.due_at
    LIMIT ${options.limit ?? 100}
    FOR UPDATE OF s SKIP LOCKED`;
  due.sort((x, y) => (x.account_id < y.account_id ? -1 : x.account_id > y.account_id ? 1 : 0));
  for (const row of due) {
    const account = merchantAccount(row.merchant_id, row.currency as CurrencyCode, "collect");
    const amount = BigInt(row.amount);
    const entry = await postEntry(tx, {
      idempotencyKey: `settlement:${row.entry_id}`,
      type: "settlement",
      environment: row.environment,
      merchantId: row.merchant_id,
      postings: [
        { account, bucket: "pending", amount: -amount },
        { account, bucket: "available", amount },
      ],
      metadata: { creditEntryId: row.entry_id },
    });
    await tx.ledgerSettlement.update({ where: { entryId: row.entry_id }, data: { settledAt: entry.createdAt, settleEntryId: entry.id } });
  }
  return due.length;
}

/** The settlement sweep (periodic task): settles every due credit, in batches of `batch`. */
export async function runSettlement(options: Omit<SettleOptions, "limit"> & { batch?: number } = {}): Promise<{ settled: number }> {
  const prisma = await getPrisma();
  const { batch = 100, ...rest } = options;
  let settled = 0;
  for (;;) {
    const n = await prisma.$transaction((tx) => settleDuePending(tx, { ...rest, limit: batch }));
    settled += n;
    if (n < batch) return { settled };
  }
}

/**
 * POST /sandbox/settle: every pending collect credit of the merchant settled now, as the
 * settlement timer would settle it later (sandbox only; the same claim-once rule as the sweep),
 * then the balances after it.
 */
export async function settleSandboxNow(scope: { merchant: { id: string }; environment: Environment }) {
  if (scope.environment !== "sandbox") throw new AppError("not_found", "Not found.");
  const { settled } = await runSettlement({ merchantId: scope.merchant.id, now: SETTLE_EVERYTHING });
  const view = await readBalances({ merchantId: scope.merchant.id, environment: scope.environment });
  return { settled, ...presentBalances(view) };
}

/** A due date every pending credit has passed. */
const SETTLE_EVERYTHING = new Date("9999-12-31T00:00:00.000Z");
