import type { Tx } from "@/lib/db/client";
import { type Environment, type LedgerHold, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { minorToDecimalString, type CurrencyCode } from "@/lib/money";
import { LedgerError } from "./ledger-error";
import { type AccountDelta, type PostingInput, validatePostings } from "./validate-postings";

/** The business events the ledger records. Later domains add theirs. */
export type EntryType =
  | "collect_credit"
  | "settlement"
  | "payout_hold"
  | "payout_finalise"
  | "payout_release"
  | "refund_hold"
  | "refund_finalise"
  | "refund_release"
  | "payout_late_success"
  | "refund_late_success"
  | "payout_reversal"
  | "duplicate_charge_credit"
  | "duplicate_charge_hold"
  | "duplicate_charge_refund"
  | "duplicate_charge_release"
  | "sandbox_funding"
  | "funds_move"
  | "credit_grant"
  | "fx_conversion"
  | "bench";

export type PostEntryInput = {
  /** Names the business event ("payout:po_…:hold"): posting the same key twice changes nothing. */
  idempotencyKey: string;
  type: EntryType;
  environment: Environment;
  /** Defaults to the merchant whose accounts the postings touch. */
  merchantId?: string | null;
  postings: PostingInput[];
  metadata?: Record<string, unknown>;
  /** A hold the entry opens (ledger_holds), written with it when the entry is new (holdPayout, holdRefund). */
  hold?: EntryHold;
};

export type PostedEntry = {
  id: string;
  idempotencyKey: string;
  type: string;
  environment: Environment;
  merchantId: string | null;
  createdAt: Date;
  /** false when the key had already been posted: nothing changed this time. */
  created: boolean;
};

/** A hold row (ledger_holds) written in its entry's statement: it exists if and only if its hold entry does. */
export type EntryHold = { id: string; accountId: string; amount: bigint; fee: bigint };

type LockedAccount = { id: string; available: bigint; pending: bigint };
type EntryRow = { id: string; idempotency_key: string; type: string; environment: Environment; merchant_id: string | null; created_at: Date };
type ResultRow = EntryRow & { kind: "entry" | "account"; available: bigint | null; pending: bigint | null };

/**
 * Posts one journal entry inside the caller's transaction, TigerBeetle-style: all or nothing,
 * at most once per idempotency key, and never overdrawing a merchant account.
 *
 * ONE statement (a data-modifying CTE) does the work, so the wallet rows are locked for one
 * round trip before the caller's COMMIT (it used to be three, the rows locked from the
 * second). A refusal writes nothing (a caller may catch an insufficient_balance and go on with
 * its transaction). Its parts:
 *  - get-or-create every account (INSERT … ON CONFLICT DO NOTHING: race-safe);
 *  - lock the merchant accounts, sorted by id (SELECT … ORDER BY id FOR UPDATE: one lock order,
 *    no deadlock between entries; in READ COMMITTED it locks and returns the latest committed
 *    balance) and check every new balance is ≥ 0 on those locked values;
 *  - only when all fit: insert the entry (ON CONFLICT (idempotency_key) DO NOTHING: a concurrent
 *    duplicate waits on the unique index, then finds the first one and returns it), and only
 *    when it was inserted: apply the balance changes, write the postings and the optional hold.
 * Each part reads the one before it, so PostgreSQL runs them in that order; the locked balances
 * come back with the result, and a refusal is told from them (the message names the wallet).
 * An account created by the statement is not visible to its own lock (one snapshot): the first
 * entry on a new merchant account takes a second run of the statement, which then finds it.
 * Platform accounts store no balance (their balance is the sum of their postings), so they are
 * never locked: entries of different merchants never wait on each other.
 */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<PostedEntry & { hold?: LedgerHold }> {
  // A transaction client has no $connect (Prisma denies it inside $transaction); the root client does.
  if ("$connect" in tx) throw new LedgerError("postEntry must run inside a transaction (pass the tx of prisma.$transaction).");
  const key = input.idempotencyKey;
  if (typeof key !== "string" || key.length === 0 || key.length > 255) throw new LedgerError("An entry needs an idempotency key of 1 to 255 characters.");
  const { merchantId, postings, deltas } = validatePostings(input.environment, input.postings, input.merchantId);
  const guarded = deltas.filter((d) => d.row.merchantId !== null);
  const at = new Date();
  const entryId = newId("je", at.getTime());
  const statement = entryStatement({ ...input, key, merchantId, postings, deltas, guarded, at, entryId });
  return runEntryStatement(tx, input, { key, postings, guarded, at, statement });
}

/**
 * postEntry's CTEs (accounts … entry, changed, posted, hold), for a caller that posts one entry
 * inside a statement of its own (payout initiate: lib/payouts/initiate-payout.ts). `when` is a
 * condition on that statement's other CTEs: the merchant accounts are locked, and the entry
 * written, only if it holds, and only after what it reads has run (lock order). The entry's
 * CTE is named `entry`; it is empty when `when` or the balance check failed, and then nothing
 * of the entry is written. No replay: the caller's key must be new (a new payout's hold).
 */
export function entryCtes(input: PostEntryInput, when: Prisma.Sql): Prisma.Sql {
  const key = input.idempotencyKey;
  if (typeof key !== "string" || key.length === 0 || key.length > 255) throw new LedgerError("An entry needs an idempotency key of 1 to 255 characters.");
  const { merchantId, postings, deltas } = validatePostings(input.environment, input.postings, input.merchantId);
  const guarded = deltas.filter((d) => d.row.merchantId !== null);
  const at = new Date();
  return entryParts({ ...input, key, merchantId, postings, deltas, guarded, at, entryId: newId("je", at.getTime()) }, when).ctes;
}

async function runEntryStatement(
  tx: Tx,
  input: PostEntryInput,
  { key, postings, guarded, at, statement }: { key: string; postings: ReturnType<typeof validatePostings>["postings"]; guarded: AccountDelta[]; at: Date; statement: Prisma.Sql },
): Promise<PostedEntry & { hold?: LedgerHold }> {

  for (let run = 0; run < 2; run++) {
    const rows = await tx.$queryRaw<ResultRow[]>(statement);
    const entry = rows.find((r) => r.kind === "entry");
    if (entry) {
      const hold = input.hold && { ...input.hold, status: "held" as const, holdEntryId: entry.id, closeEntryId: null, createdAt: at, closedAt: null };
      return { ...toPosted(entry, true), ...(hold ? { hold } : {}) };
    }
    const locked = rows.filter((r) => r.kind === "account").map((r) => ({ id: r.id, available: BigInt(r.available!), pending: BigInt(r.pending!) }));
    if (locked.length < guarded.length) continue; // an account was missing: the statement created it, run it again
    const refusal = checkBalances(guarded, locked);
    // A duplicate of an entry already posted must return it, whatever the balance is now.
    const existing = await findEntry(tx, key);
    if (existing) return replay(tx, existing, input.type, postings);
    throw refusal ?? new LedgerError(`Entry ${key} conflicted but cannot be read.`);
  }
  throw new LedgerError(`An account of entry ${key} vanished while being locked.`);
}

type EntryParts = {
  key: string;
  type: EntryType;
  environment: Environment;
  metadata?: Record<string, unknown>;
  hold?: EntryHold;
  merchantId: string | null;
  postings: ReturnType<typeof validatePostings>["postings"];
  deltas: AccountDelta[];
  guarded: AccountDelta[];
  at: Date;
  entryId: string;
};

function entryStatement(e: EntryParts): Prisma.Sql {
  const parts = entryParts(e, Prisma.sql`TRUE`);
  return Prisma.sql`
    WITH ${parts.ctes}
    SELECT 'entry' AS kind, id, idempotency_key, type, environment::text AS environment, merchant_id, created_at, NULL::bigint AS available, NULL::bigint AS pending
    FROM entry${parts.locked}`;
}

function entryParts(e: EntryParts, when: Prisma.Sql): { ctes: Prisma.Sql; locked: Prisma.Sql } {
  const { guarded, at } = e;
  const accounts = Prisma.sql`accounts AS (
      INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
      VALUES ${Prisma.join(
        e.deltas.map(
          ({ row }) =>
            Prisma.sql`(${row.id}, ${row.environment}::"Environment", ${row.currency}, ${row.type}::"LedgerAccountType", ${row.merchantId}, ${row.provider}, ${at}, ${at})`,
        ),
      )}
      ON CONFLICT (id) DO NOTHING
    )`;
  const guard =
    guarded.length === 0
      ? { ctes: Prisma.empty, fits: Prisma.sql`TRUE`, changes: Prisma.empty, locked: Prisma.empty }
      : {
          ctes: Prisma.sql`, d (id, available, pending) AS (
              VALUES ${Prisma.join(guarded.map((d) => Prisma.sql`(${d.row.id}::text, ${d.available}::bigint, ${d.pending}::bigint)`))}
            ), locked AS (
              SELECT a.id, a.available, a.pending FROM ledger_accounts a
              WHERE a.id IN (${Prisma.join(guarded.map((d) => d.row.id))}) AND ${when}
              ORDER BY a.id
              FOR UPDATE
            ), fits AS (
              SELECT 1 FROM locked l JOIN d ON d.id = l.id
              WHERE l.available + d.available >= 0 AND l.pending + d.pending >= 0
              HAVING count(*) = ${guarded.length}
            )`,
          fits: Prisma.sql`EXISTS (SELECT 1 FROM fits)`,
          changes: Prisma.sql`, changed AS (
              UPDATE ledger_accounts AS a
              SET available = a.available + d.available, pending = a.pending + d.pending, updated_at = ${at}
              FROM d
              WHERE a.id = d.id AND EXISTS (SELECT 1 FROM entry)
            )`,
          locked: Prisma.sql`
            UNION ALL
            SELECT 'account', id, NULL, NULL, NULL, NULL, NULL, available, pending FROM locked`,
        };
  const hold = e.hold
    ? Prisma.sql`, hold AS (
        INSERT INTO ledger_holds (id, account_id, amount, fee, status, hold_entry_id, created_at)
        SELECT ${e.hold.id}, ${e.hold.accountId}, ${e.hold.amount}::bigint, ${e.hold.fee}::bigint, 'held', entry.id, ${at} FROM entry
      )`
    : Prisma.empty;
  const ctes = Prisma.sql`${accounts}${guard.ctes}, entry AS (
      INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id, metadata, created_at)
      SELECT ${e.entryId}, ${e.key}, ${e.type}, ${e.environment}::"Environment", ${e.merchantId}, ${JSON.stringify(e.metadata ?? {})}::jsonb, ${at}
      WHERE ${guard.fits} AND ${when}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key, type, environment, merchant_id, created_at
    )${guard.changes}, posted AS (
      INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount)
      SELECT entry.id, v.account_id, v.currency, v.bucket, v.amount
      FROM entry CROSS JOIN (VALUES ${Prisma.join(
        e.postings.map((p) => Prisma.sql`(${p.row.id}::text, ${p.row.currency}::varchar, ${p.bucket}::"LedgerBucket", ${p.amount}::bigint)`),
      )}) AS v(account_id, currency, bucket, amount)
    )${hold}`;
  return { ctes, locked: guard.locked };
}

/** The refusal for the first account a delta would take below zero, or null when all fit. */
function checkBalances(deltas: AccountDelta[], locked: LockedAccount[]): Error | null {
  const byId = new Map(locked.map((a) => [a.id, a]));
  for (const d of deltas) {
    const account = byId.get(d.row.id);
    if (!account) throw new LedgerError(`Account ${d.row.id} vanished while being locked.`);
    const currency = d.row.currency as CurrencyCode;
    if (BigInt(account.available) + d.available < 0n) {
      const have = minorToDecimalString(BigInt(account.available), currency);
      const need = minorToDecimalString(-d.available, currency);
      return new AppError(
        "insufficient_balance",
        `Insufficient balance: the ${currency} ${d.row.type} wallet has ${have} ${currency} available, ${need} ${currency} is needed.`,
      );
    }
    if (BigInt(account.pending) + d.pending < 0n) {
      return new LedgerError(`Pending balance of ${d.row.id} would go below zero (${account.pending} + ${d.pending}).`);
    }
  }
  return null;
}

async function findEntry(tx: Tx, key: string): Promise<EntryRow | null> {
  const rows = await tx.$queryRaw<EntryRow[]>`
    SELECT id, idempotency_key, type, environment, merchant_id, created_at FROM ledger_entries WHERE idempotency_key = ${key}`;
  return rows[0] ?? null;
}

/**
 * The same key must mean the same event: a replay with other postings is a bug in the caller
 * (two different events given one key), and is refused loudly rather than silently ignored.
 */
async function replay(tx: Tx, entry: EntryRow, type: string, postings: ReturnType<typeof validatePostings>["postings"]): Promise<PostedEntry> {
  const stored = await tx.$queryRaw<{ account_id: string; bucket: string; amount: bigint }[]>`
    SELECT account_id, bucket::text AS bucket, amount FROM ledger_postings WHERE entry_id = ${entry.id}`;
  const fingerprint = (rows: { account: string; bucket: string; amount: bigint }[]) =>
    rows
      .map((r) => `${r.account}|${r.bucket}|${r.amount}`)
      .sort()
      .join(",");
  const same =
    entry.type === type &&
    fingerprint(stored.map((r) => ({ account: r.account_id, bucket: r.bucket, amount: BigInt(r.amount) }))) ===
      fingerprint(postings.map((p) => ({ account: p.row.id, bucket: p.bucket, amount: p.amount })));
  if (!same) throw new LedgerError(`Idempotency key ${entry.idempotency_key} was already posted as a different entry (${entry.id}).`);
  return toPosted(entry, false);
}

function toPosted(row: EntryRow, created: boolean): PostedEntry {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    type: row.type,
    environment: row.environment,
    merchantId: row.merchant_id,
    createdAt: new Date(row.created_at),
    created,
  };
}
