import type { Tx } from "@/lib/db/client";
import { merchantAccount, platformAccount, providerClearing } from "./accounts";
import type { FinalisePayoutInput } from "./finalise-payout";
import { LedgerError } from "./ledger-error";
import { lockHold } from "./lock-hold";
import { postEntry } from "./post-entry";
import type { PostingInput } from "./validate-postings";

export type ReversePayoutInput = {
  payoutId: string;
  /** The provider that paid, then returned the money: its clearing account gives the principal back. */
  provider: string;
  /** As finalisePayout: what went to the provider when its currency differs from the debited wallet's. */
  sent?: FinalisePayoutInput["sent"];
};

/**
 * A paid payout whose money the operator returned to our float (Wave `reversed`;
 * docs/decisions/payout-reversals.md): the principal goes back from the provider's clearing
 * account to the wallet it was debited from, at the rate it left (through the FX accounts when
 * the provider was paid in another currency); the fee stays earned. One entry, at most once per
 * payout. After a late success whose charge the wallet could not cover, the principal first pays
 * back what this payout left in `merchant_receivable`, and only the rest reaches the wallet.
 *
 * The hold stays as it was closed (finalised, or released before a late success): this entry is
 * its own event, like a late success's charge.
 */
export async function reversePayout(tx: Tx, input: ReversePayoutInput): Promise<{ entryId: string; created: boolean; credited: bigint }> {
  const hold = await lockHold(tx, input.payoutId);
  const key = `payout:${hold.id}:reversal`;
  const lateSuccess = await tx.ledgerEntry.findUnique({ where: { idempotencyKey: `payout:${hold.id}:late-success` } });
  // Paid: finalised on its success, or released and charged again on a late success.
  if (hold.status === "held" || (hold.status === "released" && !lateSuccess)) {
    throw new LedgerError(`Payout ${hold.id}: only a paid payout is reversed; its hold is ${hold.status}.`);
  }
  const { amount, currency } = hold;
  if (amount <= 0n) throw new LedgerError(`Payout ${hold.id}: nothing was paid out to come back.`);
  const sent = input.sent ?? { currency, amount };
  if (sent.amount <= 0n) throw new LedgerError(`Payout ${hold.id}: the amount sent must be positive, got ${sent.amount}.`);

  const postings: PostingInput[] = [];
  if (sent.currency === currency) {
    if (sent.amount !== amount) throw new LedgerError(`Payout ${hold.id}: ${sent.amount} sent but ${amount} held in the same currency.`);
    postings.push({ account: providerClearing(input.provider, currency), amount: -amount });
  } else {
    postings.push(
      { account: providerClearing(input.provider, sent.currency), amount: -sent.amount },
      { account: platformAccount("fx", sent.currency), amount: sent.amount },
      { account: platformAccount("fx", currency), amount: -amount },
    );
  }
  const owed = lateSuccess ? BigInt(String((lateSuccess.metadata as { shortfall?: string } | null)?.shortfall ?? "0")) : 0n;
  const repaid = owed < amount ? owed : amount;
  const credited = amount - repaid;
  if (repaid > 0n) postings.push({ account: platformAccount("merchant_receivable", currency), amount: repaid });
  if (credited > 0n) postings.push({ account: merchantAccount(hold.merchantId, currency, hold.category), amount: credited });

  const entry = await postEntry(tx, {
    idempotencyKey: key,
    type: "payout_reversal",
    environment: hold.environment,
    merchantId: hold.merchantId,
    postings,
    metadata: { payoutId: hold.id, provider: input.provider, credited: String(credited), ...(repaid > 0n ? { receivableRepaid: String(repaid) } : {}) },
  });
  return { entryId: entry.id, created: entry.created, credited };
}
