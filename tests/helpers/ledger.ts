import { getPrisma, type Tx } from "@/lib/db/client";
import { fundSandboxWallet } from "@/lib/ledger/fund-sandbox-wallet";
import type { MerchantCategory } from "@/lib/ledger/accounts";
import { readBalances } from "@/lib/ledger/read-balances";
import type { CurrencyCode } from "@/lib/money";

/** Runs `fn` in one transaction, the way every caller of lib/ledger does. */
export async function inTx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (await getPrisma()).$transaction(fn);
}

export function fund(merchantId: string, currency: CurrencyCode, amount: bigint, category: "collect" | "payout" = "collect") {
  return inTx((tx) => fundSandboxWallet(tx, { environment: "sandbox", merchantId, currency, amount, category }));
}

/** One wallet's buckets in minor units: { available, pending } of currency × category. */
export async function wallet(merchantId: string, currency: CurrencyCode, category: MerchantCategory = "collect") {
  const view = await readBalances({ merchantId, environment: "sandbox", currency });
  return view.balances[0].categories[category];
}
