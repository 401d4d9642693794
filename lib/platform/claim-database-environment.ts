import { appEnv, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { apiKeyEnvironments } from "@/lib/merchants/api-key-records";

/**
 * One deployment, one environment, one database (docs/design/environments.md). The database remembers which
 * environment it serves: the first server start or ops command claims it with its APP_ENV; a
 * later one with the other APP_ENV stops here, before it writes a sandbox key into a
 * production database or a live key into a sandbox one (the classic slip: an ops command run
 * with DATABASE_URL of production and APP_ENV left at its sandbox default).
 *
 * A database from before the claim existed is judged by its API keys: keys of the other
 * environment only, and no claim, is refused the same way.
 */
export class DatabaseEnvironmentMismatch extends Error {}

export async function claimDatabaseEnvironment(claimedBy: string): Promise<AppEnvironment> {
  const environment = appEnv();
  const prisma = await getPrisma();
  const existing = await prisma.databaseEnvironment.findUnique({ where: { id: 1 } });
  if (!existing) {
    const held = await apiKeyEnvironments(prisma);
    const verdict = judgeDatabaseEnvironment(null, held, environment);
    if (verdict) throw mismatch(environment, verdict);
    await prisma.databaseEnvironment.createMany({ data: [{ id: 1, environment, claimedBy }], skipDuplicates: true });
  }
  // Read back: of two first starts racing, the one that lost the insert must still agree.
  const claim = existing ?? (await prisma.databaseEnvironment.findUniqueOrThrow({ where: { id: 1 } }));
  const verdict = judgeDatabaseEnvironment(claim.environment, [], environment);
  if (verdict) throw mismatch(environment, verdict);
  return environment;
}

/**
 * The environment the database belongs to when it is not `mine`, else null. The claim decides;
 * without one, API keys of a single other environment do.
 */
export function judgeDatabaseEnvironment(claimed: AppEnvironment | null, heldKeyEnvironments: AppEnvironment[], mine: AppEnvironment): AppEnvironment | null {
  if (claimed) return claimed === mine ? null : claimed;
  const held = [...new Set(heldKeyEnvironments)];
  return held.length === 1 && held[0] !== mine ? held[0] : null;
}

function mismatch(mine: AppEnvironment, database: AppEnvironment) {
  const keys = database === "production" ? "pk_live_" : "pk_test_";
  return new DatabaseEnvironmentMismatch(
    `This database serves the ${database} environment (${keys} keys) but APP_ENV is ${mine}. ` +
      `Refusing to touch it: set APP_ENV=${database} to work on it, or point DATABASE_URL/PGLITE_DIR at the ${mine} database.`,
  );
}
