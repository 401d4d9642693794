/** A JSON object from a callback body, or null. */
export function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Digits that are not one of a simulator's magic suffixes (numbers whose last digits pick an outcome). */
export function plainDigits(n: number, width: number, magicSuffixes: readonly string[]): string {
  for (let k = n; ; k += 7919) {
    const digits = String(k % 10 ** width).padStart(width, "0");
    if (!magicSuffixes.some((s) => digits.endsWith(s))) return digits;
  }
}
