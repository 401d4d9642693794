import type Big from "big.js";
import { Decimal, parseDecimal, parsePositiveRate, roundingMode } from "./decimal";

/** Decimal places kept on a rate with a spread applied. */
export const RATE_DECIMALS = 10;
/** Significant digits kept on an inverted rate. */
export const INVERTED_RATE_DIGITS = 10;

export type SpreadDirection = "against-merchant-selling" | "against-merchant-paying";

/**
 * Moves a mid rate against the merchant (docs/design/quotes-and-payouts.md): × (1 − s) when the rate converts the
 * merchant's money into another currency (fx.rate, fxTopUp.rate), × (1 + s) when it prices what
 * the merchant must pay (debit.conversionRate). 600 at 1.5 % ⇒ "591" selling, "609" paying.
 * Kept to 10 decimal places (half-up), trailing zeros stripped.
 */
export function applySpread(midRate: string, spreadPercent: string, direction: SpreadDirection): string {
  const mid = parsePositiveRate(midRate, "midRate");
  const spread = parseDecimal(spreadPercent, "spreadPercent").times("0.01");
  if (spread.lt("0") || spread.gte("1")) throw new RangeError(`spreadPercent must be in [0, 100), got ${spreadPercent}`);
  let factor: Big;
  if (direction === "against-merchant-selling") factor = new Decimal("1").minus(spread);
  else if (direction === "against-merchant-paying") factor = new Decimal("1").plus(spread);
  else throw new RangeError(`Unknown spread direction: ${String(direction)}`);
  return mid.times(factor).round(RATE_DECIMALS, roundingMode("half-up")).toString();
}

/** 1 / rate, to 10 significant digits (half-up): "591" ⇒ "0.001692047377". */
export function invertRate(rate: string): string {
  return parsePositiveRate(rate).pow(-1).prec(INVERTED_RATE_DIGITS, roundingMode("half-up")).toString();
}

/** Cross rate a × b (A→B times B→C gives A→C), exact: no digit is dropped. */
export function multiplyRates(a: string, b: string): string {
  return parsePositiveRate(a, "a").times(parsePositiveRate(b, "b")).toString();
}
