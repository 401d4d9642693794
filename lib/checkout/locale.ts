/**
 * The checkout speaks French and English. Choice, strongest first: an explicit `?lang=`, the
 * cookie the page sets when the customer switches, then the browser's Accept-Language (by
 * q-value), else the language of the payment's country: English in the East African and
 * Ghanaian markets, French elsewhere (the CFA zones, and a page whose payment is not known yet).
 */
export type Locale = "fr" | "en";
export const LOCALES: readonly Locale[] = ["fr", "en"];
export const DEFAULT_LOCALE: Locale = "fr";

/** Collect countries whose customers read English first (Rwanda: English beside Kinyarwanda). */
const ENGLISH_FIRST_COUNTRIES = new Set(["KE", "UG", "TZ", "RW", "ZM", "GH"]);

export function countryLocale(country: string | null | undefined): Locale {
  return country && ENGLISH_FIRST_COUNTRIES.has(country.toUpperCase()) ? "en" : DEFAULT_LOCALE;
}
export const LOCALE_COOKIE = "checkout_lang";

export const isLocale = (value: unknown): value is Locale => value === "fr" || value === "en";

export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((r) => r.lang).find(isLocale) ?? null;
}

export function pickLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null; country?: string | null }): Locale {
  if (isLocale(input.query)) return input.query;
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? countryLocale(input.country);
}
