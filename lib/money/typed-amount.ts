import { AppError } from "@/lib/errors";
import { type CurrencyCode, currencyExponent } from "./currencies";
import { toMinor } from "./to-minor";

// Spaces people and keyboards put between thousands: space, no-break space (U+00A0), narrow
// no-break space (U+202F, what French formatting and our own display use), thin space (U+2009).
const GROUP = "[ \\u00A0\\u202F\\u2009]";
const WHOLE = new RegExp(`^(\\d+|\\d{1,3}(${GROUP}\\d{3})+)$`);
const SPACES = new RegExp(GROUP, "g");

/**
 * The one rule for an amount a person types in a form (dashboard), in major units:
 * digits, optionally grouped by threes with a space of any kind ("50 000", "50 000"),
 * then optionally a decimal point or comma ("12.50", "12,50"). Returns exact minor units via
 * toMinor (its bounds and decimal rules). A separator followed by exactly three digits where
 * the currency has fewer decimals ("50,000", "50.000" in XOF) could be thousands or decimals:
 * refused with a message rather than guessed (either guess can be off by a factor of 1,000).
 */
export function parseTypedAmount(typed: string, currency: CurrencyCode): bigint {
  const text = typed.trim();
  const match = /^([^.,]*)(?:[.,](\d+))?$/.exec(text);
  const whole = match?.[1] ?? "";
  if (!match || !WHOLE.test(whole)) {
    throw new AppError("invalid_amount", `Enter an amount such as 50000, 50 000 or 12.50 (got "${text.slice(0, 40)}").`);
  }
  const fraction = match[2];
  if (fraction !== undefined && fraction.length === 3 && currencyExponent(currency) < 3) {
    throw new AppError("invalid_amount", `"${text}" is ambiguous: write thousands with a space (50 000) and decimals with a point or comma (12.50).`);
  }
  const canonical = whole.replace(SPACES, "") + (fraction !== undefined ? `.${fraction}` : "");
  return toMinor(canonical, currency);
}
