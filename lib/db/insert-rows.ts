import type { Db } from "./client";
import { Prisma } from "./generated/client";

/**
 * Many rows into one table in ONE statement with ONE bind parameter: the rows travel as a JSON
 * array and PostgreSQL unpacks them with jsonb_to_recordset. Prisma's createMany binds every
 * cell (45 columns × 500 rows = 22,500 parameters, each serialised and parsed); measured on a
 * 1,000-payout bulk that was most of the request's time. Used for batch writes (bulk payouts).
 *
 * Rows use the model's field names (camelCase), written to the snake_case column of the same
 * name (this schema's @map convention); every row must have the same keys. Values: bigint as
 * its decimal string, Date as ISO 8601, Prisma.DbNull/JsonNull/undefined as NULL, objects as JSON.
 * Column types are read from the catalogue once per table and process, so each value is parsed
 * by its column's own type (enums, timestamptz, jsonb…).
 */
const typesByTable = new Map<string, Map<string, string>>();

async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  let types = typesByTable.get(table);
  if (!types) {
    const rows = await db.$queryRaw<{ name: string; type: string }[]>`
      SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
      FROM pg_attribute a WHERE a.attrelid = ${table}::regclass AND a.attnum > 0 AND NOT a.attisdropped`;
    types = new Map(rows.map((r) => [r.name, r.type]));
    typesByTable.set(table, types);
  }
  return types;
}

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function cell(value: unknown): unknown {
  if (value === undefined || value === null || value === Prisma.DbNull || value === Prisma.JsonNull) return null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[], options: { onConflictDoNothing?: string } = {}): Promise<number> {
  if (rows.length === 0) return 0;
  return db.$executeRaw(await insertRowsSql(db, table, rows, options));
}

/**
 * insertRows' statement without running it, for a writer that puts it in a data-modifying CTE
 * with other writes (payout initiate). `when` is a condition on the other parts of
 * that statement (e.g. `EXISTS (SELECT 1 FROM claim)`): no row is written unless it holds.
 */
export async function insertRowsSql(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  options: { onConflictDoNothing?: string; when?: Prisma.Sql } = {},
): Promise<Prisma.Sql> {
  if (rows.length === 0) throw new Error(`insertRowsSql: no rows for ${table}`);
  const fields = Object.keys(rows[0]);
  const types = await columnTypes(db, table);
  const columns = fields.map(snake);
  for (const c of columns) if (!types.has(c)) throw new Error(`insertRows: ${table} has no column ${c}`);
  const payload = JSON.stringify(rows.map((r) => Object.fromEntries(fields.map((f, i) => [columns[i], cell(r[f])]))), (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  const list = Prisma.raw(columns.map((c) => `"${c}"`).join(", "));
  const definitions = Prisma.raw(columns.map((c) => `"${c}" ${types.get(c)}`).join(", "));
  const when = options.when ? Prisma.sql` WHERE ${options.when}` : Prisma.empty;
  const conflict = options.onConflictDoNothing ? Prisma.raw(` ON CONFLICT (${options.onConflictDoNothing}) DO NOTHING`) : Prisma.empty;
  return Prisma.sql`INSERT INTO ${Prisma.raw(`"${table}"`)} (${list}) SELECT ${list} FROM jsonb_to_recordset(${payload}::jsonb) AS x(${definitions})${when}${conflict}`;
}
