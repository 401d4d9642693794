import { Prisma } from "./generated/client";

/**
 * For a conditional `update` (a `where` with more than the key, e.g. "still in the status I
 * saw"): `.catch(nullIfNotFound)` turns "no row matched" (Prisma's P2025, raised after the
 * UPDATE found nothing, so the transaction is still usable) into null, and rethrows the rest.
 * One UPDATE … RETURNING then does what updateMany plus a re-read did in two round trips.
 */
export function nullIfNotFound(err: unknown): null {
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2025") return null;
  throw err;
}
