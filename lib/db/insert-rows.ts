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

const { DbNull, JsonNull } = Prisma;
function cell(value: unknown): unknown {
  if (value === undefined || value === null || value === DbNull || value === JsonNull) return null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  return value;
}

export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[], options: { onConflictDoNothing?: string } = {}): Promise<number> {
  if (rows.length === 0) return 0;
  return db.$executeRaw(await insertRowsSql(db, table, rows, options));
}

/**
 * insertRowsSql's text around the payload, per row shape (table, fields, conflict target): it
 * depends on nothing else, and the hot writers (payout and collect initiate) build the same few
 * shapes on every request, so it is built once (docs/performance.md). Bounded: a caller with
 * ever new shapes empties it rather than growing it.
 */
type Shape = { fields: string[]; keys: string[]; head: Prisma.Sql; tail: Prisma.Sql };
const shapes = new Map<string, Shape[]>();

function shapeOf(table: string, fields: string[], types: Map<string, string>, conflict: string | undefined): Shape {
  const key = conflict === undefined ? table : `${table} ${conflict}`;
  let known = shapes.get(key);
  // The same fields in the same order (a row of the same builder): compared, not joined and hashed.
  if (known) for (const shape of known) if (sameFields(shape.fields, fields)) return shape;
  const columns = fields.map(snake);
  for (const c of columns) if (!types.has(c)) throw new Error(`insertRows: ${table} has no column ${c}`);
  const list = columns.map((c) => `"${c}"`).join(", ");
  const definitions = columns.map((c) => `"${c}" ${types.get(c)}`).join(", ");
  const shape = {
    fields,
    keys: columns.map((c, i) => `${i === 0 ? "{" : ","}${JSON.stringify(c)}:`),
    head: Prisma.raw(`INSERT INTO "${table}" (${list}) SELECT ${list} FROM jsonb_to_recordset(`),
    tail: Prisma.raw(`::jsonb) AS x(${definitions})`),
  };
  if (!known || known.length >= 20) shapes.set(key, (known = []));
  if (shapes.size > 100) shapes.clear(), shapes.set(key, known);
  known.push(shape);
  return shape;
}

function sameFields(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const bigintAsString = (_k: string, v: unknown) => (typeof v === "bigint" ? v.toString() : v);

/** One cell as JSON text: what JSON.stringify of `cell(value)` gives (bigints anywhere inside as their decimal string). */
function cellJson(value: unknown): string {
  const v = typeof value === "string" ? value : cell(value);
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
    case "boolean":
      return JSON.stringify(v);
    default:
      if (v === null) return "null";
      try {
        // A bigint inside a JSON value makes JSON.stringify throw; only then the replacer (it turns V8's fast path off).
        return JSON.stringify(v) ?? "null";
      } catch (err) {
        if (!(err instanceof TypeError)) throw err;
        return JSON.stringify(v, bigintAsString) ?? "null";
      }
  }
}

/** The rows as the one JSON parameter, written field by field (no intermediate objects): an array of objects keyed by column. */
function payloadOf(rows: Record<string, unknown>[], { fields, keys }: Shape): string {
  let out = "[";
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (r > 0) out += ",";
    if (fields.length === 0) out += "{";
    for (let i = 0; i < fields.length; i++) out += keys[i] + cellJson(row[fields[i]]);
    out += "}";
  }
  return out + "]";
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
  const types = typesByTable.get(table) ?? (await columnTypes(db, table));
  const shape = shapeOf(table, Object.keys(rows[0]), types, options.onConflictDoNothing);
  const when = options.when ? Prisma.sql` WHERE ${options.when}` : Prisma.empty;
  const conflict = options.onConflictDoNothing ? Prisma.raw(` ON CONFLICT (${options.onConflictDoNothing}) DO NOTHING`) : Prisma.empty;
  return Prisma.sql`${shape.head}${payloadOf(rows, shape)}${shape.tail}${when}${conflict}`;
}
