import { type CurrencyCode, smallestSourceCovering } from "@/lib/money";
import type { Catalogue } from "./catalogue-types";
import { type FxRate, fxRateFrom } from "./get-fx-rate";

/**
 * What a payer must pay in `payerCurrency` so that the merchant receives `merchantAmount` in
 * `merchantCurrency`: the smallest payer amount (minor units, rounded up) whose conversion at
 * the payer→merchant rate — spread against the merchant, as for any conversion of the
 * merchant's money — still covers the merchant amount. Same currency or parity: equal amounts.
 */
export function payerAmountFor(
  catalogue: Catalogue,
  merchantAmount: bigint,
  merchantCurrency: CurrencyCode,
  payerCurrency: CurrencyCode,
): { payerAmount: bigint; fx: FxRate } {
  const fx = fxRateFrom(catalogue, payerCurrency, merchantCurrency, "against-merchant-selling");
  return { payerAmount: smallestSourceCovering(merchantAmount, payerCurrency, merchantCurrency, fx.rate), fx };
}
