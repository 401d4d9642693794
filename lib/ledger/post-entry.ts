import type { Tx } from "@/lib/db/client";
import { type Environment, Prisma } from "@/lib/db/generated/client";
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

type LockedAccount = { id: string; available: bigint; pending: bigint };
type EntryRow = { id: string; idempotency_key: string; type: string; environment: Environment; merchant_id: string | null; created_at: Date };

/**
 * Posts one journal entry inside the caller's transaction, TigerBeetle-style: all or nothing,
 * at most once per idempotency key, and never overdrawing a merchant account.
 *
 * Order of work, chosen so that a refusal writes nothing (a caller may catch an
 * insufficient_balance and go on with its transaction):
 *  1. validate the postings (zero sum per currency…) — pure;
 *  2. get-or-create every account, sorted by id (INSERT … ON CONFLICT DO NOTHING: race-safe);
 *  3. lock the merchant accounts, sorted by id (SELECT … FOR UPDATE: one lock order, no
 *     deadlock between entries), and check every new balance is ≥ 0;
 *  4. in one statement: insert the entry (ON CONFLICT (idempotency_key) DO NOTHING: a concurrent
 *     duplicate waits on the unique index, then finds the first one and returns it), apply the
 *     balance changes and write the postings — or, on a conflict, none of them.
 * Platform accounts store no balance (their balance is the sum of their postings), so they are
 * never locked: entries of different merchants never wait on each other.
 */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<PostedEntry> {
  // A transaction client has no $connect (Prisma denies it inside $transaction); the root client does.
  if ("$connect" in tx) throw new LedgerError("postEntry must run inside a transaction (pass the tx of prisma.$transaction).");
  const key = input.idempotencyKey;
  if (typeof key !== "string" || key.length === 0 || key.length > 255) throw new LedgerError("An entry needs an idempotency key of 1 to 255 characters.");
  const { merchantId, postings, deltas } = validatePostings(input.environment, input.postings, input.merchantId);
  const at = new Date();

  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
    VALUES ${Prisma.join(
      deltas.map(
        ({ row }) =>
          Prisma.sql`(${row.id}, ${row.environment}::"Environment", ${row.currency}, ${row.type}::"LedgerAccountType", ${row.merchantId}, ${row.provider}, ${at}, ${at})`,
      ),
    )}
    ON CONFLICT (id) DO NOTHING`;

  const guarded = deltas.filter((d) => d.row.merchantId !== null);
  if (guarded.length > 0) {
    const locked = await tx.$queryRaw<LockedAccount[]>`
      SELECT id, available, pending FROM ledger_accounts
      WHERE id IN (${Prisma.join(guarded.map((d) => d.row.id))})
      ORDER BY id
      FOR UPDATE`;
    const refusal = checkBalances(guarded, locked);
    if (refusal) {
      // A duplicate of an entry already posted must return it, whatever the balance is now.
      const existing = await findEntry(tx, key);
      if (existing) return replay(tx, existing, input.type, postings);
      throw refusal;
    }
  }

  // Entry, balance changes and postings in one statement: the account rows stay locked until
  // commit, so every round trip saved here is time another entry on the same wallet waits less.
  // A conflicting key inserts no entry, and then nothing else is written either.
  const balanceChanges =
    guarded.length === 0
      ? Prisma.empty
      : Prisma.sql`, changed AS (
          UPDATE ledger_accounts AS a
          SET available = a.available + d.available, pending = a.pending + d.pending, updated_at = ${at}
          FROM (VALUES ${Prisma.join(guarded.map((d) => Prisma.sql`(${d.row.id}::text, ${d.available}::bigint, ${d.pending}::bigint)`))})
            AS d(id, available, pending)
          WHERE a.id = d.id AND EXISTS (SELECT 1 FROM entry)
          RETURNING a.id)`;
  const inserted = await tx.$queryRaw<EntryRow[]>`
    WITH entry AS (
      INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id, metadata, created_at)
      VALUES (${newId("je", at.getTime())}, ${key}, ${input.type}, ${input.environment}::"Environment", ${merchantId},
              ${JSON.stringify(input.metadata ?? {})}::jsonb, ${at})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key, type, environment, merchant_id, created_at
    )${balanceChanges}, posted AS (
      INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount)
      SELECT entry.id, v.account_id, v.currency, v.bucket, v.amount
      FROM entry CROSS JOIN (VALUES ${Prisma.join(
        postings.map((p) => Prisma.sql`(${p.row.id}::text, ${p.row.currency}::varchar, ${p.bucket}::"LedgerBucket", ${p.amount}::bigint)`),
      )}) AS v(account_id, currency, bucket, amount)
      RETURNING 1
    )
    SELECT id, idempotency_key, type, environment, merchant_id, created_at FROM entry`;
  if (inserted.length === 0) {
    const existing = await findEntry(tx, key);
    if (!existing) throw new LedgerError(`Entry ${key} conflicted but cannot be read.`);
    return replay(tx, existing, input.type, postings);
  }
  return toPosted(inserted[0], true);
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
