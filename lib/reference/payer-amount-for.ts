import { type CurrencyCode, roundUpToWholeUnit, smallestSourceCovering } from "@/lib/money";
import type { Catalogue } from "./catalogue-types";
import { type FxRate, fxRateFrom } from "./get-fx-rate";

/**
 * What a payer must pay in `payerCurrency` so that the merchant receives `merchantAmount` in
 * `merchantCurrency`: the smallest payer amount (minor units, rounded up) whose conversion at
 * the payer→merchant rate — spread against the merchant, as for any conversion of the
 * merchant's money — still covers the merchant amount. Same currency or parity: equal amounts.
 * Into a channel that takes whole units only (`wholeUnits`), rounded up again to the next whole
 * unit: more still covers the merchant amount, and the payer is never asked for cents the
 * operator would refuse.
 */
export function payerAmountFor(
  catalogue: Catalogue,
  merchantAmount: bigint,
  merchantCurrency: CurrencyCode,
  payerCurrency: CurrencyCode,
  options: { wholeUnits?: boolean } = {},
): { payerAmount: bigint; fx: FxRate } {
  const fx = fxRateFrom(catalogue, payerCurrency, merchantCurrency, "against-merchant-selling");
  const covering = smallestSourceCovering(merchantAmount, payerCurrency, merchantCurrency, fx.rate);
  return { payerAmount: options.wholeUnits ? roundUpToWholeUnit(covering, payerCurrency) : covering, fx };
}
