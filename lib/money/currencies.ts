import { AppError } from "@/lib/errors";

/** ISO 4217 currencies we handle; `exponent` is the number of decimals of the minor unit. */
export const CURRENCIES = {
  XOF: { code: "XOF", exponent: 0, name: "West African CFA franc" },
  XAF: { code: "XAF", exponent: 0, name: "Central African CFA franc" },
  USD: { code: "USD", exponent: 2, name: "US dollar" },
  EUR: { code: "EUR", exponent: 2, name: "Euro" },
  INR: { code: "INR", exponent: 2, name: "Indian rupee" },
  CDF: { code: "CDF", exponent: 2, name: "Congolese franc" },
  MAD: { code: "MAD", exponent: 2, name: "Moroccan dirham" },
  GBP: { code: "GBP", exponent: 2, name: "Pound sterling" },
  NGN: { code: "NGN", exponent: 2, name: "Nigerian naira" },
  GHS: { code: "GHS", exponent: 2, name: "Ghanaian cedi" },
  // M-Pesa Daraja (Kenya). Known to lib/money so a connector account and a channel can use it; the
  // seeded catalogue has no Kenyan channel (docs/decisions.md, "M-Pesa and Airtel connectors").
  KES: { code: "KES", exponent: 2, name: "Kenyan shilling" },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export type Currency = (typeof CURRENCIES)[CurrencyCode];

/** Tuple of codes, e.g. for `z.enum(CURRENCY_CODES)`. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [CurrencyCode, ...CurrencyCode[]];

export function isCurrency(code: string): code is CurrencyCode {
  return typeof code === "string" && Object.hasOwn(CURRENCIES, code);
}

/** Throws AppError `invalid_currency` for a code we do not handle (codes are upper case). */
export function getCurrency(code: string): Currency {
  if (!isCurrency(code)) {
    throw new AppError("invalid_currency", `Unsupported currency: ${String(code)}`);
  }
  return CURRENCIES[code];
}

export function currencyExponent(code: string): number {
  return getCurrency(code).exponent;
}
