import { CURRENCIES, CURRENCY_CODES } from "@/lib/money/currencies";
import { MAX_AMOUNT_MAJOR } from "@/lib/money/to-minor";
import { SEED_COUNTRIES } from "./catalogue-seed";
import { PAYOUT_METHODS, PAYOUT_OPERATORS, PROVIDER_CODES } from "./provider-codes";

/**
 * The codes the API serves, for the OpenAPI document's enums (docs/decisions/sdk-and-docs.md):
 * the catalogue's countries (resolveCountry refuses any other with 400 invalid_country), the
 * currencies of lib/money (getCurrency refuses any other), the provider codes. The server stays
 * case-insensitive where it was; the document lists the canonical upper/lower-case spelling.
 *
 * Countries come from the seed: ops commands edit channels, rates and tariffs of these countries
 * but add none, so the served list is the seed's (a test compares it with the loaded catalogue).
 */
export const SERVED_COUNTRY_CODES = SEED_COUNTRIES.map((c) => c.code) as [string, ...string[]];

export const SERVED_CURRENCY_CODES = CURRENCY_CODES;

/** Currencies without a minor unit: an amount in them is a whole number. */
export const WHOLE_UNIT_CURRENCIES = CURRENCY_CODES.filter((c) => CURRENCIES[c].exponent === 0);

export { PAYOUT_METHODS, PAYOUT_OPERATORS, PROVIDER_CODES };

/** `.meta()` fragments: the enum a catalogue-bound string field shows in the document. */
export const countryEnumMeta = (extra: string[] = []) => ({ enum: [...SERVED_COUNTRY_CODES, ...extra] });
export const currencyEnumMeta = () => ({ enum: [...SERVED_CURRENCY_CODES] });

/**
 * The document's rule for a body's `amount` beside its `currency` (default XOF): > 0 always, a
 * whole number in a currency without minor unit. At most two decimals elsewhere is said in prose:
 * `multipleOf: 0.01` is not exact in binary floating point, and validators disagree on it.
 */
export function wholeUnitAmountRule(options: { currencyRequired?: boolean; decimalString?: boolean } = {}) {
  const integer = { type: "integer", minimum: 1, maximum: Number(MAX_AMOUNT_MAJOR) };
  const whole = options.decimalString ? { anyOf: [integer, { type: "string", pattern: "^[0-9]+$", maxLength: 32 }] } : integer;
  return {
    if: {
      properties: { currency: { enum: [...WHOLE_UNIT_CURRENCIES] } },
      unevaluatedProperties: true,
      ...(options.currencyRequired ? { required: ["currency"] } : {}),
    },
    // `unevaluatedProperties: true` says what JSON Schema already means (the rule constrains only
    // `amount`), for validators that default it to false in subschemas (Redocly's examples check).
    then: { properties: { amount: whole }, unevaluatedProperties: true },
  };
}
