import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config, setting } from "@/lib/config";
import { withTransactionSpans } from "@/lib/observability/db-spans";
import { withAfterCommitHooks } from "./after-commit";
import { PrismaClient } from "./generated/client";
import { applyMigrations, type SqlSession } from "./migrate";
import { preparedStatementName } from "./prepared-statements";

/**
 * The one database handle of the process. PostgreSQL when DATABASE_URL is set, otherwise an
 * embedded PGlite in PGLITE_DIR (".data/pglite" by default, "memory" for a throwaway one).
 * Migrations are applied before the first query. Interactive transactions run their onCommit
 * callbacks after COMMIT (./after-commit). The handle lives on globalThis because Next
 * may evaluate this module in several bundles, and a PGlite folder must be opened only once.
 */
export type Database = {
  kind: "postgres" | "pglite";
  prisma: PrismaClient;
  /** Runs `fn` on one raw SQL session (multi-statement scripts, advisory locks). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * One statement through the driver, without Prisma's client (lib/db/run-sql.ts). On
   * PostgreSQL a `name` makes it a prepared statement of each pooled connection (parsed and
   * planned once per connection); values as the driver takes them.
   */
  query<T>(text: string, values: unknown[], name?: string): Promise<T[]>;
  close(): Promise<void>;
};

export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
export type Db = PrismaClient | Tx;

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;
const GLOBAL_KEY = Symbol.for("payments.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Database> };

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: config.databasePoolSize() });
  pool.on("error", (err) => console.error("[db] idle client error:", err.message));
  // Prisma's statements prepared once per connection, as runSql's (./prepared-statements.ts). The
  // adapter passes the name on as pg's query `name`, where undefined sends the statement unprepared
  // (its type says string only).
  const statementNameGenerator = (query: { sql: string }) => preparedStatementName(query.sql, { shapeMayVary: true }) as string;
  const adapter = new PrismaPg(pool, setting("DATABASE_PREPARED_STATEMENTS") === "on" ? { statementNameGenerator } : undefined);
  const prisma = withTransactionSpans(withAfterCommitHooks(new PrismaClient({ adapter, transactionOptions: TRANSACTION_OPTIONS })), "postgresql");
  return {
    kind: "postgres",
    prisma,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
      } finally {
        client.release();
      }
    },
    async query<T>(text: string, values: unknown[], name?: string) {
      return (await pool.query({ text, values, ...(name ? { name } : {}) })).rows as T[];
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** PGlite is a single connection: the raw SQL session is the instance itself. */
export function pgliteSession(pglite: PGlite): SqlSession {
  return {
    query: async (sql, params) => (await pglite.query(sql, params as unknown[])).rows as Record<string, unknown>[],
    exec: async (sql) => void (await pglite.exec(sql)),
  };
}

async function openPglite(dir: string): Promise<Database> {
  let dataDir: string | undefined;
  if (dir !== "memory") {
    dataDir = path.resolve(dir);
    mkdirSync(dataDir, { recursive: true });
  }
  // A throwaway database may start from a dump instead of PGlite's initdb (seconds of CPU): the
  // tests load one migrated copy per file (tests/helpers/global-setup.ts).
  const dump = dir === "memory" ? config.pgliteLoadDataDir() : undefined;
  // Loaded only here: a process on PostgreSQL (the job worker above all) never needs the embedded
  // database's half a megabyte of JavaScript (docs/decisions/worker-bundle.md).
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import("@electric-sql/pglite"), import("pglite-prisma-adapter")]);
  const pglite = new PGlite({ dataDir, ...(dump && { loadDataDir: new Blob([readFileSync(dump)]) }) });
  await pglite.waitReady;
  const prisma = withTransactionSpans(withAfterCommitHooks(new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: TRANSACTION_OPTIONS })), "postgresql");
  return {
    kind: "pglite",
    prisma,
    async withSession(fn) {
      return fn(pgliteSession(pglite));
    },
    // PGlite's query waits for any open transaction (its own mutex), like Prisma's calls do.
    async query<T>(text: string, values: unknown[]) {
      return (await pglite.query<T>(text, values)).rows;
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

async function open(): Promise<Database> {
  const url = config.databaseUrl();
  const db = url ? await openPostgres(url) : await openPglite(config.pgliteDir());
  await db.withSession((session) => applyMigrations(session, db.kind));
  return db;
}

/** The process's database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= open().catch((err) => {
    delete g[GLOBAL_KEY];
    throw err;
  });
  return g[GLOBAL_KEY];
}

export async function getPrisma(): Promise<PrismaClient> {
  return (await getDatabase()).prisma;
}

/** Closes the process's database (ops CLI, tests, shutdown). */
export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const pending = g[GLOBAL_KEY];
  delete g[GLOBAL_KEY];
  if (pending) await (await pending).close();
}
