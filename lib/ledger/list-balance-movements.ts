import { getPrisma, type Db } from "@/lib/db/client";
import { type Environment, Prisma } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import type { MerchantCategory } from "./accounts";

/**
 * One movement of a merchant's balance (docs/design/balance-history.md): what one journal entry did to one of the
 * merchant's wallets (currency × category). An entry touching two wallets (a fund move, an FX
 * conversion) is two movements; an entry touching none of the merchant's wallets (a payout's
 * finalisation: the money had already left at the hold) is none.
 */
export type BalanceMovement = {
  /** Position in the wallet's history: the highest posting id of the movement (see below). */
  seq: bigint;
  entryId: string;
  /** The entry's type: collect_credit, settlement, payout_hold, payout_release, fx_conversion, … */
  type: string;
  currency: CurrencyCode;
  category: MerchantCategory;
  availableChange: bigint;
  pendingChange: bigint;
  /** Fee included in the movement (withheld from a collect, debited with or returned with a payout); null when none applies. */
  fee: bigint | null;
  /** The wallet's buckets right after this movement. */
  available: bigint;
  pending: bigint;
  /** The payment (txn_), payout (po_) or refund (rf_) the movement belongs to, if any. */
  transactionId: string | null;
  transactionType: "collect" | "payout" | "refund" | null;
  createdAt: Date;
};

export type ListBalanceMovementsInput = {
  merchantId: string;
  environment: Environment;
  currency?: CurrencyCode;
  category?: MerchantCategory;
  /** createdAt ≥ from */
  from?: Date;
  /** createdAt < to */
  to?: Date;
  /** Keyset position: movements with seq below (`desc`) or above (`asc`) it. */
  cursor?: bigint;
  order: "desc" | "asc";
  limit: number;
};

type Row = {
  seq: bigint;
  entry_id: string;
  type: string;
  currency: string;
  category: string;
  d_available: bigint;
  d_pending: bigint;
  available: bigint;
  pending: bigint;
  fee: bigint | null;
  transaction_id: string | null;
  created_at: Date;
};

/**
 * A page of the merchant's movements with running balances, in one SQL statement (one snapshot).
 *
 * Order and running balances come from the posting sequence, not from `created_at`: an entry's
 * timestamp is taken before its wallet row is locked, so two entries racing on one wallet may
 * carry timestamps in the other order than they were applied; their postings' ids are drawn
 * after the lock, so per wallet they follow the order of application exactly, and every
 * snapshot sees a prefix of them. The running balance after a movement is the window sum of its
 * wallet's postings up to it: exact, and the same whenever it is read. Nothing is stored at
 * posting time (the write path stays as it is); docs/decisions/statements.md says what this costs.
 */
export async function listBalanceMovements(input: ListBalanceMovementsInput, db?: Db): Promise<{ movements: BalanceMovement[]; hasMore: boolean }> {
  const prisma = db ?? (await getPrisma());
  const desc = input.order === "desc";
  const rows = await prisma.$queryRaw<Row[]>`
    WITH acct AS (
      SELECT id, currency, type::text AS category FROM ledger_accounts
      WHERE merchant_id = ${input.merchantId} AND environment = ${input.environment}::"Environment"
        AND type IN ('collect', 'payout', 'credit')
        ${input.currency ? Prisma.sql`AND currency = ${input.currency}` : Prisma.empty}
        ${input.category ? Prisma.sql`AND type = ${input.category}::"LedgerAccountType"` : Prisma.empty}
    ), moves AS (
      SELECT p.entry_id, p.account_id, max(p.id) AS seq,
             coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'available'), 0)::bigint AS d_available,
             coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'pending'), 0)::bigint AS d_pending
      FROM ledger_postings p JOIN acct ON acct.id = p.account_id
      GROUP BY p.entry_id, p.account_id
    ), running AS (
      SELECT m.*,
             sum(m.d_available) OVER w AS available,
             sum(m.d_pending) OVER w AS pending
      FROM moves m
      WINDOW w AS (PARTITION BY m.account_id ORDER BY m.seq ROWS UNBOUNDED PRECEDING)
    )
    SELECT r.seq, r.entry_id, e.type, acct.currency, acct.category, r.d_available, r.d_pending,
           r.available::bigint AS available, r.pending::bigint AS pending,
           CASE WHEN e.type = 'payout_release' THEN h.fee
                WHEN e.metadata->>'fee' ~ '^[0-9]{1,18}$' THEN (e.metadata->>'fee')::bigint END AS fee,
           coalesce(e.metadata->>'refundId', e.metadata->>'payoutId', e.metadata->>'reference', credit.metadata->>'reference') AS transaction_id,
           e.created_at
    FROM running r
    JOIN acct ON acct.id = r.account_id
    JOIN ledger_entries e ON e.id = r.entry_id
    LEFT JOIN ledger_entries credit ON e.type = 'settlement' AND credit.id = e.metadata->>'creditEntryId'
    LEFT JOIN ledger_holds h ON e.type = 'payout_release' AND h.id = e.metadata->>'payoutId'
    WHERE true
      ${input.cursor !== undefined ? (desc ? Prisma.sql`AND r.seq < ${input.cursor}` : Prisma.sql`AND r.seq > ${input.cursor}`) : Prisma.empty}
      ${input.from ? Prisma.sql`AND e.created_at >= ${input.from}` : Prisma.empty}
      ${input.to ? Prisma.sql`AND e.created_at < ${input.to}` : Prisma.empty}
    ORDER BY r.seq ${desc ? Prisma.sql`DESC` : Prisma.sql`ASC`}
    LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  return { movements: rows.slice(0, input.limit).map(toMovement), hasMore };
}

function toMovement(r: Row): BalanceMovement {
  const transactionType = transactionTypeOf(r.transaction_id);
  return {
    seq: BigInt(r.seq),
    entryId: r.entry_id,
    type: r.type,
    currency: r.currency as CurrencyCode,
    category: r.category as MerchantCategory,
    availableChange: BigInt(r.d_available),
    pendingChange: BigInt(r.d_pending),
    fee: r.fee === null ? null : BigInt(r.fee),
    available: BigInt(r.available),
    pending: BigInt(r.pending),
    transactionId: transactionType ? r.transaction_id : null,
    transactionType,
    createdAt: new Date(r.created_at),
  };
}

/** The prefixes of docs/design/money-and-identifiers.md (rf_ for refunds among them). */
function transactionTypeOf(id: string | null): BalanceMovement["transactionType"] {
  if (!id) return null;
  if (id.startsWith("txn_")) return "collect";
  if (id.startsWith("po_")) return "payout";
  if (id.startsWith("rf_")) return "refund";
  return null;
}

/**
 * The next movements of one wallet after `cursor`, oldest first, continuing from the running
 * balance at the cursor (`baseline`, carried by the caller): a bounded scan of the wallet's
 * postings (index on account_id, id) instead of a window over its whole history, so a streamed
 * export costs O(rows) in all, not O(rows²). Exact because one movement's postings on one wallet
 * are written by one INSERT under the wallet's row lock: they are contiguous in the wallet's id
 * order, so every posting after the cursor belongs to a movement after it.
 */
export async function listWalletMovementsAfter(
  input: { merchantId: string; environment: Environment; currency: CurrencyCode; category: MerchantCategory; from?: Date; to?: Date; cursor: bigint; baseline: { available: bigint; pending: bigint }; limit: number },
  db?: Db,
): Promise<{ movements: BalanceMovement[]; hasMore: boolean; cursor: bigint; baseline: { available: bigint; pending: bigint } }> {
  const prisma = db ?? (await getPrisma());
  const account = `m:${input.merchantId}:${input.environment}:${input.currency}:${input.category}`;
  const scan = input.limit * 4 + 8;
  const rows = await prisma.$queryRaw<(Omit<Row, "available" | "pending"> & { postings: bigint })[]>`
    WITH p AS (
      SELECT id, entry_id, bucket, amount FROM ledger_postings
      WHERE account_id = ${account} AND id > ${input.cursor}
      ORDER BY id LIMIT ${scan}
    ), moves AS (
      SELECT entry_id, max(id) AS seq, count(*) AS postings,
             coalesce(sum(amount) FILTER (WHERE bucket = 'available'), 0)::bigint AS d_available,
             coalesce(sum(amount) FILTER (WHERE bucket = 'pending'), 0)::bigint AS d_pending
      FROM p GROUP BY entry_id
    )
    SELECT m.seq, m.entry_id, m.postings, e.type, ${input.currency} AS currency, ${input.category} AS category, m.d_available, m.d_pending,
           CASE WHEN e.type = 'payout_release' THEN h.fee
                WHEN e.metadata->>'fee' ~ '^[0-9]{1,18}$' THEN (e.metadata->>'fee')::bigint END AS fee,
           coalesce(e.metadata->>'refundId', e.metadata->>'payoutId', e.metadata->>'reference', credit.metadata->>'reference') AS transaction_id,
           e.created_at
    FROM moves m
    JOIN ledger_entries e ON e.id = m.entry_id
    LEFT JOIN ledger_entries credit ON e.type = 'settlement' AND credit.id = e.metadata->>'creditEntryId'
    LEFT JOIN ledger_holds h ON e.type = 'payout_release' AND h.id = e.metadata->>'payoutId'
    ORDER BY m.seq ASC`;
  const scanned = rows.reduce((n, r) => n + Number(r.postings), 0);
  const truncated = scanned >= scan;
  // The last movement may continue past the scan: leave it for the next call.
  const complete = truncated ? rows.slice(0, -1) : rows;
  if (truncated && complete.length === 0) throw new Error(`A movement of ${account} has more than ${scan} postings.`);
  let run = { ...input.baseline };
  let cursor = input.cursor;
  const movements: BalanceMovement[] = [];
  let hasMore = truncated;
  for (const r of complete) {
    if (movements.length === input.limit) {
      hasMore = true;
      break;
    }
    run = { available: run.available + BigInt(r.d_available), pending: run.pending + BigInt(r.d_pending) };
    cursor = BigInt(r.seq);
    const at = new Date(r.created_at);
    if ((input.from && at < input.from) || (input.to && at >= input.to)) continue; // outside the period, still in the running balance
    movements.push(toMovement({ ...r, available: run.available, pending: run.pending }));
  }
  return { movements, hasMore, cursor, baseline: run };
}
