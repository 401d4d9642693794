import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getPrisma, type Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type CurrencyCode, minorToDecimalString } from "@/lib/money";
import { merchantAccount } from "./accounts";
import { type PostedEntry, postEntry } from "./post-entry";
import { findMerchant, getMerchant } from "@/lib/merchants/merchant-records";

export type MoveFundsInput = {
  environment: Environment;
  merchantId: string;
  currency: CurrencyCode;
  /** Minor units, > 0. */
  amount: bigint;
  /** Makes the move idempotent (the dashboard passes its request's key); a fresh one otherwise. */
  reference?: string;
};

/**
 * `separate` balance mode only (docs/design/ledger.md): collect.available → payout.available in one
 * currency. insufficient_balance when collect cannot cover it; invalid_state in unified mode.
 */
export async function moveFunds(tx: Tx, input: MoveFundsInput): Promise<PostedEntry> {
  if (input.amount <= 0n) throw new AppError("invalid_amount", "Amount must be greater than zero.");
  const merchant = await getMerchant(input.merchantId, { balanceMode: true }, tx);
  if (merchant.balanceMode !== "separate") {
    throw new AppError("invalid_state", "Funds move between collect and payout only in the separate balance mode; in unified mode payouts already draw on collect.");
  }
  return postEntry(tx, {
    idempotencyKey: `funds_move:${input.reference ?? newId("je")}`,
    type: "funds_move",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: merchantAccount(input.merchantId, input.currency, "collect"), amount: -input.amount },
      { account: merchantAccount(input.merchantId, input.currency, "payout"), amount: input.amount },
    ],
    metadata: { from: "collect", to: "payout" },
  });
}

/**
 * The move as the merchant asks for it (the dashboard): in one transaction with its audit row
 * (`ledger.funds_moved`, who asked). moveFunds alone is the ledger step.
 */
export async function moveFundsForMerchant(input: MoveFundsInput, by: AuditBy): Promise<PostedEntry> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const owner = await findMerchant(input.merchantId, { id: true }, tx);
    if (!owner) throw new AppError("not_found", "Merchant not found.");
    const entry = await moveFunds(tx, input);
    await writeAudit(tx, {
      merchantId: input.merchantId,
      environment: input.environment,
      actor: by.actor,
      action: "ledger.funds_moved",
      details: { entryId: entry.id, amount: minorToDecimalString(input.amount, input.currency), currency: input.currency, from: "collect", to: "payout" },
    });
    return entry;
  });
}
