import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { closeDatabase, getDatabase, getPrisma, pgliteSession } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrate";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";

/**
 * Migrates the run's database once, and every test file starts from a copy of it:
 * - on PostgreSQL (`npm run test:pg`), the run's database is the template of each file's own
 *   (tests/helpers/per-file-database.ts), so no file sees another's rows, routes or jobs;
 * - on the embedded PGlite (`npm test`), a dump of a migrated in-memory database, which each
 *   file's in-memory PGlite loads (PGLITE_LOAD_DATA_DIR) instead of running PGlite's initdb and
 *   the migrations: ~0.9 s of CPU per file instead of ~4.4 s.
 * Both copies hold the seeded reference catalogue (countries, channels, corridors…): a file's own
 * `ensureReferenceData` then finds every row present, instead of inserting some 4,500 rows itself.
 */
export default async function setup(): Promise<(() => void) | void> {
  if (process.env.DATABASE_URL) {
    if (process.env.TEST_PG_PER_FILE !== "1") return;
    await getDatabase();
    await seedReferenceData(await getPrisma());
    await closeDatabase(); // a template database must have no open connections
    return;
  }
  if (process.env.PGLITE_LOAD_DATA_DIR) return;
  const pglite = new PGlite();
  await applyMigrations(pgliteSession(pglite), "pglite");
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  await seedReferenceData(prisma);
  await prisma.$disconnect();
  const file = path.join(os.tmpdir(), `payments-test-pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await pglite.close();
  // The test workers are forked after this and inherit the variable.
  process.env.PGLITE_LOAD_DATA_DIR = file;
  return () => rmSync(file, { force: true });
}
