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
