import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getPrisma, type Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type CurrencyCode, fromMinor, minorPerMajor } from "@/lib/money";
import { merchantAccount, payoutSourceCategory, platformAccount } from "./accounts";
import { type PostedEntry, postEntry } from "./post-entry";
import { presentCurrencyBalance } from "./present-balances";
import { readBalances } from "./read-balances";
import { getMerchant } from "@/lib/merchants/merchant-records";

/** Largest single sandbox funding, in major units: keeps test balances printable as exact JSON numbers. */
export const MAX_SANDBOX_FUNDING_MAJOR = 1_000_000_000n;

export type FundSandboxWalletInput = {
  environment: Environment;
  merchantId: string;
  currency: CurrencyCode;
  /** Minor units, > 0. */
  amount: bigint;
  /** Default: the merchant's payout source category (collect in unified mode, payout in separate). */
  category?: "collect" | "payout";
  /** Makes the funding idempotent; a fresh one each call otherwise. */
  reference?: string;
};

/** Sandbox only (docs/design/ledger.md): test money into a wallet's `available`, from the sandbox funding account. */
export async function fundSandboxWallet(tx: Tx, input: FundSandboxWalletInput): Promise<{ entry: PostedEntry; category: "collect" | "payout" }> {
  if (input.environment !== "sandbox") throw new AppError("not_found", "Test funds exist only in the sandbox.");
  const max = MAX_SANDBOX_FUNDING_MAJOR * minorPerMajor(input.currency);
  if (input.amount <= 0n) throw new AppError("invalid_amount", "Amount must be greater than zero.");
  if (input.amount > max) throw new AppError("invalid_amount", `A sandbox funding is at most ${MAX_SANDBOX_FUNDING_MAJOR} ${input.currency}.`);
  const merchant = await getMerchant(input.merchantId, { balanceMode: true }, tx);
  const category = input.category ?? payoutSourceCategory(merchant.balanceMode);
  const entry = await postEntry(tx, {
    idempotencyKey: `sandbox_funding:${input.reference ?? newId("je")}`,
    type: "sandbox_funding",
    environment: input.environment,
    merchantId: input.merchantId,
    postings: [
      { account: platformAccount("sandbox_funding", input.currency), amount: -input.amount },
      { account: merchantAccount(input.merchantId, input.currency, category), amount: input.amount },
    ],
    metadata: { category },
  });
  return { entry, category };
}

/**
 * Sandbox funding as the merchant asks for it (POST /sandbox/wallets/fund, the dashboard's "add
 * test funds"): funds in one transaction with its audit row (`ledger.sandbox_funded`, who asked)
 * and returns the funding with the wallet after it. fundSandboxWallet alone is the ledger step.
 */
export async function fundSandboxWalletAndReadBalance(input: FundSandboxWalletInput, by: AuditBy) {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const { entry, category } = await fundSandboxWallet(tx, input);
    await writeAudit(tx, {
      merchantId: input.merchantId,
      environment: input.environment,
      actor: by.actor,
      action: "ledger.sandbox_funded",
      details: { fundingId: entry.id, amount: String(fromMinor(input.amount, input.currency)), currency: input.currency, category },
    });
    const view = await readBalances({ merchantId: input.merchantId, environment: input.environment, currency: input.currency }, tx);
    return {
      fundingId: entry.id,
      currency: input.currency,
      category,
      amount: fromMinor(input.amount, input.currency),
      balance: presentCurrencyBalance(view.balances[0]),
    };
  });
}
