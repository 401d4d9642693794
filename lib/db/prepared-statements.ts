import { createHash } from "node:crypto";

/**
 * Which statements are prepared on PostgreSQL, for Prisma's client (client.ts hands this to its
 * driver adapter) and for runSql alike: a prepared statement is parsed and planned once per pooled
 * connection, then only bound and executed. A collect's submit job sends ~20 statements, and
 * parsing and planning each again was a third of PostgreSQL's CPU for it (docs/performance.md,
 * "Job worker CPU"). DATABASE_PREPARED_STATEMENTS=off turns it off (a pooler that cannot keep them).
 *
 * A connection keeps every statement it prepared for as long as it lives, here and on the server,
 * so the texts are bounded: a text whose shape varies with its data (a list `IN ($1,$2,…)`, rows
 * `VALUES (…),(…)`) is never prepared, and past MAX_PREPARED_TEXTS distinct texts in the process a
 * new one goes unprepared.
 */
export const MAX_PREPARED_TEXTS = 1000;
const VARYING_SHAPE = /\bIN \(\$\d+,|\),\s*\(\$/i;
const names = new Map<string, string>();

/** The name `text` is prepared under (stable: its hash), or undefined to send it unprepared. */
export function preparedStatementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_PREPARED_TEXTS || VARYING_SHAPE.test(text)) return undefined;
  const name = `s_${createHash("sha1").update(text).digest("base64url")}`;
  names.set(text, name);
  return name;
}
