import type { CurrencyCode } from "./currencies";
import { minorToDecimalString } from "./from-minor";

export type DisplayLocale = "fr" | "en";

const NARROW_NBSP = "\u202F";
const NBSP = "\u00A0";

/**
 * Human display, built on the exact decimal string (no Intl, no float):
 * fr "1 234 567 XOF", "12 345,67 USD" (U+202F between thousands, U+00A0 before the code);
 * en "XOF 1,234,567", "USD 12,345.67" (U+00A0 after the code). Minor digits are always shown.
 */
export function formatAmount(minor: bigint, currency: CurrencyCode, locale: DisplayLocale): string {
  const text = minorToDecimalString(minor, currency);
  const negative = text.startsWith("-");
  const [whole, fraction] = (negative ? text.slice(1) : text).split(".");
  const fr = locale === "fr";
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, fr ? NARROW_NBSP : ",");
  const number = fraction === undefined ? grouped : `${grouped}${fr ? "," : "."}${fraction}`;
  const sign = negative ? "-" : "";
  return fr ? `${sign}${number}${NBSP}${currency}` : `${sign}${currency}${NBSP}${number}`;
}
