import type { Tx } from "@/lib/db/client";
import type { Environment, LedgerHold } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import { accountRow, merchantAccount, platformAccount } from "./accounts";
import { LedgerError } from "./ledger-error";
import { type PostedEntry, postEntry } from "./post-entry";

export type HoldRefundInput = {
  environment: Environment;
  merchantId: string;
  /** The refund (rf_…): one hold per refund. */
  refundId: string;
  /** The refunded payment (txn_…), kept in the entry's metadata. */
  paymentId: string;
  currency: CurrencyCode;
  /** What goes back to the payer, in the payment's currency (minor units, > 0). */
  amount: bigint;
};

/**
 * Refund created (docs/design/refunds.md): the refunded amount leaves the merchant's `collect.available` at
 * once and waits in flight until finaliseRefund or releaseRefund closes the hold, at most once.
 * The collect fee is not returned, so no fee moves. Refunds draw on `collect` in both balance
 * modes: that is where the payment's money landed.
 *
 * In flight means the platform's `payouts_in_flight` account: money on its way to a customer's
 * wallet, payouts and refunds alike, so "in flight equals the open holds" (ledger:reconcile)
 * stays one exact check. Refuses with AppError insufficient_balance, writing nothing, when the
 * wallet cannot cover it.
 */
export async function holdRefund(tx: Tx, input: HoldRefundInput): Promise<{ hold: LedgerHold; entry: PostedEntry }> {
  if (input.amount <= 0n) throw new LedgerError(`A refund hold needs a positive amount, got ${input.amount}.`);
  const account = merchantAccount(input.merchantId, input.currency, "collect");
  const entry = await postEntry(tx, {
    hold: { id: input.refundId, accountId: accountRow(account, input.environment).id, amount: input.amount, fee: 0n },
    idempotencyKey: `refund:${input.refundId}:hold`,
    type: "refund_hold",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account, amount: -input.amount },
      { account: platformAccount("payouts_in_flight", input.currency), amount: input.amount },
    ],
    metadata: { refundId: input.refundId, paymentId: input.paymentId, amount: String(input.amount) },
  });
  // A new entry wrote its hold in the same statement; a replayed one returns the hold it opened then.
  const hold = entry.hold ?? (await tx.ledgerHold.findUniqueOrThrow({ where: { id: input.refundId } }));
  return { hold, entry };
}
