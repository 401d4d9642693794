import { closeDatabase, getDatabase } from "@/lib/db/client";

/**
 * On PostgreSQL (`npm run test:pg`), migrate the run's database once; each test file then gets
 * its own copy of it (tests/helpers/setup-env.ts), so no file sees another's rows, routes or jobs.
 */
export default async function setup(): Promise<void> {
  if (process.env.TEST_PG_PER_FILE !== "1" || !process.env.DATABASE_URL) return;
  await getDatabase();
  await closeDatabase(); // a template database must have no open connections
}
