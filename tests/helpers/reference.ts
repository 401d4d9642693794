import { seedReferenceData } from "@/lib/reference/seed-reference-data";

/**
 * Makes sure the reference catalogue is in the test database, once per test file (each file
 * has its own module graph, and its own in-memory PGlite unless DATABASE_URL is set).
 * Seeding is insert-only, so files running in parallel on one PostgreSQL database are safe.
 */
let seeded: Promise<unknown> | undefined;

export function ensureReferenceData(): Promise<unknown> {
  seeded ??= seedReferenceData().catch((err) => {
    seeded = undefined;
    throw err;
  });
  return seeded;
}
