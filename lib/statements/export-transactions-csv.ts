import { merchantCountry, PAYMENT_FILTER_KEYS } from "@/lib/dashboard/payments";
import { readListSearch } from "@/lib/dashboard/list-search";
import { PAYOUT_FILTER_KEYS } from "@/lib/dashboard/payouts";
import { fieldErrorsOf } from "@/lib/dashboard/form-result";
import { pickFilters } from "@/lib/dashboard/pick-filters";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { listTransactions, listTransactionsQuery } from "@/lib/payments/list-transactions";
import { MAX_PAGE_SIZE } from "@/lib/http/pagination";
import { isCurrency, minorToDecimalString, toMinorAllowZero } from "@/lib/money";
import type { CsvCell } from "./csv";
import { csvResponse, csvStream } from "./csv-stream";
import { badFilters } from "./bad-filters";

export const TRANSACTIONS_CSV_HEADER = ["transaction_id", "type", "status", "amount", "currency", "provider", "external_reference", "customer_name", "created_at", "paid_at", "payment_link_id"];

type Row = Awaited<ReturnType<typeof listTransactions>>["data"][number];

/**
 * The payments or payouts list as CSV, with the list page's filters (the same keys and the same
 * validation as the page, the API's query schema), paged through listTransactions as the client
 * reads. The list is newest first and paged by offset, so a row created during the export would
 * shift the pages: rows newer than the export's start are left out and a row at or after the last
 * one written is skipped, so every row appears once.
 */
export async function exportTransactionsCsv(
  scope: DashboardScope,
  kind: "collect" | "payout",
  searchParams: Record<string, string | string[] | undefined>,
): Promise<Response> {
  const { page: _page, view: _view, q, ...filters } = pickFilters(searchParams, kind === "collect" ? PAYMENT_FILTER_KEYS : PAYOUT_FILTER_KEYS); // the export is every page
  const parsed = listTransactionsQuery.safeParse({ ...filters, type: kind, limit: String(MAX_PAGE_SIZE) });
  if (!parsed.success) return badFilters(fieldErrorsOf(parsed.error));
  // The list's search, as the page read it: the rows the merchant was looking at.
  const searched = await readListSearch(q, () => merchantCountry(scope.merchantId));
  if (searched.error) return badFilters({ q: searched.error });
  const query = parsed.data;
  const who = { environment: scope.environment, merchant: { id: scope.merchantId } };
  const startedAt = new Date().toISOString();

  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let last: { createdAt: string; id: string } | null = null;
    for (let page = 1; ; page++) {
      const result = await listTransactions(who, { ...query, page }, { search: searched.search });
      const fresh = result.data.filter((r) => r.createdAt <= startedAt && (last === null || isAfter(r, last)));
      if (fresh.length > 0) {
        yield fresh.map(toCells);
        const tail = fresh.at(-1)!;
        last = { createdAt: tail.createdAt, id: tail.transactionId };
      }
      if (page >= result.meta.totalPages) return;
    }
  }
  const day = startedAt.slice(0, 10);
  return csvResponse(`${kind === "collect" ? "payments" : "payouts"}-${day}.csv`, csvStream(TRANSACTIONS_CSV_HEADER, pages()));
}

/** Later in the list's order (createdAt, id) descending: older, or as old with a smaller id. */
function isAfter(row: Row, last: { createdAt: string; id: string }): boolean {
  return row.createdAt < last.createdAt || (row.createdAt === last.createdAt && row.transactionId < last.id);
}

function toCells(r: Row): CsvCell[] {
  // The list gives exact JSON numbers in major units; lib/money turns them back into exact decimals.
  const amount = isCurrency(r.currency) ? { decimal: minorToDecimalString(toMinorAllowZero(r.amount, r.currency), r.currency) } : null;
  return [r.transactionId, r.type, r.status, amount, r.currency, r.provider, r.externalReference, r.customerName, r.createdAt, "paidAt" in r ? (r.paidAt ?? null) : null, r.paymentLinkId];
}
