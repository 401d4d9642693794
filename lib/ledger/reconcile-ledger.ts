import { getPrisma, type Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";

export type ReconcileReport = {
  ok: boolean;
  /** "all", or the merchants the check was limited to (platform-wide checks then skipped). */
  scope: "all" | string[];
  counts: { accounts: number; entries: number; postings: number };
  /** Entries whose postings do not sum to zero in some currency. */
  unbalancedEntries: { entryId: string; currency: string; sum: bigint }[];
  /** Entries with fewer than two postings, or postings that break an account rule. */
  malformedEntries: { entryId: string; problem: string }[];
  /** Merchant accounts whose stored balance differs from the sum of their postings. */
  accountDifferences: { accountId: string; stored: Buckets; computed: Buckets }[];
  /** Merchant accounts whose pending differs from their unsettled collect credits. */
  settlementDifferences: { accountId: string; pending: bigint; unsettled: bigint }[];
  /** Payouts in flight (per environment and currency) that differ from the open holds. */
  holdDifferences: { accountId: string; inFlight: bigint; held: bigint }[];
  /** Platform accounts and their balance (sum of postings; they store none). */
  platformBalances: { accountId: string; balance: bigint }[];
};
type Buckets = { available: bigint; pending: bigint };

/**
 * Recomputes the ledger from its postings and reports every difference (docs/design/ledger.md). Runs in one
 * REPEATABLE READ snapshot, so entries committing meanwhile never show up half-applied.
 * `merchantIds` limits it to those merchants' entries and accounts (tests on a shared database).
 * Given a transaction, it runs in it (and sees that transaction's own uncommitted writes).
 */
export async function reconcileLedger(options: { merchantIds?: string[] } = {}, tx?: Tx): Promise<ReconcileReport> {
  if (tx) return reconcileIn(tx, options.merchantIds);
  const prisma = await getPrisma();
  return prisma.$transaction((tx) => reconcileIn(tx, options.merchantIds), { isolationLevel: "RepeatableRead", timeout: 600_000 });
}

async function reconcileIn(tx: Tx, merchantIds?: string[]): Promise<ReconcileReport> {
  const scoped = merchantIds !== undefined;
  const ids = Prisma.join(merchantIds && merchantIds.length > 0 ? merchantIds : [""]);
  const entryScope = scoped ? Prisma.sql`AND e.merchant_id IN (${ids})` : Prisma.empty;
  const accountScope = scoped ? Prisma.sql`AND a.merchant_id IN (${ids})` : Prisma.empty;
  const big = (v: unknown) => BigInt(v as bigint | string | number);

  const [counts] = await tx.$queryRaw<{ accounts: bigint; entries: bigint; postings: bigint }[]>`
    SELECT (SELECT count(*) FROM ledger_accounts a WHERE true ${accountScope}) AS accounts,
           (SELECT count(*) FROM ledger_entries e WHERE true ${entryScope}) AS entries,
           (SELECT count(*) FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE true ${entryScope}) AS postings`;

  const unbalanced = await tx.$queryRaw<{ entry_id: string; currency: string; sum: string }[]>`
    SELECT p.entry_id, p.currency, SUM(p.amount)::text AS sum
    FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
    WHERE true ${entryScope}
    GROUP BY p.entry_id, p.currency HAVING SUM(p.amount) <> 0
    ORDER BY p.entry_id`;

  const malformed = await tx.$queryRaw<{ entry_id: string; problem: string }[]>`
    SELECT e.id AS entry_id, 'has ' || count(p.id) || ' posting(s), needs at least 2' AS problem
    FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
    WHERE true ${entryScope}
    GROUP BY e.id HAVING count(p.id) < 2
    UNION ALL
    SELECT e.id, 'posting ' || p.id || ' on ' || a.id || ': ' ||
           CASE WHEN p.currency <> a.currency THEN 'currency ' || p.currency || ' differs from the account''s ' || a.currency
                WHEN a.merchant_id IS NULL AND p.bucket = 'pending' THEN 'pending bucket on a platform account'
                WHEN a.environment <> e.environment THEN 'account of another environment'
                ELSE 'account of another merchant than the entry''s' END
    FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
    WHERE (p.currency <> a.currency OR (a.merchant_id IS NULL AND p.bucket = 'pending') OR a.environment <> e.environment
           OR (a.merchant_id IS NOT NULL AND a.merchant_id IS DISTINCT FROM e.merchant_id)) ${entryScope}
    ORDER BY 1`;

  const accounts = await tx.$queryRaw<{ id: string; available: bigint; pending: bigint; computed_available: string; computed_pending: string }[]>`
    SELECT a.id, a.available, a.pending,
           COALESCE(SUM(p.amount) FILTER (WHERE p.bucket = 'available'), 0)::text AS computed_available,
           COALESCE(SUM(p.amount) FILTER (WHERE p.bucket = 'pending'), 0)::text AS computed_pending
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    WHERE a.merchant_id IS NOT NULL ${accountScope}
    GROUP BY a.id
    HAVING a.available <> COALESCE(SUM(p.amount) FILTER (WHERE p.bucket = 'available'), 0)
        OR a.pending <> COALESCE(SUM(p.amount) FILTER (WHERE p.bucket = 'pending'), 0)
    ORDER BY a.id`;

  const settlements = await tx.$queryRaw<{ id: string; pending: bigint; unsettled: string }[]>`
    SELECT a.id, a.pending, COALESCE(SUM(s.amount) FILTER (WHERE s.settled_at IS NULL), 0)::text AS unsettled
    FROM ledger_accounts a LEFT JOIN ledger_settlements s ON s.account_id = a.id
    WHERE a.merchant_id IS NOT NULL ${accountScope}
    GROUP BY a.id
    HAVING a.pending <> COALESCE(SUM(s.amount) FILTER (WHERE s.settled_at IS NULL), 0)
    ORDER BY a.id`;

  let holds: { id: string; in_flight: string; held: string }[] = [];
  let platform: { id: string; balance: string }[] = [];
  if (!scoped) {
    holds = await tx.$queryRaw`
      WITH flight AS (
        SELECT a.id, a.environment, a.currency, COALESCE(SUM(p.amount), 0) AS balance
        FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
        WHERE a.type = 'payouts_in_flight' GROUP BY a.id),
      open AS (
        SELECT a.environment, a.currency, SUM(h.amount + h.fee) AS held
        FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
        WHERE h.status = 'held' GROUP BY a.environment, a.currency)
      SELECT COALESCE(f.id, 'p:' || o.environment || ':' || o.currency || ':payouts_in_flight') AS id,
             COALESCE(f.balance, 0)::text AS in_flight, COALESCE(o.held, 0)::text AS held
      FROM flight f FULL JOIN open o ON o.environment = f.environment AND o.currency = f.currency
      WHERE COALESCE(f.balance, 0) <> COALESCE(o.held, 0)
      ORDER BY 1`;
    platform = await tx.$queryRaw`
      SELECT a.id, COALESCE(SUM(p.amount), 0)::text AS balance
      FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
      WHERE a.merchant_id IS NULL GROUP BY a.id ORDER BY a.id`;
  }

  const report: ReconcileReport = {
    ok: false,
    scope: merchantIds ?? "all",
    counts: { accounts: Number(counts.accounts), entries: Number(counts.entries), postings: Number(counts.postings) },
    unbalancedEntries: unbalanced.map((r) => ({ entryId: r.entry_id, currency: r.currency, sum: big(r.sum) })),
    malformedEntries: malformed.map((r) => ({ entryId: r.entry_id, problem: r.problem })),
    accountDifferences: accounts.map((r) => ({
      accountId: r.id,
      stored: { available: big(r.available), pending: big(r.pending) },
      computed: { available: big(r.computed_available), pending: big(r.computed_pending) },
    })),
    settlementDifferences: settlements.map((r) => ({ accountId: r.id, pending: big(r.pending), unsettled: big(r.unsettled) })),
    holdDifferences: holds.map((r) => ({ accountId: r.id, inFlight: big(r.in_flight), held: big(r.held) })),
    platformBalances: platform.map((r) => ({ accountId: r.id, balance: big(r.balance) })),
  };
  report.ok =
    report.unbalancedEntries.length === 0 &&
    report.malformedEntries.length === 0 &&
    report.accountDifferences.length === 0 &&
    report.settlementDifferences.length === 0 &&
    report.holdDifferences.length === 0;
  return report;
}

/** The report as text for operators. */
export function formatReconcileReport(r: ReconcileReport): string[] {
  const lines = [
    `Ledger reconciliation (${r.scope === "all" ? "whole ledger" : `merchants ${r.scope.join(", ")}`}): ${r.ok ? "CLEAN" : "DIFFERENCES FOUND"}`,
    `  accounts: ${r.counts.accounts}, entries: ${r.counts.entries}, postings: ${r.counts.postings}`,
  ];
  const section = (title: string, items: string[]) => {
    lines.push(`  ${title}: ${items.length === 0 ? "none" : items.length}`);
    for (const item of items) lines.push(`    ${item}`);
  };
  section("entries not summing to zero", r.unbalancedEntries.map((u) => `${u.entryId} ${u.currency} sums to ${u.sum}`));
  section("malformed entries", r.malformedEntries.map((m) => `${m.entryId}: ${m.problem}`));
  section(
    "accounts differing from their postings",
    r.accountDifferences.map(
      (d) => `${d.accountId}: stored available ${d.stored.available} pending ${d.stored.pending}, postings say available ${d.computed.available} pending ${d.computed.pending}`,
    ),
  );
  section("pending differing from unsettled credits", r.settlementDifferences.map((d) => `${d.accountId}: pending ${d.pending}, unsettled ${d.unsettled}`));
  if (r.scope === "all") {
    section("payouts in flight differing from open holds", r.holdDifferences.map((d) => `${d.accountId}: in flight ${d.inFlight}, open holds ${d.held}`));
    lines.push(`  platform balances (minor units, sum of postings):`);
    for (const p of r.platformBalances) lines.push(`    ${p.accountId}  ${p.balance}`);
  }
  return lines;
}
