import { AppError } from "@/lib/errors";

/**
 * Operator-typed decimals (rates, percentages): plain digits with an optional fraction, checked
 * against the column's precision so the database never rounds a value silently.
 */
export function parseDecimalInput(value: string, what: string, limits: { maxDecimals: number; maxIntegerDigits: number; positive?: boolean }): string {
  const text = value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AppError("validation_error", `${what} must be a plain decimal number such as 1.5, got "${value}".`);
  const [, whole, fraction = ""] = match;
  if (fraction.length > limits.maxDecimals) throw new AppError("validation_error", `${what} has more than ${limits.maxDecimals} decimals: "${value}".`);
  if (whole.replace(/^0+/, "").length > limits.maxIntegerDigits) throw new AppError("validation_error", `${what} is too large: "${value}".`);
  if (limits.positive && /^[0.]+$/.test(text)) throw new AppError("validation_error", `${what} must be greater than zero.`);
  return text;
}

/** A percentage below 100 with at most 4 decimals (the column is DECIMAL(7, 4)). */
export function parsePercentInput(value: string, what = "percent"): string {
  return parseDecimalInput(value, what, { maxDecimals: 4, maxIntegerDigits: 2 });
}
