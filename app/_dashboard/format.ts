import { cache, createElement, type ReactElement } from "react";
import { formatAmount as formatMinor, isCurrency, toMinorAllowZero } from "@/lib/money";
import type { Locale } from "@/lib/dashboard/i18n";
import { formatInZone } from "@/lib/identity/time-zone";

/**
 * The time zone of this request's page, set once by requireScope (session.ts) before the page
 * renders anything; UTC until then (and outside a request).
 */
export const displayZone = cache((): { timeZone: string } => ({ timeZone: "UTC" }));

export const MERCHANT_CATEGORIES_FOR_VIEW = ["collect", "payout", "credit"] as const;

export function formatAmount(minor: bigint, currency: string, locale: Locale): string {
  return isCurrency(currency) ? formatMinor(minor, currency, locale) : `${minor} ${currency}`;
}

/** A time in the user's zone, as text (see When for the element with its UTC form on hover). */
export function formatDate(d: Date | string | null | undefined, locale: Locale): string {
  if (!d) return "—";
  return formatInZone(typeof d === "string" ? new Date(d) : d, locale, displayZone().timeZone).local;
}

/** <time> in the user's zone, with the UTC time as its title (hover) and its ISO datetime. */
export function when(d: Date | string | null | undefined, locale: Locale): ReactElement | string {
  if (!d) return "—";
  const date = typeof d === "string" ? new Date(d) : d;
  const { local, utc } = formatInZone(date, locale, displayZone().timeZone);
  return createElement("time", { dateTime: date.toISOString(), title: utc }, local);
}

/** An API amount (exact JSON number in major units) for display, through lib/money (no float maths). */
export function formatMajor(amount: number, currency: string, locale: Locale): string {
  return isCurrency(currency) ? formatMinor(toMinorAllowZero(amount, currency), currency, locale) : `${amount} ${currency}`;
}
