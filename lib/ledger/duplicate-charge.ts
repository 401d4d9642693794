import type { Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import { accountRow, merchantAccount, platformAccount, providerClearing } from "./accounts";
import { LedgerError } from "./ledger-error";
import { closeHold } from "./close-hold";
import { postEntry } from "./post-entry";

export type HoldDuplicateChargeInput = {
  environment: Environment;
  merchantId: string;
  /** The duplicate charge (dup_…): one hold per duplicate charge. */
  duplicateChargeId: string;
  /** The payment charged twice (txn_…): the movement's transaction in the merchant's statement. */
  paymentId: string;
  provider: string;
  currency: CurrencyCode;
  /** What the operator took again, in minor units (> 0). */
  amount: bigint;
};

/**
 * An operator took a payment's money a second time (docs/design/order-lifecycle.md, "Duplicate
 * charges"). Two entries, in the caller's transaction: the provider owes us the amount and it is
 * credited to the merchant's collect.available (`duplicate_charge_credit`: no fee, nothing to
 * settle), then held at once on its way back to the payer (`duplicate_charge_hold`: collect.available
 * → payouts in flight, a hold whose id is the duplicate charge's). The merchant's balance never
 * changes by it: the money is the payer's, and the statement shows both movements. At most once
 * per duplicate charge (idempotency keys).
 */
export async function holdDuplicateCharge(tx: Tx, input: HoldDuplicateChargeInput): Promise<void> {
  if (input.amount <= 0n) throw new LedgerError(`A duplicate charge needs a positive amount, got ${input.amount}.`);
  const wallet = merchantAccount(input.merchantId, input.currency, "collect");
  const metadata = { duplicateChargeId: input.duplicateChargeId, reference: input.paymentId, provider: input.provider, amount: String(input.amount) };
  await postEntry(tx, {
    idempotencyKey: `duplicate:${input.duplicateChargeId}:credit`,
    type: "duplicate_charge_credit",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: providerClearing(input.provider, input.currency), amount: -input.amount },
      { account: wallet, amount: input.amount },
    ],
    metadata,
  });
  await postEntry(tx, {
    hold: { id: input.duplicateChargeId, accountId: accountRow(wallet, input.environment).id, amount: input.amount, fee: 0n },
    idempotencyKey: `duplicate:${input.duplicateChargeId}:hold`,
    type: "duplicate_charge_hold",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: wallet, amount: -input.amount },
      { account: platformAccount("payouts_in_flight", input.currency), amount: input.amount },
    ],
    metadata,
  });
}

/**
 * The payer got the duplicate back (the operator refunded it, or an operator's audited
 * resolution says it was refunded by other means): in flight → the provider's clearing account,
 * which nets the credit to zero. At most once; a released hold is invalid_state.
 */
export async function finaliseDuplicateCharge(tx: Tx, input: { duplicateChargeId: string; provider: string }): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.duplicateChargeId, "finalised", (hold) => ({
    idempotencyKey: `duplicate:${hold.id}:refund`,
    type: "duplicate_charge_refund",
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: providerClearing(input.provider, hold.currency), amount: hold.amount },
    ],
    metadata: { duplicateChargeId: hold.id, provider: input.provider },
  }));
}

/**
 * An operator's audited resolution leaves the duplicate to the merchant (who was told by the
 * `payment.duplicate_charge` event and settles with its customer): in flight → the merchant's
 * collect.available. At most once; a finalised hold is invalid_state.
 */
export async function releaseDuplicateCharge(tx: Tx, input: { duplicateChargeId: string; reason: string }): Promise<{ entryId: string; created: boolean }> {
  return closeHold(tx, input.duplicateChargeId, "released", (hold) => ({
    idempotencyKey: `duplicate:${hold.id}:release`,
    type: "duplicate_charge_release",
    postings: [
      { account: platformAccount("payouts_in_flight", hold.currency), amount: -hold.amount },
      { account: merchantAccount(hold.merchantId, hold.currency, hold.category), amount: hold.amount },
    ],
    metadata: { duplicateChargeId: hold.id, reason: input.reason },
  }));
}
