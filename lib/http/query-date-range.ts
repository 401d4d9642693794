/**
 * The instants a date filter may name: 0001-01-01T00:00:00Z up to the end of 9999-12-31 (UTC).
 * Four-digit years, as the YYYY-MM-DD form; year 0 (which JavaScript parses and PostgreSQL does
 * not have, a 500 before) and anything an offset pushes into it are refused as 400. One rule for
 * every list's date filters.
 */
const FIRST = Date.parse("0001-01-01T00:00:00.000Z");
/** Exclusive: the end of 9999-12-31, which an inclusive `endDate=9999-12-31` becomes. */
const END = Date.parse("9999-12-31T00:00:00.000Z") + 86_400_000;

export const QUERY_DATE_RANGE_MESSAGE = "must be between 0001-01-01 and 9999-12-31";

export function isQueryDateInRange(date: Date): boolean {
  const t = date.getTime();
  return t >= FIRST && t <= END;
}
