import type { PrismaClient } from "@/lib/db/generated/client";
import { withSpan } from "./tracing";

/**
 * One span per database transaction (`db.transaction`), around `prisma.$transaction` in both
 * forms. Prisma's own query tracing (@prisma/instrumentation) is not used: it is another
 * package and a span per statement, where a transaction is the unit that matters here (a state
 * change, its ledger entry and its events commit together). Costs nothing while tracing is off.
 */
export function withTransactionSpans(prisma: PrismaClient, system: "postgresql"): PrismaClient {
  const begin = prisma.$transaction.bind(prisma) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const transaction = (arg: unknown, options?: unknown) =>
    withSpan("db.transaction", { "db.system.name": system, "db.transaction.kind": typeof arg === "function" ? "interactive" : "batch" }, () => begin(arg, options));
  prisma.$transaction = transaction as PrismaClient["$transaction"];
  return prisma;
}

/**
 * The same span around a write that is atomic as ONE statement instead of an interactive
 * transaction (collect initiate): in a trace it is the same unit of work.
 */
export function withStatementTransactionSpan<T>(fn: () => Promise<T>): Promise<T> {
  return withSpan("db.transaction", { "db.system.name": "postgresql", "db.transaction.kind": "statement" }, fn);
}
