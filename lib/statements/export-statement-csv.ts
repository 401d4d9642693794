import { type BalanceMovement, listBalanceMovements, listWalletMovementsAfter, readStatement } from "@/lib/ledger";
import { readStatementFilters } from "@/lib/dashboard/statement";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { type CurrencyCode, minorToDecimalString } from "@/lib/money";
import type { CsvCell } from "./csv";
import { csvResponse, csvStream } from "./csv-stream";
import { badFilters } from "./bad-filters";

export const STATEMENT_CSV_HEADER = ["date", "type", "transaction_id", "entry_id", "available_change", "pending_change", "fee", "available_after", "pending_after"];

/**
 * The statement as CSV, with the filters the page shows: an opening line, every movement of the
 * period oldest first (paged through the ledger `pageSize` at a time, as the client reads), and a
 * closing line with the balance after the last one.
 */
export async function exportStatementCsv(
  scope: DashboardScope,
  searchParams: Record<string, string | string[] | undefined>,
  options: { pageSize?: number } = {},
): Promise<Response> {
  const { parsed, fieldErrors } = await readStatementFilters(scope, searchParams);
  if (!parsed) return badFilters(fieldErrors);
  const pageSize = options.pageSize ?? 1_000;
  const scoped = { merchantId: scope.merchantId, environment: scope.environment, ...parsed };
  const money = (minor: bigint) => ({ decimal: minorToDecimalString(minor, parsed.currency as CurrencyCode) });

  const toCells = (m: BalanceMovement): CsvCell[] => [
    m.createdAt.toISOString(),
    m.type,
    m.transactionId,
    m.entryId,
    money(m.availableChange),
    money(m.pendingChange),
    m.fee === null ? null : money(m.fee),
    money(m.available),
    money(m.pending),
  ];

  async function* pages(): AsyncGenerator<CsvCell[][]> {
    const { opening } = await readStatement({ ...scoped, limit: 0 });
    const start = parsed!.from?.toISOString() ?? null;
    yield [[start, "opening_balance", null, null, null, null, null, money(opening.available), money(opening.pending)]];
    // The first page computes running balances in the query; later ones continue from the last.
    const first = await listBalanceMovements({ ...scoped, order: "asc", limit: pageSize });
    if (first.movements.length > 0) yield first.movements.map(toCells);
    let last = first.movements.at(-1) ?? null;
    let state = last ? { cursor: last.seq, baseline: { available: last.available, pending: last.pending } } : null;
    let more = first.hasMore && state !== null;
    while (more && state) {
      const page = await listWalletMovementsAfter({ ...scoped, ...state, limit: pageSize });
      if (page.movements.length > 0) {
        yield page.movements.map(toCells);
        last = page.movements.at(-1)!;
      }
      state = { cursor: page.cursor, baseline: page.baseline };
      more = page.hasMore;
    }
    const end = last ? { available: last.available, pending: last.pending } : opening;
    yield [[parsed!.to?.toISOString() ?? new Date().toISOString(), "closing_balance", null, null, null, null, null, money(end.available), money(end.pending)]];
  }

  const period = `${(parsed.from?.toISOString() ?? "start").slice(0, 10)}_${(parsed.to?.toISOString() ?? "now").slice(0, 10)}`;
  return csvResponse(`statement-${parsed.currency}-${parsed.category}-${period}.csv`, csvStream(STATEMENT_CSV_HEADER, pages()));
}
