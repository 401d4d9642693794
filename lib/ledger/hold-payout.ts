import type { Tx } from "@/lib/db/client";
import type { Environment, LedgerHold, Prisma } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import { accountRow, merchantAccount, platformAccount } from "./accounts";
import { LedgerError } from "./ledger-error";
import { entryCtes, type PostedEntry, type PostEntryInput, postEntry } from "./post-entry";

export type HoldPayoutInput = {
  environment: Environment;
  merchantId: string;
  /** The payout (po_…): one hold per payout. */
  payoutId: string;
  /** The debited wallet: its currency and category (the merchant's payout source category). */
  currency: CurrencyCode;
  category: "collect" | "payout";
  /** Principal sent to the provider, in the debited currency (minor units, ≥ 0). */
  amount: bigint;
  /** Fees, in the debited currency (minor units, ≥ 0). amount + fee > 0. */
  fee: bigint;
  metadata?: Record<string, unknown>;
};

/**
 * Payout initiate (docs/design/ledger.md): the total debit (amount + fee) leaves `available` at once and
 * waits in payouts-in-flight until finalisePayout or releasePayout closes the hold, at most once.
 * Refuses with AppError insufficient_balance, writing nothing, when the wallet cannot cover it.
 */
export async function holdPayout(tx: Tx, input: HoldPayoutInput): Promise<{ hold: LedgerHold; entry: PostedEntry }> {
  const entry = await postEntry(tx, holdEntry(input));
  // A new entry wrote its hold in the same statement; a replayed one returns the hold it opened then.
  const hold = entry.hold ?? (await tx.ledgerHold.findUniqueOrThrow({ where: { id: input.payoutId } }));
  return { hold, entry };
}

/**
 * holdPayout's entry as CTEs of the caller's own statement (a payout initiate in one statement,
 * lib/payouts/initiate-payout.ts): written only if `when` holds and the wallet covers the total;
 * the CTE `entry` is empty otherwise (see entryCtes).
 */
export function holdPayoutCtes(input: HoldPayoutInput, when: Prisma.Sql): Prisma.Sql {
  return entryCtes(holdEntry(input), when);
}

function holdEntry(input: HoldPayoutInput): PostEntryInput {
  const { amount, fee, currency } = input;
  if (amount < 0n || fee < 0n || amount + fee <= 0n) throw new LedgerError(`A hold needs amount ≥ 0, fee ≥ 0 and a positive total, got ${amount} + ${fee}.`);
  const total = amount + fee;
  const account = merchantAccount(input.merchantId, currency, input.category);
  return {
    hold: { id: input.payoutId, accountId: accountRow(account, input.environment).id, amount, fee },
    idempotencyKey: `payout:${input.payoutId}:hold`,
    type: "payout_hold",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account, amount: -total },
      { account: platformAccount("payouts_in_flight", currency), amount: total },
    ],
    metadata: { payoutId: input.payoutId, amount: String(amount), fee: String(fee), ...input.metadata },
  };
}
