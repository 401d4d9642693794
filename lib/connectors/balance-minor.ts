import { isCurrency, toMinorAllowZero } from "@/lib/money";

/**
 * A balance as an operator writes it (major units: a decimal string, or a JSON number) in minor
 * units, read exactly through lib/money, or null when it cannot be read as one amount. Each
 * operator says what it may write: `thousandsCommas` reads "37,600.00" (never "1,5", which is
 * ambiguous); `fractionalNumbers` takes a JSON number with decimals (otherwise whole numbers only).
 */
export function balanceMinor(value: unknown, currency: string, writes: { thousandsCommas?: boolean; fractionalNumbers?: boolean } = {}): bigint | null {
  if (!isCurrency(currency)) return null;
  const readableNumber = typeof value === "number" && value >= 0 && (writes.fractionalNumbers ? Number.isFinite(value) : Number.isSafeInteger(value));
  let text = typeof value === "string" ? value.trim() : readableNumber ? String(value) : null;
  if (text === null) return null;
  if (writes.thousandsCommas && /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replaceAll(",", "");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  try {
    return toMinorAllowZero(text, currency);
  } catch {
    return null;
  }
}
