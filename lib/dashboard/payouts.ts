import { getPrisma } from "@/lib/db/client";
import type { Payout, PayoutQuote, PayoutStatusChange } from "@/lib/db/generated/client";
import { listTransactions, listTransactionsQuery } from "@/lib/payments/list-transactions";
import { DASHBOARD_COUNT_UP_TO } from "./list-count";
import { cancelPayout } from "@/lib/payouts/cancel-payout";
import { PAYOUT_STATUSES } from "@/lib/payouts/payout-schemas";
import { toWebhookEventView, type WebhookEventView } from "@/lib/webhooks/webhook-event-view";
import { fieldErrorsOf, fieldErrorsOfAppError, type FormResult, toFormResult } from "./form-result";
import { pickFilters } from "./pick-filters";
import { readListSearch } from "./list-search";
import { merchantCountry, type ListedTransaction } from "./payments";
import { listProviderTimeline, type ProviderCallView } from "./provider-timeline";
import { dashboardActor, type DashboardScope } from "./scope";
import { listTransactionEvents } from "@/lib/webhooks/transaction-events";
import { findPayoutWithTimeline, findScopedQuote } from "@/lib/payouts/payout-records";

export { PAYOUT_STATUSES } from "@/lib/payouts/payout-schemas";
export const PAYOUT_FILTER_KEYS = ["q", "status", "startDate", "endDate", "externalReference", "page"] as const;

const PAYOUT_ID = /^[A-Za-z0-9_-]{1,80}$/;

/**
 * The payouts list: the API's GET /payments/transactions with type=payout (same schema, same
 * query, same validation messages), 20 a page. A status only collect payments have (expired,
 * refunded) is refused here: the page offers payout statuses only.
 */
export async function listDashboardPayouts(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const filters = pickFilters(searchParams, PAYOUT_FILTER_KEYS);
  const empty = { data: [] as ListedTransaction[], meta: { total: 0, page: 1, limit: 20, totalPages: 0 } };
  const { q, ...apiFilters } = filters;
  const parsed = listTransactionsQuery.safeParse({ ...apiFilters, type: "payout", limit: "20" });
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  const searched = await readListSearch(q, () => merchantCountry(scope.merchantId));
  if (searched.error) fieldErrors.q = searched.error;
  if (filters.status && !(PAYOUT_STATUSES as readonly string[]).includes(filters.status) && filters.status !== "completed") {
    fieldErrors.status ??= `must be one of ${PAYOUT_STATUSES.join(", ")}`;
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { filters, fieldErrors, ...empty };
  try {
    const result = await listTransactions({ environment: scope.environment, merchant: { id: scope.merchantId } }, parsed.data, {
      countUpTo: DASHBOARD_COUNT_UP_TO,
      search: searched.search,
      withContact: true,
    });
    return { filters, fieldErrors: {} as Record<string, string>, data: result.data as ListedTransaction[], meta: result.meta };
  } catch (err) {
    // A page past the deepest one: said next to the form, like any other filter error.
    const pageErrors = fieldErrorsOfAppError(err);
    if (!pageErrors) throw err;
    return { filters, fieldErrors: pageErrors, ...empty };
  }
}

export type PayoutDetail = {
  payout: Payout;
  /** The quote the payout consumed (an internal one for legacy initiates): fees billed, FX, top-up. */
  quote: PayoutQuote | null;
  timeline: PayoutStatusChange[];
  webhooks: WebhookEventView[];
  /** Calls to the operator about this payout (docs/design/connectors.md). */
  providerCalls: ProviderCallView[];
};

/** One of the merchant's payouts with its quote, status timeline and every webhook event and attempt; null when not theirs. */
export async function getDashboardPayout(scope: DashboardScope, payoutId: string): Promise<PayoutDetail | null> {
  if (!PAYOUT_ID.test(payoutId)) return null;
  const prisma = await getPrisma();
  const payout = await findPayoutWithTimeline(scope, payoutId, prisma);
  if (!payout) return null;
  const { statusChanges, ...rest } = payout;
  const [quote, events, providerCalls] = await Promise.all([
    findScopedQuote(scope, payout.quoteId, prisma),
    // payout.* events carry the payout id as their transactionId.
    listTransactionEvents(scope, payoutId, prisma),
    listProviderTimeline(prisma, payoutId),
  ]);
  return { payout: rest, quote, timeline: statusChanges, webhooks: events.map((e) => toWebhookEventView(e)), providerCalls };
}

/**
 * Cancels one of the merchant's payouts through lib/payouts (only while `pending`; the hold is
 * released in full). Another merchant's payout is not_found; any other status is invalid_state,
 * both shown to the user.
 */
export async function cancelDashboardPayout(scope: DashboardScope, payoutId: unknown): Promise<FormResult<{ id: string; status: string }>> {
  if (typeof payoutId !== "string" || !PAYOUT_ID.test(payoutId)) {
    return { ok: false, code: "validation_error", error: "Unknown payout." };
  }
  return toFormResult(async () => {
    const p = await cancelPayout({ environment: scope.environment, merchant: { id: scope.merchantId } }, payoutId, { audit: { actor: dashboardActor(scope) } });
    return { id: p.id, status: p.status as string };
  });
}
