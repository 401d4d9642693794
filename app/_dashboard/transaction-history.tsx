import { resendWebhookAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { when } from "@/app/_dashboard/format";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { deliveryError, eventLabel, timelineNote } from "@/lib/dashboard/i18n-labels";
import { DataList, type DataColumn } from "./data-list";

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
  type Attempt = WebhookEvent["attempts"][number];
  const attemptColumns: DataColumn<Attempt>[] = [
    { label: m.payment.statusCode, role: "status", cell: (a) => <span className={`status ${a.statusCode !== null && a.statusCode < 300 ? "status-success" : "status-failed"}`}>{a.statusCode ?? deliveryError(a.error, locale)}</span> },
    { label: m.payment.attempt, role: "title", cell: (a) => `${m.payment.attempt} ${a.attempt}${a.manual ? ` (${m.payment.manual})` : ""}` },
    { label: m.payment.at, cell: (a) => when(a.createdAt, locale) },
    { label: m.payment.duration, numeric: true, cell: (a) => `${a.durationMs} ms` },
    { label: "URL", wrap: true, userData: true, cell: (a) => a.url },
  ];
  return (
    <>
      <section aria-labelledby="timeline-title" className="stack">
        <h2 id="timeline-title">{m.payment.timeline}</h2>
        <ol className="timeline" data-testid="timeline">
          {timeline.map((c) => (
            <li key={String(c.id)}>
              <span className={`status status-${c.toStatus}`}>{status[c.toStatus] ?? c.toStatus}</span>{" "}
              {when(c.createdAt, locale)}
              {timelineNote(c.reason, locale) ? <span className="muted"> — {timelineNote(c.reason, locale)}</span> : null}
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
                {eventLabel(e.type, locale)} <span className={`status status-${e.status}`}>{status[e.status] ?? e.status}</span>
              </h3>
              {canResend ? (
                <ActionForm action={resendWebhookAction} submit={m.payment.resend} success="✓" className="row" tone="secondary">
                  <input type="hidden" name="eventId" value={e.id} />
                </ActionForm>
              ) : null}
            </header>
            <p className="muted">
              <code>{e.type}</code> · <code>{e.id}</code> · {when(e.createdAt, locale)}
            </p>
            {e.attempts.length === 0 ? (
              <p className="muted">{m.payment.noAttempts}</p>
            ) : (
              <DataList rows={e.attempts} columns={attemptColumns} rowKey={(a) => String(a.attempt)} testId="webhook-attempts" />
            )}
          </article>
        ))}
      </section>
    </>
  );
}
