import type { BalanceMode, Environment, LedgerAccountType } from "@/lib/db/generated/client";
import { type CurrencyCode, isCurrency } from "@/lib/money";
import { LedgerError } from "./ledger-error";

/** The three balance categories a merchant sees per currency (spec: Balance). */
export const MERCHANT_CATEGORIES = ["collect", "payout", "credit"] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number];

export type PlatformAccountType = Exclude<LedgerAccountType, MerchantCategory>;

/**
 * Names an account without knowing its row. Merchant accounts are per merchant × environment
 * (the entry's) × currency × category; platform accounts per environment × currency × type
 * (× provider for provider clearing).
 */
export type AccountRef =
  | { merchantId: string; category: MerchantCategory; currency: CurrencyCode }
  | { platform: Exclude<PlatformAccountType, "provider_clearing">; currency: CurrencyCode }
  | { platform: "provider_clearing"; provider: string; currency: CurrencyCode };

export const isMerchantRef = (ref: AccountRef): ref is Extract<AccountRef, { merchantId: string }> => "merchantId" in ref;

export function merchantAccount(merchantId: string, currency: CurrencyCode, category: MerchantCategory): AccountRef {
  return { merchantId, currency, category };
}

export function platformAccount(platform: Exclude<PlatformAccountType, "provider_clearing">, currency: CurrencyCode): AccountRef {
  return { platform, currency };
}

export function providerClearing(provider: string, currency: CurrencyCode): AccountRef {
  return { platform: "provider_clearing", provider, currency };
}

export type AccountRow = {
  id: string;
  environment: Environment;
  currency: CurrencyCode;
  type: LedgerAccountType;
  merchantId: string | null;
  provider: string | null;
};

/** The account's row, whose id is its canonical name (see ledger.prisma). */
export function accountRow(ref: AccountRef, environment: Environment): AccountRow {
  if (!isCurrency(ref.currency)) throw new LedgerError(`Unknown currency ${String(ref.currency)} in an account reference.`);
  if (isMerchantRef(ref)) {
    return {
      id: `m:${ref.merchantId}:${environment}:${ref.currency}:${ref.category}`,
      environment,
      currency: ref.currency,
      type: ref.category,
      merchantId: ref.merchantId,
      provider: null,
    };
  }
  const provider = ref.platform === "provider_clearing" ? ref.provider : null;
  if (provider !== null && !/^[a-z0-9_-]{1,64}$/.test(provider)) throw new LedgerError(`Invalid provider code ${JSON.stringify(provider)}.`);
  return {
    id: `p:${environment}:${ref.currency}:${ref.platform}${provider ? `:${provider}` : ""}`,
    environment,
    currency: ref.currency,
    type: ref.platform,
    merchantId: null,
    provider,
  };
}

/** docs/design/ledger.md: unified mode pays out of `collect`, separate mode out of `payout`. */
export function payoutSourceCategory(mode: BalanceMode): "collect" | "payout" {
  return mode === "separate" ? "payout" : "collect";
}
