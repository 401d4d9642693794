import { z } from "zod";
import { isQueryDateInRange, QUERY_DATE_RANGE_MESSAGE } from "./query-date-range";

const DATE_OR_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const TWO = (max: string) => `(?:${max})`;
const MONTH = TWO("0[1-9]|1[0-2]");
const DAY = TWO("0[1-9]|[12][0-9]|3[01]");
const TIME = `T${TWO("[01][0-9]|2[0-3]")}:[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,3})?)?(?:Z|[+-]${TWO("[01][0-9]|2[0-3]")}:[0-5][0-9])`;
const DOCUMENTED_PATTERN = `^[0-9]{4}-${MONTH}-${DAY}(?:${TIME})?$`;

/** JavaScript's Date rolls 2026-02-30 over to 2 March; a real calendar day survives the round trip. */
function isCalendarDay(y: number, m: number, d: number): boolean {
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A `from` / `to` query bound: `YYYY-MM-DD` (a whole UTC day) or an ISO 8601 date-time with its
 * offset. Impossible dates (2026-02-30, 25:00) are refused. A date-only upper bound includes that
 * whole day, so the result is always an exclusive upper bound (`createdAt < to`). Years outside
 * 0001–9999 are refused too (query-date-range).
 */
export const dateBound = (name: string, bound: "from" | "to") =>
  z
    .string()
    .regex(DATE_OR_DATETIME, `${name} must be YYYY-MM-DD or an ISO 8601 date-time`)
    .transform((value, ctx) => {
      const [, y, m, d] = DATE_OR_DATETIME.exec(value)!;
      const dateOnly = value.length === 10;
      const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
      if (Number.isNaN(date.getTime()) || !isCalendarDay(Number(y), Number(m), Number(d))) {
        ctx.addIssue({ code: "custom", message: `${name} is not a valid date` });
        return z.NEVER;
      }
      const instant = dateOnly && bound === "to" ? new Date(date.getTime() + 86_400_000) : date;
      if (!isQueryDateInRange(instant)) {
        ctx.addIssue({ code: "custom", message: `${name} ${QUERY_DATE_RANGE_MESSAGE}` });
        return z.NEVER;
      }
      return instant;
    })
    // The document's terms: a calendar date or an RFC 3339 date-time; the pattern bounds months,
    // days, hours, minutes and seconds (month 13 or hour 27 never pass). The calendar check
    // (2026-02-30) and the 0001–9999 range are the server's and said in prose.
    .meta({
      pattern: DOCUMENTED_PATTERN,
      maxLength: 29,
      anyOf: [{ type: "string", format: "date" }, { type: "string", format: "date-time" }],
      description: `${name}: \`YYYY-MM-DD\` (a whole UTC day) or an RFC 3339 date-time with its offset; a real calendar day from 0001-01-01 to 9999-12-31.`,
      examples: [bound === "from" ? "2026-03-01" : "2026-03-02T10:15:30Z"],
    });
