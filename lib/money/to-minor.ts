import { AppError } from "@/lib/errors";
import { type CurrencyCode, currencyExponent } from "./currencies";
import { Decimal, toBigInt } from "./decimal";

/** Anything above this many major units is refused as absurd. */
// 10^12 major units: far above any real payment, and every amount stays exactly representable
// as a JSON number in minor units (below 2^53) for every supported exponent.
export const MAX_AMOUNT_MAJOR = 10n ** 12n;

export type ToMinorOptions = { allowZero?: boolean };

// A client's decimal string: digits with an optional fraction; a sign only so that "-5" gets the
// "negative" message rather than "not a number". No exponent, no spaces, no "1." or ".5".
const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/**
 * Parses a wire amount (JSON number or decimal string, in major units) into integer minor units,
 * exactly. A number is read through its shortest decimal form (`String(n)`, which may be
 * exponent notation such as 1e-7), never through float arithmetic.
 * Throws AppError `invalid_amount` for NaN, ±Infinity, zero (unless allowZero), negative, more
 * decimals than the currency allows, or more than 10^15 major units.
 */
export function toMinor(amount: number | string, currency: CurrencyCode, options: ToMinorOptions = {}): bigint {
  const exponent = currencyExponent(currency);
  const text = amountText(amount);
  const value = new Decimal(text);

  if (value.lt("0")) throw invalid(`Amount must be positive, got ${text}.`);
  if (value.eq("0") && !options.allowZero) throw invalid("Amount must be greater than zero.");
  if (value.gt(MAX_AMOUNT_MAJOR.toString())) {
    throw invalid(`Amount ${text} is too large: the maximum is ${MAX_AMOUNT_MAJOR} ${currency}.`);
  }

  const minor = value.times(`1e${exponent}`);
  if (!minor.eq(minor.round(0, 0))) {
    const allowed = exponent === 0 ? "0 decimal places: whole units only" : `${exponent} decimal places`;
    throw invalid(`Amount ${text} has more decimals than ${currency} allows (${allowed}).`);
  }
  return toBigInt(minor);
}

/** toMinor that accepts zero, for limits and balances. */
export function toMinorAllowZero(amount: number | string, currency: CurrencyCode): bigint {
  return toMinor(amount, currency, { allowZero: true });
}

function amountText(amount: unknown): string {
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) throw invalid("Amount must be a finite number.");
    return String(amount); // shortest round-trip decimal, e.g. "15.4", "1e-7", "1e+21"
  }
  if (typeof amount === "string") {
    if (!DECIMAL_STRING.test(amount)) throw invalid(`Amount must be a decimal number, got "${amount}".`);
    return amount;
  }
  throw invalid("Amount must be a number.");
}

function invalid(message: string): AppError {
  return new AppError("invalid_amount", message);
}
