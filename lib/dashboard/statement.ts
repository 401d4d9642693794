import { z } from "zod";
import { dateBound } from "@/lib/http/date-bound";
import { MERCHANT_CATEGORIES, type MerchantCategory, readStatement, type Statement } from "@/lib/ledger";
import { CURRENCY_CODES, type CurrencyCode } from "@/lib/money";
import { fieldErrorsOf } from "./form-result";
import { pickFilters } from "./pick-filters";
import type { DashboardScope } from "./scope";
import { findMerchant } from "@/lib/merchants/merchant-records";

export const STATEMENT_FILTER_KEYS = ["currency", "category", "from", "to"] as const;

/** Movements shown on the page; the CSV export streams them all. */
export const STATEMENT_PAGE_ROWS = 200;

const statementFilters = z
  .object({
    currency: z.enum(CURRENCY_CODES, { message: "Choose a supported currency." }),
    category: z.enum(MERCHANT_CATEGORIES, { message: "Choose collect, payout or credit." }),
    from: dateBound("from", "from").optional(),
    to: dateBound("to", "to").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: "The period must start before it ends.", path: ["from"] });

export type StatementFilters = { currency: CurrencyCode; category: MerchantCategory; from?: Date; to?: Date };

/**
 * The statement's filters from the URL: a wallet (currency × category; default the settlement
 * currency's collect wallet) and a period of whole UTC days (default: the current month to date).
 * `filters` echoes what the form shows; `parsed` is null when a field is wrong.
 */
export async function readStatementFilters(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const picked = pickFilters(searchParams, STATEMENT_FILTER_KEYS);
  const merchant = await findMerchant(scope.merchantId, { settlementCurrency: true });
  const today = new Date().toISOString().slice(0, 10);
  const filters: Record<string, string> = {
    currency: picked.currency ?? merchant?.settlementCurrency ?? "XOF",
    category: picked.category ?? "collect",
    ...(picked.from || picked.to ? {} : { from: `${today.slice(0, 8)}01`, to: today }),
    ...(picked.from ? { from: picked.from } : {}),
    ...(picked.to ? { to: picked.to } : {}),
  };
  const parsed = statementFilters.safeParse(filters);
  return parsed.success
    ? { filters, parsed: parsed.data as StatementFilters, fieldErrors: {} as Record<string, string> }
    : { filters, parsed: null, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** The statement page: one wallet's opening, movements and closing for the period; only the session's merchant. */
export async function getDashboardStatement(
  scope: DashboardScope,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<{ filters: Record<string, string>; fieldErrors: Record<string, string>; statement: Statement | null }> {
  const { filters, parsed, fieldErrors } = await readStatementFilters(scope, searchParams);
  if (!parsed) return { filters, fieldErrors, statement: null };
  const statement = await readStatement({ merchantId: scope.merchantId, environment: scope.environment, ...parsed, limit: STATEMENT_PAGE_ROWS });
  return { filters, fieldErrors, statement };
}
