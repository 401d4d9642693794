import { notFound } from "next/navigation";
import { refundPaymentAction } from "@/app/_dashboard/actions";
import { can } from "@/lib/dashboard/roles";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { ProviderTimeline } from "@/app/_dashboard/provider-timeline";
import { TransactionHistory } from "@/app/_dashboard/transaction-history";
import { formatAmount, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { getDashboardPayment } from "@/lib/dashboard/payments";
import { minorToDecimalString } from "@/lib/money";

export default async function PaymentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("view");
  const { id } = await params;
  const justRefunded = (await searchParams).refunded === "1";
  const detail = await getDashboardPayment(scope, id);
  // Another merchant's payment, or one of the other environment, does not exist here.
  if (!detail) notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const { payment, refunds, timeline, webhooks, providerCalls } = detail;
  // What a new refund may still take: the amount less every refund not failed (DESIGN §14).
  const left = payment.amount - payment.refundReserved;
  const canRefund = payment.status === "success" && left > 0n && can(scope.role, "money");
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
        <dd>{when(payment.createdAt, locale)}</dd>
        {payment.errorCode ? (
          <>
            <dt>{m.payment.error}</dt>
            <dd>
              <code>{payment.errorCode}</code> {payment.errorMessage}
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
                  {onboardingMessages(locale).refunds.sandbox} <a href="/docs#sandbox">{onboardingMessages(locale).refunds.testNumbersLink}</a>
                </p>
              ) : null}
            </>
          ) : (
            <div className="table-wrap" tabIndex={0}>
              <table data-testid="refunds">
                <thead>
                  <tr>
                    <th scope="col">{m.refund.id}</th>
                    <th scope="col">{m.payments.amount}</th>
                    <th scope="col">{m.refund.status}</th>
                    <th scope="col">{m.payment.reason}</th>
                    <th scope="col">{m.refund.created}</th>
                  </tr>
                </thead>
                <tbody>
                  {refunds.map((r) => (
                    <tr key={r.id} data-testid="refund-row">
                      <td>
                        <code>{r.id}</code>
                      </td>
                      <td>{formatAmount(r.amount, r.currency, locale)}</td>
                      <td>
                        <span className={`status status-${r.status}`}>{m.status[r.status] ?? r.status}</span>
                        {r.errorCode ? (
                          <>
                            {" "}
                            <code>{r.errorCode}</code>
                          </>
                        ) : null}
                      </td>
                      <td>{r.reason ?? "—"}</td>
                      <td>{when(r.createdAt, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
