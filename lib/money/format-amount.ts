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

/**
 * What a paying customer reads (hosted checkout): the CFA francs as people write them,
 * "FCFA" for XOF (UEMOA) and "F CFA" for XAF (CEMAC), after the number in both languages
 * ("250 000 FCFA", "250,000 FCFA"); every other currency as formatAmount shows it.
 */
const CUSTOMER_SYMBOL: Partial<Record<CurrencyCode, string>> = { XOF: "FCFA", XAF: `F${NBSP}CFA` };

export function formatCustomerAmount(minor: bigint, currency: CurrencyCode, locale: DisplayLocale): string {
  const symbol = CUSTOMER_SYMBOL[currency];
  if (!symbol || minor < 0n) return formatAmount(minor, currency, locale);
  // The number as formatAmount writes it for the locale, without its currency code.
  const formatted = formatAmount(minor, currency, locale);
  const number = locale === "fr" ? formatted.slice(0, -(currency.length + 1)) : formatted.slice(currency.length + 1);
  return `${number}${NBSP}${symbol}`;
}
