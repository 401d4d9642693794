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
  // East Africa (docs/numbering-plans.md lists the countries). ISO 4217 gives UGX and RWF no minor
  // unit: an amount in them is whole, and nothing here may add decimals to it.
  KES: { code: "KES", exponent: 2, name: "Kenyan shilling" },
  UGX: { code: "UGX", exponent: 0, name: "Ugandan shilling" },
  TZS: { code: "TZS", exponent: 2, name: "Tanzanian shilling" },
  RWF: { code: "RWF", exponent: 0, name: "Rwandan franc" },
  ZMW: { code: "ZMW", exponent: 2, name: "Zambian kwacha" },
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

/** Minor units in one major unit of the currency: 10^exponent (100 for KES, 1 for XOF). */
export function minorPerMajor(code: string): bigint {
  return 10n ** BigInt(currencyExponent(code));
}
