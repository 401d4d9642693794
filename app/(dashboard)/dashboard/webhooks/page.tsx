import { enableWebhookEndpointAction, resendWebhookAction, revealWebhookSecretAction, rotateWebhookSecretAction, saveWebhookUrlAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { WebhookSecret } from "@/app/_dashboard/client/webhook-secret";
import { formatDate, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { getWebhooksPage } from "@/lib/dashboard/webhooks";
import { webhookConfig } from "@/lib/webhooks/webhook-config";
import { DataList, type DataColumn } from "@/app/_dashboard/data-list";
import { eventLabel, deliveryError } from "@/lib/dashboard/i18n-labels";
import { transactionHref } from "@/lib/dashboard/transaction-href";

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const scope = await requireScope("webhooks");
  const locale = await currentLocale();
  const m = messages(locale);
  const w = m.webhooks;
  const o = onboardingMessages(locale);
  const sp = await searchParams;
  const view = await getWebhooksPage(scope, sp.page);
  const endpoint = view.endpoint;
  type EventRow = (typeof view.events)[number];
  const eventColumns: DataColumn<EventRow>[] = [
    {
      label: w.event,
      role: "title",
      cell: (e) => (
        <>
          {eventLabel(e.type, locale)} <code className="muted code-name">{e.type}</code>
        </>
      ),
    },
    { label: m.payments.status, role: "status", cell: (e) => <span className={`status status-${e.status}`}>{m.status[e.status] ?? e.status}</span> },
    { label: w.transaction, cell: (e) => (e.transactionId ? <a href={transactionHref({ transactionId: e.transactionId, type: e.transactionId.startsWith("po_") ? "payout" : "collect" })}><code>{e.transactionId}</code></a> : "—") },
    { label: m.payments.created, cell: (e) => when(e.createdAt, locale) },
    { label: w.attempts, numeric: true, cell: (e) => e.attemptCount },
    {
      label: w.lastStatus,
      cell: (e) => {
        const last = e.attempts.at(-1);
        return last ? (last.statusCode ?? deliveryError(last.error, locale)) : "—";
      },
    },
    { label: w.duration, numeric: true, cell: (e) => (e.attempts.at(-1) ? `${e.attempts.at(-1)!.durationMs} ms` : "—") },
    { label: w.eventId, role: "id", cell: (e) => <code>{e.id}</code> },
    {
      label: w.resend,
      role: "action",
      hiddenLabel: true,
      cell: (e) => (
        <ActionForm action={resendWebhookAction} submit={w.resend} success="✓" className="row" tone="secondary">
          <input type="hidden" name="eventId" value={e.id} />
        </ActionForm>
      ),
    },
  ];
  return (
    <div className="stack">
      <h1>{w.title}</h1>
      <section aria-labelledby="url-title" className="panel stack">
        <h2 id="url-title">{w.url}</h2>
        <p className="muted">{w.urlHelp}</p>
        <p data-testid="webhook-state">
          {w.state}: {endpoint.status === "enabled" ? w.enabled : endpoint.status === "disabled" ? w.disabled : w.notConfigured}
        </p>
        <ActionForm action={saveWebhookUrlAction} submit={w.save} success={w.saved} testId="webhook-url-form">
          <label>
            URL
            <input name="url" type="url" inputMode="url" defaultValue={endpoint.url ?? ""} placeholder="https://example.com/webhooks" />
          </label>
        </ActionForm>
        {endpoint.status === "disabled" ? (
          <ActionForm action={enableWebhookEndpointAction} submit={w.enable} success={w.saved}>
            <span />
          </ActionForm>
        ) : null}
      </section>

      <section aria-labelledby="secret-title" className="panel stack">
        <h2 id="secret-title">{w.secret}</h2>
        {endpoint.previousSecretValidUntil ? (
          <p className="muted">
            {w.previousUntil} {when(endpoint.previousSecretValidUntil, locale)}
          </p>
        ) : null}
        <WebhookSecret
          shownAt={endpoint.secretShownAt ? formatDate(endpoint.secretShownAt, locale) : null}
          reveal={revealWebhookSecretAction}
          rotate={rotateWebhookSecretAction}
          labels={{
            secret: w.secret,
            reveal: w.reveal,
            rotate: w.rotate,
            rotateConfirm: w.rotateConfirm.replace("{hours}", String(webhookConfig.secretGraceHours())),
            confirm: w.confirm,
            cancel: w.cancel,
            newSecret: w.newSecret,
            previousUntil: w.previousUntil,
            alreadyShown: w.alreadyShown,
            copy: m.copy,
            copied: m.copied,
          }}
        />
      </section>

      <section aria-labelledby="log-title" className="stack">
        <h2 id="log-title">{w.log}</h2>
        {view.events.length === 0 ? (
          <div className="stack" data-testid="webhooks-empty">
            <p>{o.webhooks.none}</p>
            <p>
              {o.webhooks.next} <a href="/dashboard/payments">{o.webhooks.paymentsLink}</a>
            </p>
            <p>
              <a href="/docs/webhooks">{o.webhooks.docsLink}</a>
            </p>
          </div>
        ) : (
          <DataList rows={view.events} columns={eventColumns} rowKey={(e) => e.id} testId="webhook-log" />
        )}
        {view.totalPages > 1 ? (
          <nav aria-label="Pagination" className="row pagination">
            {view.page > 1 ? (
              <a className="btn btn-ghost" href={`/dashboard/webhooks?page=${view.page - 1}`}>
                {m.payments.previous}
              </a>
            ) : null}
            <span>
              {m.payments.page} {view.page} {m.payments.of} {view.totalPages}
            </span>
            {view.page < view.totalPages ? (
              <a className="btn btn-ghost" href={`/dashboard/webhooks?page=${view.page + 1}`}>
                {m.payments.next}
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
