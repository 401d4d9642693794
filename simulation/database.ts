import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { closeDatabase, getDatabase, getPrisma, pgliteSession } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrations } from "@/lib/db/migrate";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";

/**
 * A fresh database for every seed, copied from one migrated, seeded template made once per
 * process, so no seed sees another's rows and a seed alone replays as it ran among others:
 * - embedded PGlite (default): the template is a dump of a migrated in-memory database, each
 *   seed's in-memory PGlite loads it (as the tests do);
 * - PostgreSQL (`DATABASE_URL` or `TEST_PG_URL`): the template is a database of its own, each
 *   seed's a `CREATE DATABASE … TEMPLATE` copy, dropped after the seed. PostgreSQL's `now()`
 *   reads the server's clock, so each copy gets a `sim.now()` ahead of `pg_catalog.now()` in its
 *   search path that reads the simulated time the harness writes (syncDatabaseClock): the job
 *   runner's claims and leases then run on the simulated clock there too.
 */
export type SimulationDatabase = {
  kind: "pglite" | "postgres";
  /** Opens the seed's copy (the process's database handle points at it). */
  openForSeed(seed: number): Promise<void>;
  closeSeed(): Promise<void>;
  /** Writes the simulated time where PostgreSQL's `now()` reads it (PGlite follows the JavaScript clock by itself). */
  syncClock(ms: number): Promise<void>;
  dispose(): Promise<void>;
};

export async function prepareDatabase(): Promise<SimulationDatabase> {
  const url = process.env.DATABASE_URL ?? process.env.TEST_PG_URL;
  return url ? preparePostgres(url) : preparePglite();
}

async function preparePglite(): Promise<SimulationDatabase> {
  delete process.env.DATABASE_URL;
  // Under the test runner a migrated, seeded dump exists already (tests/helpers/global-setup.ts).
  const given = process.env.PGLITE_LOAD_DATA_DIR;
  if (given) {
    process.env.PGLITE_DIR = "memory";
    return {
      kind: "pglite",
      async openForSeed() {
        await closeDatabase();
        await getDatabase();
      },
      closeSeed: () => closeDatabase(),
      syncClock: async () => {},
      dispose: () => closeDatabase(),
    };
  }
  const pglite = new PGlite();
  await applyMigrations(pgliteSession(pglite), "pglite");
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  await seedReferenceData(prisma);
  await prisma.$disconnect();
  const file = path.join(os.tmpdir(), `payments-simulation-${process.pid}-${randomBytes(3).toString("hex")}.tar`);
  writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  await pglite.close();
  process.env.PGLITE_DIR = "memory";
  process.env.PGLITE_LOAD_DATA_DIR = file;
  return {
    kind: "pglite",
    async openForSeed() {
      await closeDatabase();
      await getDatabase();
    },
    closeSeed: () => closeDatabase(),
    syncClock: async () => {},
    async dispose() {
      await closeDatabase();
      rmSync(file, { force: true });
    },
  };
}

async function preparePostgres(baseUrl: string): Promise<SimulationDatabase> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(baseUrl), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const prefix = `sim_${process.pid}_${randomBytes(2).toString("hex")}`;
  const template = `${prefix}_template`;
  const dbUrl = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  await admin.query(`CREATE DATABASE "${template}"`);
  process.env.DATABASE_URL = dbUrl(template);
  await getDatabase();
  await seedReferenceData(await getPrisma());
  // The simulated clock's home; the copies put sim ahead of pg_catalog in their search path.
  await (await getDatabase()).withSession(async (s) => {
    await s.exec(`CREATE SCHEMA sim;
      CREATE TABLE sim.clock (t timestamptz NOT NULL);
      INSERT INTO sim.clock VALUES (pg_catalog.now());
      CREATE FUNCTION sim.now() RETURNS timestamptz LANGUAGE sql STABLE AS 'SELECT t FROM sim.clock';`);
  });
  await closeDatabase();
  let current: string | null = null;
  return {
    kind: "postgres",
    async openForSeed(seed) {
      await closeDatabase();
      current = `${prefix}_s${seed}`;
      await admin.query(`DROP DATABASE IF EXISTS "${current}"`);
      await admin.query(`CREATE DATABASE "${current}" TEMPLATE "${template}"`);
      await admin.query(`ALTER DATABASE "${current}" SET search_path = sim, pg_catalog, public`);
      process.env.DATABASE_URL = dbUrl(current);
      await getDatabase();
    },
    async closeSeed() {
      await closeDatabase();
      if (current) await admin.query(`DROP DATABASE IF EXISTS "${current}"`);
      current = null;
    },
    async syncClock(ms) {
      if (!current) return;
      await (await getDatabase()).query("UPDATE sim.clock SET t = $1", [new Date(ms).toISOString()]);
    },
    async dispose() {
      await closeDatabase();
      if (current) await admin.query(`DROP DATABASE IF EXISTS "${current}"`);
      await admin.query(`DROP DATABASE IF EXISTS "${template}"`);
      await admin.end();
    },
  };
}
