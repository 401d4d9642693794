import type { Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import { merchantAccount, platformAccount } from "./accounts";
import { LedgerError } from "./ledger-error";
import { type PostedEntry, postEntry } from "./post-entry";

export type ConvertFundsInput = {
  environment: Environment;
  merchantId: string;
  category: "collect" | "payout";
  /** The wallet drawn on and what leaves it (minor units). */
  from: { currency: CurrencyCode; amount: bigint };
  /** The wallet credited and what it receives (minor units), already rounded by the quote's rule. */
  to: { currency: CurrencyCode; amount: bigint };
  /** E.g. `payout:po_…:fx_top_up`. */
  idempotencyKey: string;
  metadata?: Record<string, unknown>;
};

/**
 * A conversion between two of a merchant's wallets (the quote's fxTopUp, docs/design/quotes-and-payouts.md), through the
 * platform's FX accounts so each currency still sums to zero. The rate lives in the caller.
 */
export async function convertFunds(tx: Tx, input: ConvertFundsInput): Promise<PostedEntry> {
  const { from, to } = input;
  if (from.currency === to.currency) throw new LedgerError("A conversion needs two different currencies.");
  if (from.amount <= 0n || to.amount <= 0n) throw new LedgerError(`A conversion needs positive amounts, got ${from.amount} and ${to.amount}.`);
  return postEntry(tx, {
    idempotencyKey: input.idempotencyKey,
    type: "fx_conversion",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: merchantAccount(input.merchantId, from.currency, input.category), amount: -from.amount },
      { account: platformAccount("fx", from.currency), amount: from.amount },
      { account: platformAccount("fx", to.currency), amount: -to.amount },
      { account: merchantAccount(input.merchantId, to.currency, input.category), amount: to.amount },
    ],
    metadata: { ...input.metadata },
  });
}
