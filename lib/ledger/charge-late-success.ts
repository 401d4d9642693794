import type { Tx } from "@/lib/db/client";
import { accountRow, merchantAccount, platformAccount, providerClearing } from "./accounts";
import type { FinalisePayoutInput } from "./finalise-payout";
import { paidOutPostings } from "./finalise-payout";
import { LedgerError } from "./ledger-error";
import { lockHold } from "./lock-hold";
import { postEntry } from "./post-entry";
import type { PostingInput } from "./validate-postings";

export type ChargeLateSuccessInput = {
  /** The payout (po_…) or refund (rf_…) whose hold was released. */
  holdId: string;
  provider: string;
  /** Payouts: what went to the provider when its currency differs from the debited wallet's (as finalisePayout). */
  sent?: FinalisePayoutInput["sent"];
};

/**
 * A payout or refund released on the operator's explicit failure, which the operator then
 * reports paid after all (docs/decisions/late-success-after-failure.md): the money left, so the
 * ledger says so, in ONE entry. What was held is taken again from the wallet it was released to,
 * as far as its available balance goes, and the rest is posted to the platform's
 * `merchant_receivable` (what the merchant owes us: never a negative merchant balance); the
 * credit side is the one a finalise posts (fee revenue, provider clearing, FX). The hold stays
 * `released`: this entry is its own event, at most once per order. Returns the shortfall.
 */
export async function chargeLateSuccess(tx: Tx, input: ChargeLateSuccessInput): Promise<{ entryId: string; created: boolean; shortfall: bigint }> {
  const hold = await lockHold(tx, input.holdId);
  if (hold.status !== "released") throw new LedgerError(`${hold.id}: a late success charges a released hold, this one is ${hold.status}.`);
  const subject = hold.id.startsWith("rf_") ? "refund" : "payout";
  const wallet = merchantAccount(hold.merchantId, hold.currency, hold.category);
  const walletRow = accountRow(wallet, hold.environment);
  const [row] = await tx.$queryRaw<{ available: bigint }[]>`SELECT available FROM ledger_accounts WHERE id = ${walletRow.id} FOR UPDATE`;
  const total = hold.amount + hold.fee;
  const covered = row ? (BigInt(row.available) < total ? BigInt(row.available) : total) : 0n;
  const shortfall = total - covered;
  const postings: PostingInput[] = [];
  if (covered > 0n) postings.push({ account: wallet, amount: -covered });
  if (shortfall > 0n) postings.push({ account: platformAccount("merchant_receivable", hold.currency), amount: -shortfall });
  if (subject === "payout") postings.push(...paidOutPostings(hold, { provider: input.provider, sent: input.sent }));
  else postings.push({ account: providerClearing(input.provider, hold.currency), amount: hold.amount });
  const entry = await postEntry(tx, {
    idempotencyKey: `${subject}:${hold.id}:late-success`,
    type: subject === "payout" ? "payout_late_success" : "refund_late_success",
    environment: hold.environment,
    merchantId: hold.merchantId,
    postings,
    metadata: { [subject === "payout" ? "payoutId" : "refundId"]: hold.id, provider: input.provider, shortfall: String(shortfall) },
  });
  return { entryId: entry.id, created: entry.created, shortfall };
}
