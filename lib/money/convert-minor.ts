import type Big from "big.js";
import { type CurrencyCode, currencyExponent, minorPerMajor } from "./currencies";
import { Decimal, type Rounding, parsePositiveRate, roundingMode, toBigInt } from "./decimal";

/**
 * Converts minor units of `from` into minor units of `to`. `rate` is in major units
 * (1 major `from` = rate major `to`); the exponent difference is applied exactly and the result
 * is rounded once, with the named rounding, to the minor unit of `to`.
 * Rounding is relative to zero, so a negative amount converts to minus the positive one.
 */
export function convertMinor(
  minor: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string | Big,
  rounding: Rounding,
): bigint {
  const exact = minorRate(from, to, rate).times(minor);
  return toBigInt(exact.round(0, roundingMode(rounding)));
}

/**
 * convertMinor into a channel that takes whole units only: the exact product is rounded once,
 * with the named rounding, to a whole major unit of `to` (never to the cent first, then to the
 * unit: no double rounding). The result is still in minor units (a multiple of 10^exponent).
 */
export function convertMinorToWholeUnits(
  minor: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string | Big,
  rounding: Rounding,
): bigint {
  const unit = new Decimal(`1e${currencyExponent(to)}`);
  const exactMajor = minorRate(from, to, rate).times(minor).div(unit);
  return toBigInt(exactMajor.round(0, roundingMode(rounding)).times(unit));
}

/** `minor` rounded up to the next whole major unit of `currency` (itself when already whole). */
export function roundUpToWholeUnit(minor: bigint, currency: CurrencyCode): bigint {
  const unit = minorPerMajor(currency);
  const rest = ((minor % unit) + unit) % unit;
  return rest === 0n ? minor : minor - rest + unit;
}

/**
 * The smallest amount in minor units of `from` whose conversion to `to` (rounded down) is at
 * least `targetMinor` (docs/design/quotes-and-payouts.md, fxTopUp.sourceAmount): e.g. 9100 XOF at USD→XOF 591 ⇒ 1540
 * (15.40 USD).
 */
export function smallestSourceCovering(
  targetMinor: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: string | Big,
): bigint {
  if (targetMinor < 0n) throw new RangeError(`target must not be negative, got ${targetMinor}`);
  // The quotient is computed to 40 decimals, so it can only be off by one minor unit after
  // rounding up: check the defining property exactly and step to the true minimum.
  let source = toBigInt(new Decimal(targetMinor).div(minorRate(from, to, rate)).round(0, roundingMode("up")));
  const covers = (s: bigint) => convertMinor(s, from, to, rate, "down") >= targetMinor;
  while (!covers(source)) source += 1n;
  while (source > 0n && covers(source - 1n)) source -= 1n;
  return source;
}

/** Rate expressed per minor unit: rate × 10^(exponent(to) − exponent(from)), exact. */
function minorRate(from: CurrencyCode, to: CurrencyCode, rate: string | Big): Decimal {
  const shift = currencyExponent(to) - currencyExponent(from);
  return parsePositiveRate(rate).times(`1e${shift}`);
}
