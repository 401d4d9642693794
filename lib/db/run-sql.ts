import { setting } from "@/lib/config";
import { isRootClient } from "./after-commit";
import { type Db, getDatabase } from "./client";
import type { Prisma } from "./generated/client";
import { preparedStatementName } from "./prepared-statements";

/**
 * One statement built with Prisma.sql, sent through the driver instead of Prisma's client, for
 * the hot paths (docs/performance.md, "Where the CPU goes"): Prisma's client spends more CPU per
 * raw statement (argument typing, its query interpreter, result conversion) than the statement
 * costs the driver. Prisma keeps the schema, the migrations and every cold path; the SQL
 * builders (insertRowsSql, webhookEventsSql, the ledger's entry CTEs…) are the same either way.
 *
 * On PostgreSQL the statement is prepared once per pooled connection, as Prisma's are
 * (./prepared-statements.ts).
 *
 * Values go as the driver's text parameters, typed by the statement (its casts and columns), as
 * Prisma's adapter sends them: a bigint as its decimal string, a Date in ISO 8601. Results come
 * as the driver gives them, not as Prisma would: int8 and numeric are strings on PostgreSQL and
 * bigints on PGlite (read them with BigInt()), timestamps are Dates, json is parsed.
 */
export async function runSql<T>(sql: Prisma.Sql): Promise<T[]> {
  const db = await getDatabase();
  const text = sql.text;
  const name = db.kind === "postgres" && setting("DATABASE_PREPARED_STATEMENTS") === "on" ? preparedStatementName(text) : undefined;
  return db.query<T>(text, sql.values.map(driverValue), name);
}

/**
 * runSql, or the same statement inside `db`'s transaction when `db` is one: the driver's
 * connection is not the transaction's, so a statement sent through it would not see the
 * transaction's locks and writes nor be undone with it (and on PGlite, whose one connection the
 * transaction holds, it would wait for the transaction until the transaction timed out).
 */
export function runSqlIn<T>(db: Db, sql: Prisma.Sql): Promise<T[]> {
  return isRootClient(db) ? runSql<T>(sql) : db.$queryRaw<T[]>(sql);
}

function driverValue(value: unknown): unknown {
  // Most values are strings or null: returned before the type checks below.
  if (typeof value === "string" || value === null) return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(driverValue);
  return value;
}

/**
 * A row of `SELECT table.*` as its Prisma model: snake_case columns to the model's camelCase
 * fields (this schema's @map convention), the model's BigInt fields (named in `bigints`) from the
 * driver's int8 (a string, or a bigint on PGlite). Dates and json come as the model has them.
 */
export function modelFromRow<T>(row: Record<string, unknown>, bigints: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const column in row) {
    const value = row[column];
    const field = fieldName(column);
    out[field] = value !== null && bigints.includes(field) ? BigInt(value as string | bigint) : value;
  }
  return out as T;
}

const fieldNames = new Map<string, string>();
function fieldName(column: string): string {
  let field = fieldNames.get(column);
  if (field === undefined) {
    field = column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    if (fieldNames.size < 10_000) fieldNames.set(column, field);
  }
  return field;
}
