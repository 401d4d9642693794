import { getPrisma } from "@/lib/db/client";
import { type Environment, Prisma } from "@/lib/db/generated/client";
import type { CurrencyCode } from "@/lib/money";
import type { MerchantCategory } from "./accounts";
import { type BalanceMovement, listBalanceMovements } from "./list-balance-movements";
import type { BucketBalance } from "./read-balances";

export type StatementInput = {
  merchantId: string;
  environment: Environment;
  currency: CurrencyCode;
  category: MerchantCategory;
  /** Period start (inclusive); none = since the wallet opened. */
  from?: Date;
  /** Period end (exclusive); none = now. */
  to?: Date;
  /** Movements shown at most (the CSV export streams them all). */
  limit: number;
};

export type Statement = {
  opening: BucketBalance;
  closing: BucketBalance;
  /** Sum of every movement of the period (not only the ones listed). */
  net: BucketBalance;
  count: number;
  /** Oldest first, at most `limit`. */
  movements: BalanceMovement[];
  hasMore: boolean;
};

/**
 * A wallet's statement for a period (docs/design/balance-history.md): the balance before it, every movement of it
 * and the balance at its end. Opening and closing are sums of the wallet's postings whose entry
 * is older than `from` / `to`, read in one REPEATABLE READ snapshot with the movements, so
 * opening + movements = closing exactly, and a closing with no `to` is the balance
 * GET /payments/balance shows.
 */
export async function readStatement(input: StatementInput): Promise<Statement> {
  const prisma = await getPrisma();
  const account = `m:${input.merchantId}:${input.environment}:${input.currency}:${input.category}`;
  return prisma.$transaction(
    async (tx) => {
      const [sums] = await tx.$queryRaw<
        { open_available: bigint; open_pending: bigint; close_available: bigint; close_pending: bigint; n: bigint }[]
      >`
        SELECT
          coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'available' AND ${before(input.from, false)}), 0)::bigint AS open_available,
          coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'pending' AND ${before(input.from, false)}), 0)::bigint AS open_pending,
          coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'available' AND ${before(input.to, true)}), 0)::bigint AS close_available,
          coalesce(sum(p.amount) FILTER (WHERE p.bucket = 'pending' AND ${before(input.to, true)}), 0)::bigint AS close_pending,
          count(DISTINCT p.entry_id) FILTER (WHERE NOT ${before(input.from, false)} AND ${before(input.to, true)}) AS n
        FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
        WHERE p.account_id = ${account}`;
      const page = await listBalanceMovements(
        { merchantId: input.merchantId, environment: input.environment, currency: input.currency, category: input.category, from: input.from, to: input.to, order: "asc", limit: input.limit },
        tx,
      );
      const opening = { available: BigInt(sums.open_available), pending: BigInt(sums.open_pending) };
      const closing = { available: BigInt(sums.close_available), pending: BigInt(sums.close_pending) };
      return {
        opening,
        closing,
        net: { available: closing.available - opening.available, pending: closing.pending - opening.pending },
        count: Number(sums.n),
        movements: page.movements,
        hasMore: page.hasMore,
      };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}

/** `e.created_at < bound`; without a bound: nothing is before the start of time, everything is before "now". */
function before(bound: Date | undefined, otherwise: boolean) {
  return bound ? Prisma.sql`e.created_at < ${bound}` : otherwise ? Prisma.sql`true` : Prisma.sql`false`;
}
