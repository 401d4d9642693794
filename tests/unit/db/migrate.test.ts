import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { applyMigrations, readMigrations } from "@/lib/db/migrate";

describe("migration runner", () => {
  it("records every committed migration in _prisma_migrations with Prisma's sha256 checksum", async () => {
    const db = await getDatabase();
    const rows = await db.withSession((s) =>
      s.query(`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`),
    );
    const files = readMigrations();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const row = rows.find((r) => r.migration_name === file.name);
      expect(row?.checksum).toBe(file.checksum);
      expect(row?.finished_at).toBeTruthy();
    }
  });

  it("applies nothing the second time", async () => {
    const db = await getDatabase();
    const applied = await db.withSession((s) => applyMigrations(s, db.kind));
    expect(applied).toEqual([]);
  });
});

describe("migration runner under another search path", () => {
  // Prisma's client names "public" in every query; the driver's statements are unqualified. A
  // connection whose search path puts another schema first (a schema named after the role, the
  // simulation's clock schema) must find the migrations already applied and create nothing there,
  // else the driver's statements would write to an empty second copy of every table.
  it("finds the applied migrations in public and creates no table in the schema ahead of it", async () => {
    const db = await getDatabase();
    await db.withSession(async (s) => {
      await s.exec(`CREATE SCHEMA IF NOT EXISTS shadow; SET search_path = shadow, pg_catalog, public`);
      try {
        expect(await applyMigrations(s, db.kind)).toEqual([]);
        const [row] = await s.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'shadow'`);
        expect(row?.n).toBe(0);
      } finally {
        await s.exec(`RESET search_path; DROP SCHEMA shadow CASCADE`);
      }
    });
  });
});
