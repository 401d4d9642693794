import { type CurrencyCode, currencyExponent } from "./currencies";
import { Decimal } from "./decimal";

/** Minor units as a plain decimal string in major units: 1540n USD → "15.40", 100n XOF → "100". */
export function minorToDecimalString(minor: bigint, currency: CurrencyCode | (string & {})): string {
  const exponent = currencyExponent(currency);
  const sign = minor < 0n ? "-" : "";
  const digits = (minor < 0n ? -minor : minor).toString();
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, "0");
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/**
 * Minor units as the JSON number for the wire (1540n USD → 15.4). The number is built from the
 * exact decimal string and checked to print back as that same decimal, so JSON carries the exact
 * amount; an amount a double cannot carry exactly (beyond ~15 significant digits) throws
 * RangeError rather than being rounded silently.
 */
export function fromMinor(minor: bigint, currency: CurrencyCode | (string & {})): number {
  const text = minorToDecimalString(minor, currency);
  const n = Number(text);
  if (!new Decimal(String(n)).eq(text)) {
    throw new RangeError(`${text} ${currency} cannot be represented exactly as a JSON number`);
  }
  return n;
}
