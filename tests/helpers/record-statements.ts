import { PGlite, type Transaction } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The SQL statements this process sends to the database while `fn` runs, in order: the round
 * trips it costs. Counted at the driver, under Prisma and its adapter, so nothing of ours is
 * replaced: on PostgreSQL pg's Client#query (pool queries go through it too); on PGlite its
 * query and exec, those of its transactions, and the BEGIN and COMMIT or ROLLBACK that PGlite
 * sends itself around a transaction. The driver methods are wrapped for the call, then restored.
 * Every statement of the process is counted: run nothing else meanwhile (no job runner).
 */
export async function recordStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const record = (sql: unknown) => {
    // A string, pg's {text, values} config, or the strings of PGlite's sql`…` template.
    const text = typeof sql === "string" ? sql : Array.isArray(sql) ? sql.join("?") : String((sql as { text?: unknown } | null)?.text);
    statements.push(text.replace(/\s+/g, " ").trim());
  };
  const recordFirstArgument = (call: () => unknown, args: unknown[]) => {
    record(args[0]);
    return call();
  };
  const undo = [
    wrapMethod(pg.Client.prototype, "query", recordFirstArgument),
    wrapMethod(PGlite.prototype, "query", recordFirstArgument),
    wrapMethod(PGlite.prototype, "exec", recordFirstArgument),
    wrapMethod(PGlite.prototype, "transaction", (call, args) => recordTransaction(record, call, args)),
  ];
  try {
    const result = await fn();
    return { result, statements };
  } finally {
    for (const restore of undo.reverse()) restore();
  }
}

/** Replaces target[name] with a function that runs `around(callOriginal, args)`; returns the undo. */
function wrapMethod(target: object, name: string, around: (call: () => unknown, args: unknown[]) => unknown): () => void {
  const slots = target as Record<string, unknown>;
  const own = Object.getOwnPropertyDescriptor(slots, name);
  const original = slots[name] as (...args: unknown[]) => unknown;
  slots[name] = function (this: unknown, ...args: unknown[]) {
    return around(() => original.apply(this, args), args);
  };
  return () => {
    if (own) Object.defineProperty(slots, name, own);
    else delete slots[name];
  };
}

/**
 * PGlite#transaction(callback): BEGIN, then what the callback sends through its `tx`, then
 * COMMIT, or ROLLBACK when the callback throws or calls tx.rollback().
 */
async function recordTransaction(record: (sql: unknown) => void, call: () => unknown, args: unknown[]) {
  const callback = args[0] as (tx: Transaction) => Promise<unknown>;
  let closed = false;
  args[0] = (tx: Transaction) =>
    callback(
      new Proxy(tx, {
        get(target, prop) {
          const value = Reflect.get(target, prop);
          if (typeof value !== "function") return value;
          return (...callArgs: unknown[]) => {
            if (prop === "query" || prop === "exec" || prop === "sql") record(callArgs[0]);
            if (prop === "rollback") {
              closed = true;
              record("ROLLBACK");
            }
            return value.apply(target, callArgs);
          };
        },
      }),
    );
  record("BEGIN");
  try {
    const result = await call();
    if (!closed) record("COMMIT");
    return result;
  } catch (err) {
    if (!closed) record("ROLLBACK");
    throw err;
  }
}

/**
 * "insert payments", "select payments", "begin"…: what a statement does and to which tables
 * (every table a data-modifying CTE writes, in the statement's order).
 */
export function describeStatement(sql: string): string {
  const control = /^(BEGIN|COMMIT|ROLLBACK)\b/i.exec(sql);
  if (control) return control[1].toLowerCase();
  const table = String.raw`(?:"?public"?\.)?"?(\w+)"?`;
  // Not an ON CONFLICT's DO UPDATE nor a FOR UPDATE: those write no other table.
  const writes = [...sql.matchAll(new RegExp(String.raw`(?<!\b(?:DO|FOR) )\b(INSERT INTO|UPDATE|DELETE FROM)\s+${table}`, "gi"))].map(
    ([, verb, name]) => `${verb.split(" ")[0].toLowerCase()} ${name}`,
  );
  if (writes.length > 0) return writes.join(" + ");
  const from = new RegExp(String.raw`\bFROM\s+${table}`, "i").exec(sql);
  return `select ${from?.[1] ?? "?"}`;
}
