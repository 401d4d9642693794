import { notFound } from "next/navigation";
import { ProviderTimeline } from "@/app/_dashboard/provider-timeline";
import { TransactionHistory } from "@/app/_dashboard/transaction-history";
import { formatAmount, formatDate } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { getDashboardPayment } from "@/lib/dashboard/payments";

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const scope = await requireScope();
  const { id } = await params;
  const detail = await getDashboardPayment(scope, id);
  // Another merchant's payment, or one of the other environment, does not exist here.
  if (!detail) notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const { payment, timeline, webhooks, providerCalls } = detail;
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payments">← {m.payment.back}</a>
      </p>
      <h1>
        {m.payment.title} <code data-testid="payment-id">{payment.id}</code>
      </h1>
      <dl className="facts">
        <dt>{m.payments.status}</dt>
        <dd>
          <span className={`status status-${payment.status}`} data-testid="payment-status">
            {m.status[payment.status] ?? payment.status}
          </span>
        </dd>
        <dt>{m.payments.amount}</dt>
        <dd>{formatAmount(payment.amount, payment.currency, locale)}</dd>
        <dt>{m.payment.fee}</dt>
        <dd>{formatAmount(payment.fee, payment.currency, locale)}</dd>
        <dt>{m.payments.reference}</dt>
        <dd>{payment.externalReference}</dd>
        <dt>{m.payments.provider}</dt>
        <dd>{payment.provider ?? "—"}</dd>
        <dt>{m.payment.phone}</dt>
        <dd>{payment.customerPhone ?? "—"}</dd>
        <dt>{m.payment.customer}</dt>
        <dd>{payment.customerName ?? "—"}</dd>
        <dt>{m.payments.created}</dt>
        <dd>{formatDate(payment.createdAt, locale)}</dd>
        {payment.errorCode ? (
          <>
            <dt>{m.payment.error}</dt>
            <dd>
              <code>{payment.errorCode}</code> {payment.errorMessage}
            </dd>
          </>
        ) : null}
      </dl>

      <TransactionHistory timeline={timeline} webhooks={webhooks} noWebhooks={m.payment.noWebhooks} locale={locale} m={m} />
      <ProviderTimeline calls={providerCalls} locale={locale} m={m} />
    </div>
  );
}
