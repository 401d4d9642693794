import type { Db } from "@/lib/db/client";
import { convertMinor, type CurrencyCode, type Rounding, type SpreadDirection } from "@/lib/money";
import { getCatalogue } from "./get-catalogue";
import { type FxRate, fxRateFrom } from "./get-fx-rate";

/**
 * Converts `amount` (minor units of `from`) into minor units of `to` at the spread rate of
 * getFxRate, rounded once (half-up by default, docs/design/money-and-identifiers.md). Returns the rate used with it.
 */
export async function convertAmount(
  amount: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  options: { direction?: SpreadDirection; rounding?: Rounding; db?: Db } = {},
): Promise<{ amount: bigint; fx: FxRate }> {
  const fx = fxRateFrom(await getCatalogue(options.db), from, to, options.direction);
  return { amount: convertMinor(amount, from, to, fx.rate, options.rounding ?? "half-up"), fx };
}
