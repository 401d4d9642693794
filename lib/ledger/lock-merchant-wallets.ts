import type { AppEnvironment } from "@/lib/config";
import type { Tx } from "@/lib/db/client";

/**
 * The merchant's wallets of one category (collect or payout), one per currency, locked FOR UPDATE
 * in id order for the rest of `tx`: what each holds available now. A writer that debits several
 * times in one transaction (a bulk payout) plans against these and no other writer moves them
 * meanwhile.
 */
export async function lockMerchantWallets(tx: Tx, merchantId: string, environment: AppEnvironment, category: "collect" | "payout"): Promise<{ currency: string; available: bigint }[]> {
  return tx.$queryRaw<{ currency: string; available: bigint }[]>`
    SELECT currency, available FROM ledger_accounts
    WHERE merchant_id = ${merchantId} AND environment = ${environment}::"Environment" AND type = ${category}::"LedgerAccountType"
    ORDER BY id FOR UPDATE`;
}
