import { setting } from "@/lib/config";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Applies the committed Prisma migrations (prisma/migrations/<ts>_<name>/migration.sql) in
 * order, each in its own transaction, recorded in Prisma's `_prisma_migrations` table with the
 * same sha256 checksum `prisma migrate deploy` would write, so either tool can take over.
 * A PostgreSQL advisory lock keeps concurrent starters (several instances, parallel test
 * workers) from applying the same migration twice.
 */
export type SqlSession = {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(sql: string): Promise<void>;
};

const LOCK_KEY = 72_707_369; // arbitrary, constant: "migrations" advisory lock

/**
 * The schema the tables live in: the one Prisma's client names in every query it sends
 * (`"public"."merchants"`, its adapter's default). The migrations are written unqualified, so they
 * run with the search path pinned to it: a connection whose search path puts another schema
 * first (a schema named after the role under the default `"$user", public`; the simulation's
 * `sim` schema ahead of pg_catalog for its clock) would otherwise find no `_prisma_migrations`
 * there, apply every migration again into that schema, and the unqualified statements sent
 * through the driver (lib/db/run-sql.ts, the job runner) would then read and write a second,
 * empty copy of every table beside the one Prisma uses.
 */
export const TABLES_SCHEMA = "public";

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "${TABLES_SCHEMA}"."_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export function migrationsDir(): string {
  // turbopackIgnore: the folder is read at run time; it must not make Next trace the whole project.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), setting("MIGRATIONS_DIR"));
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function applyMigrations(session: SqlSession, kind: "postgres" | "pglite"): Promise<string[]> {
  const migrations = readMigrations();
  // PGlite is a single in-process connection: nobody else can race it.
  if (kind === "postgres") await session.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
  try {
    await session.exec(CREATE_TABLE);
    const rows = await session.query(
      `SELECT migration_name, checksum FROM "${TABLES_SCHEMA}"."_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [String(r.migration_name), String(r.checksum)]));
    const done: string[] = [];
    for (const m of migrations) {
      const known = applied.get(m.name);
      if (known !== undefined) {
        if (known !== m.checksum) console.warn(`[db] migration ${m.name} was edited after it was applied (checksum differs)`);
        continue;
      }
      await session.exec("BEGIN");
      try {
        // For this transaction only: the pool's connection goes back with its own search path.
        await session.exec(`SET LOCAL search_path TO "${TABLES_SCHEMA}"`);
        await session.exec(m.sql);
        await session.query(
          `INSERT INTO "${TABLES_SCHEMA}"."_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await session.exec("COMMIT");
      } catch (err) {
        await session.exec("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  } finally {
    if (kind === "postgres") await session.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
  }
}
