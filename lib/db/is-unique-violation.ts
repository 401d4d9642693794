import { Prisma } from "./generated/client";

/**
 * A unique index refused the write. Prisma reports it as P2002 from its own queries but as P2010
 * (raw query failed) with the driver adapter's UniqueConstraintViolation from $queryRaw and
 * $executeRaw, which the writes of lib/db/insert-rows use; a statement sent through the driver
 * (lib/db/run-sql: the payout initiate) gets the driver's own error, SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return (err as { code?: unknown } | null)?.code === "23505";
  if (err.code === "P2002") return true;
  const cause = (err.meta?.driverAdapterError as { cause?: { kind?: string; originalCode?: string } } | undefined)?.cause;
  return err.code === "P2010" && (cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505");
}
