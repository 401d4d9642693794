import { formatAmount as formatMinor, isCurrency, toMinorAllowZero } from "@/lib/money";
import type { Locale } from "@/lib/dashboard/i18n";

export const MERCHANT_CATEGORIES_FOR_VIEW = ["collect", "payout", "credit"] as const;

export function formatAmount(minor: bigint, currency: string, locale: Locale): string {
  return isCurrency(currency) ? formatMinor(minor, currency, locale) : `${minor} ${currency}`;
}

export function formatDate(d: Date | string | null | undefined, locale: Locale): string {
  if (!d) return "—";
  const date = typeof d === "string" ? new Date(d) : d;
  return new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(date) + " UTC";
}

/** An API amount (exact JSON number in major units) for display, through lib/money (no float maths). */
export function formatMajor(amount: number, currency: string, locale: Locale): string {
  return isCurrency(currency) ? formatMinor(toMinorAllowZero(amount, currency), currency, locale) : `${amount} ${currency}`;
}
