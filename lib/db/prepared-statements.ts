import { createHash } from "node:crypto";

/**
 * Which statements are prepared on PostgreSQL, for runSql and for Prisma's client (client.ts hands
 * this to its driver adapter): a prepared statement is parsed and planned once per pooled
 * connection, then only bound and executed. A collect's submit job sends ~20 statements through
 * Prisma, and parsing and planning each again was a third of PostgreSQL's CPU for it
 * (docs/performance.md, "Job worker CPU"). DATABASE_PREPARED_STATEMENTS=off turns it off (a
 * pooler that cannot keep them).
 *
 * A connection keeps every statement it prepared for as long as it lives, here and on the server,
 * so the texts are bounded:
 * - runSql's texts come from our builders, whose lists and rows are fixed by the call site (a
 *   payout initiate's hold has two accounts and two postings, whatever the payout; rows of data
 *   travel as one JSON parameter): they are prepared;
 * - Prisma writes a list of values as `IN ($1,$2,…)` and several rows as `VALUES (…),(…)`, one
 *   text per length: such a text of Prisma's (`shapeMayVary`) is never prepared;
 * - past MAX_PREPARED_TEXTS distinct texts in the process, a new one goes unprepared.
 */
export const MAX_PREPARED_TEXTS = 1000;
const VARYING_SHAPE = /\bIN \(\$\d+,|\),\s*\(\$/i;

/**
 * Names by the text's length, then compared: a Map keyed by the text itself hashes all of it on
 * every look-up, and V8 hashes a long string slowly (a payout initiate's 11 KB statement: ~40 µs,
 * a comparison ~12 µs). A text judged not to be prepared is remembered too (name undefined), so
 * that it is judged once; both kinds count towards the bound.
 */
const byLength = new Map<number, { text: string; name: string | undefined }[]>();
let remembered = 0;

/**
 * The name `text` is prepared under (stable: its hash), or undefined to send it unprepared.
 * `shapeMayVary`: the text was written by Prisma, whose lists and rows follow the data.
 */
export function preparedStatementName(text: string, options: { shapeMayVary?: boolean } = {}): string | undefined {
  const same = byLength.get(text.length);
  if (same) for (const known of same) if (known.text === text) return known.name;
  // Past the bound, a new text is neither prepared nor remembered.
  if (remembered >= MAX_PREPARED_TEXTS) return undefined;
  const name = options.shapeMayVary && VARYING_SHAPE.test(text) ? undefined : `s_${createHash("sha1").update(text).digest("base64url")}`;
  if (same) same.push({ text, name });
  else byLength.set(text.length, [{ text, name }]);
  remembered++;
  return name;
}
