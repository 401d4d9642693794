import { fromMinor } from "@/lib/money";
import type { BucketBalance, CurrencyBalance, MerchantBalances } from "./read-balances";

/** The spec's Balance resource (`data` of GET /payments/balance): amounts as exact JSON numbers. */
export function presentBalances(view: MerchantBalances) {
  return { balanceMode: view.balanceMode, payoutSourceCategory: view.payoutSourceCategory, balances: view.balances.map(presentCurrencyBalance) };
}

export function presentCurrencyBalance(b: CurrencyBalance) {
  const money = (x: BucketBalance) => ({ available: fromMinor(x.available, b.currency), pending: fromMinor(x.pending, b.currency) });
  return {
    currency: b.currency,
    categories: { collect: money(b.categories.collect), payout: money(b.categories.payout), credit: money(b.categories.credit) },
    totals: money(b.totals),
    updatedAt: b.updatedAt ? b.updatedAt.toISOString() : null,
  };
}
