import { notFound } from "next/navigation";
import { resendWebhookAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
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
  const { payment, timeline, webhooks } = detail;
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

      <section aria-labelledby="timeline-title" className="stack">
        <h2 id="timeline-title">{m.payment.timeline}</h2>
        <ol className="timeline" data-testid="timeline">
          {timeline.map((c) => (
            <li key={String(c.id)}>
              <span className={`status status-${c.toStatus}`}>{m.status[c.toStatus] ?? c.toStatus}</span>{" "}
              <time dateTime={c.createdAt.toISOString()}>{formatDate(c.createdAt, locale)}</time>
              {c.reason ? <span className="muted"> — {c.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="webhooks-title" className="stack">
        <h2 id="webhooks-title">{m.payment.webhooks}</h2>
        {webhooks.length === 0 ? <p className="muted">{m.payment.noWebhooks}</p> : null}
        {webhooks.map((e) => (
          <article key={e.id} className="panel stack" data-testid="webhook-event">
            <header className="row space-between">
              <h3>
                <code>{e.type}</code> <span className={`status status-${e.status}`}>{m.status[e.status] ?? e.status}</span>
              </h3>
              <ActionForm action={resendWebhookAction} submit={m.payment.resend} success="✓" className="row">
                <input type="hidden" name="eventId" value={e.id} />
              </ActionForm>
            </header>
            <p className="muted">
              <code>{e.id}</code> · {formatDate(e.createdAt, locale)}
            </p>
            {e.attempts.length === 0 ? (
              <p className="muted">{m.payment.noAttempts}</p>
            ) : (
              <div className="table-wrap">
                <table data-testid="webhook-attempts">
                  <thead>
                    <tr>
                      <th scope="col">{m.payment.attempt}</th>
                      <th scope="col">URL</th>
                      <th scope="col">{m.payment.statusCode}</th>
                      <th scope="col" className="num">
                        {m.payment.duration}
                      </th>
                      <th scope="col">{m.payment.at}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.attempts.map((a) => (
                      <tr key={a.attempt}>
                        <td>
                          {a.attempt}
                          {a.manual ? " (manual)" : ""}
                        </td>
                        <td className="wrap">{a.url}</td>
                        <td>{a.statusCode ?? a.error ?? "—"}</td>
                        <td className="num">{a.durationMs} ms</td>
                        <td>{formatDate(a.createdAt, locale)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </article>
        ))}
      </section>
    </div>
  );
}
