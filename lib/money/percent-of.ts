import { Decimal, type Rounding, parseDecimal, roundingMode, toBigInt } from "./decimal";

/** `percent` % of an amount in minor units, rounded to whole minor units: 1.5 % of 10000n ⇒ 150n. */
export function percentOf(minor: bigint, percent: string, rounding: Rounding): bigint {
  const p = parseDecimal(percent, "percent");
  if (p.lt("0")) throw new RangeError(`percent must not be negative, got ${percent}`);
  return toBigInt(new Decimal(minor).times(p).times("0.01").round(0, roundingMode(rounding)));
}
