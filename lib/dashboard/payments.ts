import { getPrisma } from "@/lib/db/client";
import type { Payment, PaymentStatusChange, Refund } from "@/lib/db/generated/client";
import { isPayable } from "@/lib/checkout/checkout-stage";
import { checkoutUrl } from "@/lib/payments/initiate-payment";
import { listTransactions, listTransactionsQuery } from "@/lib/payments/list-transactions";
import { DASHBOARD_COUNT_UP_TO } from "./list-count";
import { resendWebhookEvent } from "@/lib/webhooks";
import { toWebhookEventView, type WebhookEventView } from "@/lib/webhooks/webhook-event-view";
import { fieldErrorsOf, fieldErrorsOfAppError, type FormResult, toFormResult } from "./form-result";
import { pickFilters } from "./pick-filters";
import { readListSearch } from "./list-search";
import { listProviderTimeline, type ProviderCallView } from "./provider-timeline";
import type { DashboardScope } from "./scope";
import { merchantCountry as readMerchantCountry } from "@/lib/merchants/merchant-records";
import { findPaymentWithHistory } from "@/lib/payments/payment-records";
import { listTransactionEvents } from "@/lib/webhooks/transaction-events";
import { findLinkTitle } from "@/lib/payment-links/get-payment-link";

export const PAYMENT_STATUSES = ["pending", "processing", "success", "failed", "cancelled", "expired", "refunded"] as const;
export const PAYMENT_FILTER_KEYS = ["view", "q", "status", "provider", "startDate", "endDate", "externalReference", "paymentLinkId", "page"] as const;

/** What the payments list shows: collections (the default), payouts, or both with signed amounts. */
export const PAYMENT_VIEWS = ["collect", "payout", "all"] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];

/**
 * The payments list with the API's filters (same schema, same query), 20 a page, plus the
 * dashboard's own: `view` (collections, payouts or all) and `q`, a search by phone number, name or
 * reference (list-search.ts), both scoped to the merchant and environment like every filter.
 */
export async function listDashboardPayments(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const filters = pickFilters(searchParams, PAYMENT_FILTER_KEYS);
  const view: PaymentView = (PAYMENT_VIEWS as readonly string[]).includes(filters.view ?? "") ? (filters.view as PaymentView) : "collect";
  const empty = { view, data: [] as ListedTransaction[], meta: { total: 0, page: 1, limit: 20, totalPages: 0 } };
  const { view: _view, q, ...apiFilters } = filters;
  const parsed = listTransactionsQuery.safeParse({ ...apiFilters, ...(view === "all" ? {} : { type: view }), limit: "20" });
  const searched = await readListSearch(q, () => merchantCountry(scope.merchantId));
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (searched.error) fieldErrors.q = searched.error;
  if (!parsed.success || searched.error) return { filters, fieldErrors, ...empty };
  try {
    const result = await listTransactions({ environment: scope.environment, merchant: { id: scope.merchantId } }, parsed.data, {
      countUpTo: DASHBOARD_COUNT_UP_TO,
      search: searched.search,
      withContact: true,
    });
    return { filters, fieldErrors: {} as Record<string, string>, view, data: result.data as ListedTransaction[], meta: result.meta };
  } catch (err) {
    // A page past the deepest one: said next to the form, like any other filter error.
    const pageErrors = fieldErrorsOfAppError(err);
    if (!pageErrors) throw err;
    return { filters, fieldErrors: pageErrors, ...empty };
  }
}

/** A row of the dashboard's lists: the API's list item with the customer's number and the payout method. */
export type ListedTransaction = Awaited<ReturnType<typeof listTransactions>>["data"][number] & { contact: string | null; method: string | null };

/** The country whose national numbers a search reads: the merchant's own. */
export async function merchantCountry(merchantId: string): Promise<string> {
  return (await readMerchantCountry(merchantId)) ?? "SN";
}

export type PaymentDetail = {
  payment: Payment;
  refunds: Refund[];
  timeline: PaymentStatusChange[];
  webhooks: WebhookEventView[];
  providerCalls: ProviderCallView[];
  /** A checkout the customer can still pay (not yet paid, not expired): its page, to send them again. */
  checkout: { url: string; expiresAt: Date } | null;
  /** The payment link it was made through, if any. */
  paymentLink: { id: string; title: string } | null;
};

/** One of the merchant's payments with its status timeline and every webhook event and attempt; null when not theirs. */
export async function getDashboardPayment(scope: DashboardScope, transactionId: string): Promise<PaymentDetail | null> {
  const prisma = await getPrisma();
  const payment = await findPaymentWithHistory(scope, transactionId, prisma);
  if (!payment) return null;
  const { statusChanges, refunds, ...rest } = payment;
  // Every attempt of every event (the API list keeps only the latest few per event).
  const [events, providerCalls, paymentLink] = await Promise.all([
    listTransactionEvents(scope, transactionId, prisma),
    listProviderTimeline(prisma, [transactionId, ...refunds.map((r) => r.id)]),
    payment.paymentLinkId ? findLinkTitle(scope.merchantId, payment.paymentLinkId, prisma) : null,
  ]);
  // The checkout's own rule (lib/checkout): payable while pending without a method chosen, or after a failed attempt, until it expires.
  const checkout = payment.checkoutToken && isPayable(payment) ? { url: checkoutUrl(payment), expiresAt: payment.expiresAt } : null;
  return { payment: rest, refunds, timeline: statusChanges, webhooks: events.map((e) => toWebhookEventView(e)), providerCalls, checkout, paymentLink };
}

/** Resends one of the merchant's webhook events now; another merchant's event is not_found. */
export async function resendDashboardWebhook(scope: DashboardScope, eventId: unknown): Promise<FormResult<WebhookEventView>> {
  if (typeof eventId !== "string" || !/^[A-Za-z0-9_-]{1,80}$/.test(eventId)) {
    return { ok: false, code: "validation_error", error: "Unknown webhook event." };
  }
  return toFormResult(() => resendWebhookEvent(scope.merchantId, scope.environment, eventId));
}
