import { getPrisma } from "@/lib/db/client";
import type { Payment, PaymentStatusChange, Refund } from "@/lib/db/generated/client";
import { listTransactions, listTransactionsQuery } from "@/lib/payments/list-transactions";
import { DASHBOARD_COUNT_UP_TO } from "./list-count";
import { resendWebhookEvent } from "@/lib/webhooks";
import { toWebhookEventView, type WebhookEventView } from "@/lib/webhooks/webhook-event-view";
import { fieldErrorsOf, fieldErrorsOfAppError, type FormResult, toFormResult } from "./form-result";
import { pickFilters } from "./pick-filters";
import { listProviderTimeline, type ProviderCallView } from "./provider-timeline";
import type { DashboardScope } from "./scope";

export const PAYMENT_STATUSES = ["pending", "processing", "success", "failed", "cancelled", "expired", "refunded"] as const;
export const PAYMENT_FILTER_KEYS = ["status", "provider", "startDate", "endDate", "externalReference", "page"] as const;

/** The payments list with the API's filters (same schema, same query), 20 a page. */
export async function listDashboardPayments(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const filters = pickFilters(searchParams, PAYMENT_FILTER_KEYS);
  const empty = { data: [], meta: { total: 0, page: 1, limit: 20, totalPages: 0 } };
  const parsed = listTransactionsQuery.safeParse({ ...filters, limit: "20" });
  if (!parsed.success) return { filters, fieldErrors: fieldErrorsOf(parsed.error), ...empty };
  try {
    const result = await listTransactions({ environment: scope.environment, merchant: { id: scope.merchantId } }, parsed.data, { countUpTo: DASHBOARD_COUNT_UP_TO });
    return { filters, fieldErrors: {} as Record<string, string>, ...result };
  } catch (err) {
    // A page past the deepest one: said next to the form, like any other filter error.
    const fieldErrors = fieldErrorsOfAppError(err);
    if (!fieldErrors) throw err;
    return { filters, fieldErrors, ...empty };
  }
}

export type PaymentDetail = { payment: Payment; refunds: Refund[]; timeline: PaymentStatusChange[]; webhooks: WebhookEventView[]; providerCalls: ProviderCallView[] };

/** One of the merchant's payments with its status timeline and every webhook event and attempt; null when not theirs. */
export async function getDashboardPayment(scope: DashboardScope, transactionId: string): Promise<PaymentDetail | null> {
  const prisma = await getPrisma();
  const payment = await prisma.payment.findFirst({
    where: { id: transactionId, merchantId: scope.merchantId, environment: scope.environment },
    include: { statusChanges: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] }, refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!payment) return null;
  const { statusChanges, refunds, ...rest } = payment;
  // Every attempt of every event (the API list keeps only the latest few per event).
  const [events, providerCalls] = await Promise.all([
    prisma.webhookEvent.findMany({
      where: { merchantId: scope.merchantId, environment: scope.environment, transactionId },
      orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
      include: { deliveryAttempts: { orderBy: { attempt: "asc" } } },
    }),
    listProviderTimeline(prisma, [transactionId, ...refunds.map((r) => r.id)]),
  ]);
  return { payment: rest, refunds, timeline: statusChanges, webhooks: events.map((e) => toWebhookEventView(e)), providerCalls };
}

/** Resends one of the merchant's webhook events now; another merchant's event is not_found. */
export async function resendDashboardWebhook(scope: DashboardScope, eventId: unknown): Promise<FormResult<WebhookEventView>> {
  if (typeof eventId !== "string" || !/^[A-Za-z0-9_-]{1,80}$/.test(eventId)) {
    return { ok: false, code: "validation_error", error: "Unknown webhook event." };
  }
  return toFormResult(() => resendWebhookEvent(scope.merchantId, scope.environment, eventId));
}
