/**
 * The one big.js constructor of the code base. It is a private copy (`Big()` factory), so the
 * settings below never leak into, or depend on, any other user of big.js.
 */
import Big from "big.js";

export const Decimal = Big();
/** Division precision: far beyond any rate or amount we handle, so quotients are exact enough. */
Decimal.DP = 40;
/**
 * Quotients are truncated at DP, so a later half-up or down rounding of a quotient lands where
 * rounding the true quotient would (no double rounding); an "up" rounding of a quotient is checked
 * by its caller. Every final rounding names its mode; this default never decides a result.
 */
Decimal.RM = 0;
/** Never print exponent notation: every string we hand out is a plain decimal. */
Decimal.NE = -1e6;
Decimal.PE = 1e6;
/** Refuse JS numbers as input (they must go through String(n) on purpose) and valueOf(). */
Decimal.strict = true;

export type Decimal = Big;

/** Rounding of a money rule, always named at the call site. Relative to zero (away / toward). */
export type Rounding = "half-up" | "up" | "down";

const MODES = { "half-up": 1, up: 3, down: 0 } as const satisfies Record<Rounding, Big.RoundingMode>;

export function roundingMode(rounding: Rounding): Big.RoundingMode {
  const mode = MODES[rounding];
  if (mode === undefined) throw new RangeError(`Unknown rounding mode: ${String(rounding)}`);
  return mode;
}

/**
 * Parses an internal decimal value (a rate, a percentage). Such values come from our own tables,
 * never from a client, so a bad one is a programming error (RangeError), not a 400.
 */
export function parseDecimal(value: string | Big, what: string): Decimal {
  if (typeof value !== "string" && !(value instanceof Decimal)) {
    throw new RangeError(`${what} must be a decimal string, got ${typeof value}`);
  }
  try {
    return new Decimal(value);
  } catch {
    throw new RangeError(`${what} is not a decimal number: ${String(value)}`);
  }
}

export function parsePositiveRate(rate: string | Big, what = "rate"): Decimal {
  const r = parseDecimal(rate, what);
  if (r.lte("0")) throw new RangeError(`${what} must be positive, got ${r.toString()}`);
  return r;
}

/** Exact conversion of an integral Decimal to bigint. */
export function toBigInt(d: Decimal): bigint {
  return BigInt(d.toFixed(0));
}
