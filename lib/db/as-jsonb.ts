/**
 * A JSON value with its object keys in jsonb's order (shorter keys first, then by their UTF-8
 * bytes): what a jsonb column gives back. A row written in one SQL statement and answered from
 * memory (payout and collect initiate) then shows its JSON exactly as a later read does.
 */
export function asJsonb(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJsonb);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((k) => [k, asJsonb((value as Record<string, unknown>)[k])]));
}
