/**
 * lib/money — currencies, minor units, conversions and rounding. The only user of big.js.
 *
 * Invariants:
 * - Outside this module an amount is a `bigint` of integer minor units (ISO 4217 exponent:
 *   XOF/XAF 0 decimals, the others 2). Rates and percentages are decimal strings.
 * - No money ever passes through JS float arithmetic: wire numbers are read via their shortest
 *   decimal string, results are computed in big.js and written back via exact decimal strings.
 * - Every rounding is named at the call site ("half-up" | "up" | "down", relative to zero) and
 *   happens once, on the final minor-unit result.
 * - big.js runs on a private constructor (decimal.ts); global Big settings are never touched.
 * - Client input errors are AppError `invalid_amount` / `invalid_currency`; a bad internal value
 *   (rate, percent, rounding name) is a RangeError, i.e. a bug.
 */
export { CURRENCIES, CURRENCY_CODES, type Currency, type CurrencyCode, currencyExponent, getCurrency, isCurrency, minorPerMajor } from "./currencies";
export type { Rounding } from "./decimal";
export { MAX_AMOUNT_MAJOR, type ToMinorOptions, toMinor, toMinorAllowZero } from "./to-minor";
export { fromMinor, minorToDecimalString } from "./from-minor";
export { convertMinor, convertMinorToWholeUnits, roundUpToWholeUnit, smallestSourceCovering } from "./convert-minor";
export { percentOf } from "./percent-of";
export { applySpread, INVERTED_RATE_DIGITS, invertRate, multiplyRates, RATE_DECIMALS, type SpreadDirection } from "./rates";
export { type DisplayLocale, formatAmount, formatCustomerAmount } from "./format-amount";
export { parseTypedAmount } from "./typed-amount";
