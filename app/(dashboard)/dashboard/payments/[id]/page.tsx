import { notFound } from "next/navigation";
import { refundPaymentAction } from "@/app/_dashboard/actions";
import { can } from "@/lib/identity/roles";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { CopyButton } from "@/app/_dashboard/client/copy-button";
import { ProviderTimeline } from "@/app/_dashboard/provider-timeline";
import { TransactionHistory } from "@/app/_dashboard/transaction-history";
import { formatAmount, formatDate, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { getDashboardPayment } from "@/lib/dashboard/payments";
import { minorToDecimalString } from "@/lib/money";
import { DataList, type DataColumn } from "@/app/_dashboard/data-list";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { failureLabel, providerLabel } from "@/lib/dashboard/i18n-labels";
import type { Refund } from "@/lib/db/generated/client";

export default async function PaymentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("view");
  const { id } = await params;
  const justRefunded = (await searchParams).refunded === "1";
  const detail = await getDashboardPayment(scope, id);
  // Another merchant's payment, or one of the other environment, does not exist here.
  if (!detail) notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const { payment, refunds, timeline, webhooks, providerCalls, checkout, paymentLink } = detail;
  // What a new refund may still take: the amount less every refund not failed (docs/design/refunds.md).
  const left = payment.amount - payment.refundReserved;
  const canRefund = payment.status === "success" && left > 0n && can(scope.role, "money");
  const l = listMessages(locale);
  // A fee is charged only on money collected: a failed, cancelled or expired payment shows none.
  const charged = payment.status === "success" || payment.status === "refunded";
  const money = (minor: bigint) => formatAmount(minor, payment.currency, locale);
  const refundColumns: DataColumn<Refund>[] = [
    { label: m.payments.amount, role: "amount", numeric: true, cell: (r) => money(r.amount) },
    {
      label: m.refund.status,
      role: "status",
      cell: (r) => <span className={`status status-${r.status}`}>{m.status[r.status] ?? r.status}</span>,
    },
    { label: m.payment.reason, role: "title", userData: true, cell: (r) => r.reason ?? "—" },
    { label: m.refund.created, cell: (r) => when(r.createdAt, locale) },
    { label: m.refund.error, cell: (r) => (r.errorCode ? failureLabel(r.errorCode, locale) : "—") },
    { label: m.refund.id, role: "id", cell: (r) => <code>{r.id}</code> },
  ];
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payments">← {m.payment.back}</a>
      </p>
      <header className="detail-head">
        <h1>
          <span data-testid="payment-amount">{money(payment.amount)}</span>
          <span className="detail-who">
            {" · "}
            {payment.customerName ? <span translate="no">{payment.customerName}</span> : (payment.customerPhone ?? l.detail.anonymous)}
          </span>
        </h1>
        <p className="row">
          <span className={`status status-${payment.status}`} data-testid="payment-status">
            {m.status[payment.status] ?? payment.status}
          </span>
          <span>{providerLabel(payment.provider, locale)}</span>
          <span className="muted">{when(payment.createdAt, locale)}</span>
        </p>
        <p className="muted">
          {l.detail.paymentId} <code data-testid="payment-id">{payment.id}</code>
        </p>
      </header>
      <dl className="facts">
        <dt>{m.payments.amount}</dt>
        <dd>{money(payment.amount)}</dd>
        {charged ? (
          <>
            <dt>{m.payment.fee}</dt>
            <dd data-testid="payment-fee">{money(payment.fee)}</dd>
            <dt>{l.detail.net}</dt>
            <dd data-testid="payment-net">{money(payment.amount - payment.fee)}</dd>
          </>
        ) : null}
        {payment.description ? (
          <>
            <dt>{l.detail.description}</dt>
            <dd translate="no">{payment.description}</dd>
          </>
        ) : null}
        <dt>{m.payments.reference}</dt>
        <dd translate="no">{payment.externalReference}</dd>
        <dt>{l.detail.method}</dt>
        <dd>{providerLabel(payment.provider, locale)}</dd>
        <dt>{m.payment.phone}</dt>
        <dd>{payment.customerPhone ?? "—"}</dd>
        <dt>{m.payment.customer}</dt>
        <dd translate="no">{payment.customerName ?? "—"}</dd>
        <dt>{m.payments.created}</dt>
        <dd>{when(payment.createdAt, locale)}</dd>
        {paymentLink ? (
          <>
            <dt>{l.detail.fromLink}</dt>
            <dd>
              <a href={`/dashboard/payment-links/${paymentLink.id}`} translate="no" data-testid="payment-link">
                {paymentLink.title}
              </a>
            </dd>
          </>
        ) : null}
        {payment.errorCode ? (
          <>
            <dt>{m.payment.error}</dt>
            <dd data-testid="payment-error">
              {failureLabel(payment.errorCode, locale)} <code className="muted">{payment.errorCode}</code>
            </dd>
          </>
        ) : null}
        {payment.status === "success" || payment.status === "refunded" ? (
          <>
            <dt>{m.refund.refunded}</dt>
            <dd data-testid="refunded-amount">{formatAmount(payment.refundedAmount, payment.currency, locale)}</dd>
          </>
        ) : null}
      </dl>

      {checkout ? (
        // A checkout the customer has not paid yet: its page, to send again (WhatsApp, SMS, e-mail).
        <section className="panel stack" aria-labelledby="checkout-link-title" data-testid="checkout-link">
          <h2 id="checkout-link-title">{l.detail.checkoutLink}</h2>
          <p className="muted" id="checkout-link-help">
            {l.detail.checkoutHelp.replace("{date}", formatDate(checkout.expiresAt, locale))}
          </p>
          <div className="copy-field">
            <input readOnly value={checkout.url} aria-labelledby="checkout-link-title" aria-describedby="checkout-link-help" data-testid="checkout-url" />
            <CopyButton value={checkout.url} label={l.detail.copy} copiedLabel={l.detail.copied} />
          </div>
          <p>
            <a href={checkout.url} target="_blank" rel="noopener">
              {l.detail.openCheckout}
            </a>
          </p>
        </section>
      ) : null}
      {justRefunded ? (
        <p className="success" role="status" data-testid="refund-created">
          {m.refund.done}
        </p>
      ) : null}
      {payment.status === "success" || payment.status === "refunded" ? (
        <section aria-labelledby="refunds-title" className="stack">
          <h2 id="refunds-title">{m.refund.title}</h2>
          {refunds.length === 0 ? (
            <>
              <p className="muted">{m.refund.none}</p>
              {scope.environment === "sandbox" ? (
                <p className="muted" data-testid="refund-sandbox-hint">
                  {onboardingMessages(locale).refunds.sandbox} <a href="/docs/sandbox">{onboardingMessages(locale).refunds.testNumbersLink}</a>
                </p>
              ) : null}
            </>
          ) : (
            <DataList rows={refunds} columns={refundColumns} rowKey={(r) => r.id} testId="refunds" rowTestId="refund-row" />
          )}
          {canRefund ? (
            // The confirmation step works without JavaScript: a native disclosure opens the form,
            // whose required box must be ticked (the server action checks it too).
            <details className="confirm" data-testid="refund">
              <summary className="btn">{m.refund.open}</summary>
              <ActionForm action={refundPaymentAction} submit={m.refund.submit} success={m.refund.done} className="panel stack" testId="refund-form">
                <input type="hidden" name="transactionId" value={payment.id} />
                <label>
                  {m.refund.amount} ({payment.currency})
                  <input name="amount" inputMode="decimal" autoComplete="off" placeholder={minorToDecimalString(left, payment.currency)} aria-describedby="refund-amount-help" />
                </label>
                <p id="refund-amount-help" className="muted">
                  {m.refund.amountHelp.replace("{left}", formatAmount(left, payment.currency, locale))}
                </p>
                <label>
                  {m.refund.reason}
                  <input name="reason" maxLength={255} autoComplete="off" />
                </label>
                <label className="row">
                  <input type="checkbox" name="confirm" value="refund" required />
                  <span>{m.refund.confirm.replace("{phone}", payment.customerPhone ?? "—")}</span>
                </label>
              </ActionForm>
            </details>
          ) : null}
        </section>
      ) : null}

      <TransactionHistory canResend={can(scope.role, "webhooks")} timeline={timeline} webhooks={webhooks} noWebhooks={m.payment.noWebhooks} locale={locale} m={m} />
      <ProviderTimeline calls={providerCalls} locale={locale} m={m} />
    </div>
  );
}
