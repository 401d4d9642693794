import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Gives the current test file a PostgreSQL database of its own, copied from the run's migrated
 * database (CREATE DATABASE … TEMPLATE, a file copy: no migrations per file). Two files sharing
 * one database saw each other's connector routes and claimed each other's jobs. scripts/test-pg.mjs
 * drops the copies when the run ends.
 */
export async function useOwnDatabase(): Promise<void> {
  const base = (process.env.TEST_PG_BASE_URL ??= process.env.DATABASE_URL!);
  const url = new URL(base);
  const template = url.pathname.slice(1);
  const name = `${template}_f${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(base), { pathname: "/postgres" }).toString() });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (err) {
        // Another file's copy being made at the same instant can hold the template briefly.
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}
