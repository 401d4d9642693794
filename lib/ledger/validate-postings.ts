import type { Environment, LedgerBucket } from "@/lib/db/generated/client";
import { type AccountRef, type AccountRow, accountRow, isMerchantRef } from "./accounts";
import { LedgerError } from "./ledger-error";

export type PostingInput = {
  account: AccountRef;
  /** Merchant accounts have `available` and `pending`; platform accounts only `available`. */
  bucket?: LedgerBucket;
  /** Signed minor units, never zero: positive adds to the account, negative takes from it. */
  amount: bigint;
};

/** Net change of one account by one entry: what postEntry applies to a stored balance. */
export type AccountDelta = { row: AccountRow; available: bigint; pending: bigint };

export type ValidatedPostings = {
  merchantId: string | null;
  postings: { row: AccountRow; bucket: LedgerBucket; amount: bigint }[];
  /** One per account touched, sorted by id: the order rows are locked in. */
  deltas: AccountDelta[];
};

/** Largest magnitude a posting may carry: far below BIGINT's 2^63 so sums cannot overflow. */
export const MAX_POSTING_MINOR = 10n ** 17n;

/**
 * Checks an entry's postings against the ledger's rules, before anything is written:
 * at least two postings, every amount a non-zero bigint within bounds, `pending` only on merchant
 * accounts, at most one merchant per entry, and a zero sum per currency.
 */
export function validatePostings(environment: Environment, postings: PostingInput[], merchantId?: string | null): ValidatedPostings {
  if (!Array.isArray(postings) || postings.length < 2) {
    throw new LedgerError("An entry needs at least two postings.");
  }
  let owner = merchantId ?? null;
  const sums = new Map<string, bigint>();
  const deltas = new Map<string, AccountDelta>();
  const rows: ValidatedPostings["postings"] = [];

  postings.forEach((p, i) => {
    if (typeof p.amount !== "bigint") throw new LedgerError(`Posting ${i}: amount must be a bigint of minor units.`);
    if (p.amount === 0n) throw new LedgerError(`Posting ${i}: amount must not be zero.`);
    if (p.amount > MAX_POSTING_MINOR || p.amount < -MAX_POSTING_MINOR) throw new LedgerError(`Posting ${i}: amount ${p.amount} is out of bounds.`);
    const bucket = p.bucket ?? "available";
    if (bucket !== "available" && bucket !== "pending") throw new LedgerError(`Posting ${i}: unknown bucket ${String(bucket)}.`);
    if (isMerchantRef(p.account)) {
      if (owner === null) owner = p.account.merchantId;
      if (p.account.merchantId !== owner) {
        throw new LedgerError(`Posting ${i}: an entry touches one merchant's accounts (${owner}), not ${p.account.merchantId}.`);
      }
    } else if (bucket !== "available") {
      throw new LedgerError(`Posting ${i}: platform accounts have no pending bucket.`);
    }
    const row = accountRow(p.account, environment);
    rows.push({ row, bucket, amount: p.amount });
    sums.set(row.currency, (sums.get(row.currency) ?? 0n) + p.amount);
    const delta = deltas.get(row.id) ?? { row, available: 0n, pending: 0n };
    delta[bucket] += p.amount;
    deltas.set(row.id, delta);
  });

  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new LedgerError(`Postings do not balance: ${currency} sums to ${sum}, not 0.`);
  }
  const sorted = [...deltas.values()].sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
  return { merchantId: owner, postings: rows, deltas: sorted };
}
