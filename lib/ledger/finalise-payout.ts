import type { Tx } from "@/lib/db/client";
import type { CurrencyCode } from "@/lib/money";
import { platformAccount, providerClearing } from "./accounts";
import { LedgerError } from "./ledger-error";
import { closeHold } from "./close-hold";
import type { LockedHold } from "./lock-hold";
import type { PostingInput } from "./validate-postings";

export type FinalisePayoutInput = {
  payoutId: string;
  /** The provider that paid the beneficiary: its clearing account receives the principal. */
  provider: string;
  /**
   * What went to the provider when its currency differs from the debited wallet's (the
   * payout's debit.conversionRate): the principal then crosses the FX accounts.
   */
  sent?: { currency: CurrencyCode; amount: bigint };
};

/**
 * Payout success: the held principal goes to the provider's clearing account (through the FX
 * accounts when the provider was paid in another currency) and the fee to fee revenue. At most
 * once per hold; finalising a finalised hold returns its entry, a released one is invalid_state.
 */
export async function finalisePayout(tx: Tx, input: FinalisePayoutInput): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.payoutId, "finalised", (hold) => {
    const postings: PostingInput[] = [{ account: platformAccount("payouts_in_flight", hold.currency), amount: -(hold.amount + hold.fee) }, ...paidOutPostings(hold, input)];
    return {
      idempotencyKey: `payout:${hold.id}:finalise`,
      type: "payout_finalise",
      postings,
      metadata: { payoutId: hold.id, provider: input.provider },
    };
  });
}

/**
 * Where a paid payout's money goes: the fee to fee revenue, the principal to the provider's
 * clearing account (through the FX accounts when the provider was paid in another currency).
 * The credit side of a finalise, and of a late success (charge-late-success.ts).
 */
export function paidOutPostings(hold: Pick<LockedHold, "id" | "amount" | "fee" | "currency">, input: Omit<FinalisePayoutInput, "payoutId">): PostingInput[] {
  const { currency, amount, fee } = hold;
  const postings: PostingInput[] = [];
  if (fee > 0n) postings.push({ account: platformAccount("fee_revenue", currency), amount: fee });
  if (amount > 0n) {
    const sent = input.sent ?? { currency, amount };
    if (sent.amount <= 0n) throw new LedgerError(`Payout ${hold.id}: the amount sent must be positive, got ${sent.amount}.`);
    if (sent.currency === currency) {
      if (sent.amount !== amount) throw new LedgerError(`Payout ${hold.id}: ${sent.amount} sent but ${amount} held in the same currency.`);
      postings.push({ account: providerClearing(input.provider, currency), amount });
    } else {
      postings.push(
        { account: platformAccount("fx", currency), amount },
        { account: platformAccount("fx", sent.currency), amount: -sent.amount },
        { account: providerClearing(input.provider, sent.currency), amount: sent.amount },
      );
    }
  }
  return postings;
}
