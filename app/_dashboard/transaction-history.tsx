import { resendWebhookAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { when } from "@/app/_dashboard/format";
import type { Locale, Messages } from "@/lib/dashboard/i18n";

/**
 * What happened to a payment or payout, shared by both detail pages: its status timeline and
 * every webhook event with each delivery attempt (resendable).
 */
type StatusChange = { id: bigint | number | string; toStatus: string; createdAt: Date; reason: string | null };
type WebhookEvent = {
  id: string;
  type: string;
  status: string;
  createdAt: Date | string;
  attempts: { attempt: number; manual?: boolean; url: string; statusCode: number | null; error: string | null; durationMs: number; createdAt: Date | string }[];
};

export function TransactionHistory({
  timeline,
  webhooks,
  noWebhooks,
  locale,
  m,
  canResend,
}: {
  /** The member may resend webhooks (roles: `webhooks`); the action refuses the others anyway. */
  canResend: boolean;
  timeline: StatusChange[];
  webhooks: WebhookEvent[];
  noWebhooks: string;
  locale: Locale;
  m: Messages;
}) {
  const status = m.status as Record<string, string>;
  return (
    <>
      <section aria-labelledby="timeline-title" className="stack">
        <h2 id="timeline-title">{m.payment.timeline}</h2>
        <ol className="timeline" data-testid="timeline">
          {timeline.map((c) => (
            <li key={String(c.id)}>
              <span className={`status status-${c.toStatus}`}>{status[c.toStatus] ?? c.toStatus}</span>{" "}
              {when(c.createdAt, locale)}
              {c.reason ? <span className="muted"> — {c.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="webhooks-title" className="stack">
        <h2 id="webhooks-title">{m.payment.webhooks}</h2>
        {webhooks.length === 0 ? <p className="muted">{noWebhooks}</p> : null}
        {webhooks.map((e) => (
          <article key={e.id} className="panel stack" data-testid="webhook-event">
            <header className="row space-between">
              <h3>
                <code>{e.type}</code> <span className={`status status-${e.status}`}>{status[e.status] ?? e.status}</span>
              </h3>
              {canResend ? (
                <ActionForm action={resendWebhookAction} submit={m.payment.resend} success="✓" className="row">
                  <input type="hidden" name="eventId" value={e.id} />
                </ActionForm>
              ) : null}
            </header>
            <p className="muted">
              <code>{e.id}</code> · {when(e.createdAt, locale)}
            </p>
            {e.attempts.length === 0 ? (
              <p className="muted">{m.payment.noAttempts}</p>
            ) : (
              <div className="table-wrap" tabIndex={0}>
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
                        <td>{when(a.createdAt, locale)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </article>
        ))}
      </section>
    </>
  );
}
