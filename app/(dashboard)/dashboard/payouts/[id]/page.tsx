import { notFound } from "next/navigation";
import { can } from "@/lib/identity/roles";
import { ProviderTimeline } from "@/app/_dashboard/provider-timeline";
import { TransactionHistory } from "@/app/_dashboard/transaction-history";
import { Fragment, type ReactNode } from "react";
import { cancelPayoutAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { formatAmount, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { getDashboardPayout } from "@/lib/dashboard/payouts";
import type { Locale } from "@/lib/dashboard/i18n";
import { countryName, failureLabel, fieldLabel, fieldValue, methodLabel, payoutTypeLabel, providerLabel, purposeLabel, queuedReasonLabel } from "@/lib/dashboard/i18n-labels";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { moneyMessages } from "@/lib/dashboard/i18n-money";

type Json = Record<string, unknown>;

/** A beneficiary part (recipient, wallet, bank account, sender) as a nested list of its populated fields, each in words. */
function JsonFacts({ value, locale, field = "", testId }: { value: unknown; locale: Locale; field?: string; testId?: string }): ReactNode {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") {
    const shown = fieldValue(field, String(value), locale);
    // A value in words (a country, an operator) is the page's; anything else is what the merchant sent.
    return shown === String(value) ? <span translate="no">{shown}</span> : shown;
  }
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" ? "…" : String(v))).join(", ");
  const entries = Object.entries(value as Json).filter(([, v]) => v !== null && v !== undefined && v !== "");
  return (
    <dl className="facts" data-testid={testId}>
      {entries.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{fieldLabel(k, locale)}</dt>
          <dd>
            <JsonFacts value={v} field={k} locale={locale} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The sender without the identity document number (type and issuing country are enough here). */
function senderForView(sender: unknown): unknown {
  if (!sender || typeof sender !== "object") return sender;
  const s = sender as Json;
  const identity = s.identity as Json | undefined;
  return identity ? { ...s, identity: { type: identity.type, issuingCountry: identity.issuingCountry, expiryDate: identity.expiryDate } } : s;
}

export default async function PayoutPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("view");
  const { id } = await params;
  const sp = await searchParams;
  const justCancelled = sp.cancelled === "1";
  const detail = await getDashboardPayout(scope, id);
  // Another merchant's payout, or one of the other environment, does not exist here.
  if (!detail) notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const { payout: p, quote: q, timeline, webhooks, providerCalls } = detail;
  const money = (minor: bigint, currency: string) => formatAmount(minor, currency, locale);
  const l = listMessages(locale);
  const recipient = (p.recipient ?? {}) as Json;
  const recipientName = typeof recipient.name === "string" ? recipient.name : [recipient.firstName, recipient.lastName].filter((x) => typeof x === "string").join(" ") || p.destination;
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payouts">← {m.payout.back}</a>
      </p>
      <header className="detail-head">
        <h1>
          <span data-testid="payout-amount">{money(p.amount, p.currency)}</span>
          <span className="detail-who">
            {" "}
            · {l.detail.to} <span translate="no">{recipientName}</span>
          </span>
        </h1>
        <p className="row">
          <span className={`status status-${p.status}`} data-testid="payout-status">
            {m.status[p.status] ?? p.status}
          </span>
          <span>{providerLabel(p.provider, locale)}</span>
          <span className="muted">{when(p.createdAt, locale)}</span>
        </p>
        <p className="muted">
          {l.detail.payoutId} <code data-testid="payout-id">{p.id}</code>
        </p>
      </header>
      {p.status === "pending" && p.awaitingApproval ? (
        <p className="warning" role="note" data-testid="payout-awaiting-approval">
          {moneyMessages(locale).send.awaiting} <a href="/dashboard/approvals">{moneyMessages(locale).approvals.open}</a>
        </p>
      ) : sp.sent === "1" ? (
        <p className="success" role="status" data-testid="payout-sent">
          {moneyMessages(locale).send.sent}
        </p>
      ) : null}
      <dl className="facts">
        <dt>{m.payments.reference}</dt>
        <dd translate="no">{p.externalReference ?? "—"}</dd>
        <dt>{m.payout.method}</dt>
        <dd>
          {methodLabel(p.method, locale)} · {providerLabel(p.provider, locale)}
        </dd>
        <dt>{m.payout.type}</dt>
        <dd>{payoutTypeLabel(p.type, locale)}</dd>
        <dt>{m.payout.country}</dt>
        <dd>{countryName(p.destinationCountry, locale)}</dd>
        {p.status === "pending" && p.queuedReason ? (
          <>
            <dt>{m.payout.queued}</dt>
            <dd data-testid="payout-queued">{queuedReasonLabel(p.queuedReason, locale)}</dd>
          </>
        ) : null}
        {p.providerReference ? (
          <>
            <dt>{m.payout.providerReference}</dt>
            <dd>
              <code>{p.providerReference}</code>
            </dd>
          </>
        ) : null}
        {p.description ? (
          <>
            <dt>{m.payout.description}</dt>
            <dd translate="no">{p.description}</dd>
          </>
        ) : null}
        <dt>{m.payments.created}</dt>
        <dd>{when(p.createdAt, locale)}</dd>
        {p.completedAt ? (
          <>
            <dt>{m.payout.completed}</dt>
            <dd>{when(p.completedAt, locale)}</dd>
          </>
        ) : null}
        {p.status === "reversed" && p.reversedAt ? (
          <>
            <dt>{m.payout.reversed}</dt>
            <dd data-testid="payout-reversed">
              {when(p.reversedAt, locale)}
              <br />
              <span className="muted">{m.payout.reversedHelp.replace("{amount}", money(p.debitAmount - p.fees, p.debitCurrency))}</span>
            </dd>
          </>
        ) : null}
        {p.errorCode ? (
          <>
            <dt>{m.payment.error}</dt>
            <dd data-testid="payout-error">
              {failureLabel(p.errorCode, locale)} <code className="muted">{p.errorCode}</code>
            </dd>
          </>
        ) : null}
      </dl>

      {justCancelled && p.status === "cancelled" ? (
        <p className="success" role="status" data-testid="payout-cancelled">
          {m.payout.cancelled}
        </p>
      ) : null}
      {p.status === "pending" && can(scope.role, "money") ? (
        <section aria-labelledby="cancel-title" className="panel stack">
          <h2 id="cancel-title">{m.payout.cancel}</h2>
          <p className="muted">{m.payout.cancelHelp}</p>
          <details className="confirm" data-testid="cancel-payout">
            <summary className="btn btn-danger-outline">{m.payout.cancel}…</summary>
            <ActionForm action={cancelPayoutAction} submit={m.payout.cancelConfirm} success={m.payout.cancelled} className="row" testId="cancel-payout-form" tone="danger">
              <input type="hidden" name="payoutId" value={p.id} />
            </ActionForm>
          </details>
        </section>
      ) : null}

      <section aria-labelledby="quote-title" className="stack">
        <h2 id="quote-title">{m.payout.quote}</h2>
        <dl className="facts" data-testid="payout-quote">
          <dt>{m.payout.amount}</dt>
          <dd>{money(p.amount, p.currency)}</dd>
          <dt>{m.payout.fees}</dt>
          <dd>{money(p.fees, p.feeCurrency)}</dd>
          {q ? (
            <>
              <dt>{m.payout.feesBilled}</dt>
              <dd>
                {money(q.feeBilledXof, "XOF")} ({m.payout.billedRate} XOF → {q.feeCurrency}: {q.feeBilledRate})
              </dd>
            </>
          ) : null}
          {p.destinationCurrency !== p.currency || p.international ? (
            <>
              <dt>{m.payout.destinationAmount}</dt>
              <dd>{money(p.destinationAmount, p.destinationCurrency)}</dd>
            </>
          ) : null}
          {q?.fxRate ? (
            <>
              <dt>{m.payout.fx}</dt>
              <dd data-testid="payout-fx">
                {m.payout.fxRate} {q.sourceCurrency} → {q.destinationCurrency}: {q.fxRate}
                {q.fxSpreadPercent ? ` (${m.payout.spread} ${q.fxSpreadPercent} %)` : ""}
              </dd>
            </>
          ) : p.fxRate && p.fxRate !== "1" ? (
            <>
              <dt>{m.payout.fx}</dt>
              <dd data-testid="payout-fx">
                {m.payout.fxRate} {p.currency} → {p.destinationCurrency}: {p.fxRate}
              </dd>
            </>
          ) : null}
          <dt>{m.payout.debit}</dt>
          <dd data-testid="payout-debit">
            {money(p.debitAmount, p.debitCurrency)} · {m.payout.conversionRate} {p.currency} → {p.debitCurrency}: {p.debitConversionRate}
          </dd>
          {q?.topUpFromCurrency && q.topUpSourceAmount !== null && q.topUpTargetAmount !== null ? (
            <>
              <dt>{m.payout.fxTopUp}</dt>
              <dd data-testid="payout-fx-topup">
                {m.payout.topUpFrom} {money(q.topUpSourceAmount, q.topUpFromCurrency)} → {money(q.topUpTargetAmount, q.totalDebitCurrency)} · {m.payout.fxRate}{" "}
                {q.topUpRate ?? "1"}
                {q.topUpSpreadPercent ? ` (${m.payout.spread} ${q.topUpSpreadPercent} %)` : ""}
                {q.topUpParity ? ` · ${m.payout.parity}` : ""}
              </dd>
            </>
          ) : null}
          {q && !q.internal ? (
            <>
              <dt>{m.payout.quoteId}</dt>
              <dd>
                <code>{q.id}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="beneficiary-title" className="stack">
        <h2 id="beneficiary-title">{m.payout.beneficiary}</h2>
        <dl className="facts" data-testid="payout-beneficiary">
          <dt>{m.payout.recipient}</dt>
          <dd>
            <JsonFacts value={p.recipient} locale={locale} testId="payout-recipient" />
          </dd>
          {p.mobileWallet ? (
            <>
              <dt>{m.payout.mobileWallet}</dt>
              <dd>
                <JsonFacts value={p.mobileWallet} locale={locale} />
                <span className="muted">{p.destination}</span>
              </dd>
            </>
          ) : null}
          {p.bankAccount ? (
            <>
              <dt>{m.payout.bankAccount}</dt>
              <dd>
                <JsonFacts value={p.bankAccount} locale={locale} />
              </dd>
            </>
          ) : null}
          {p.correspondentBank ? (
            <>
              <dt>{m.payout.correspondentBank}</dt>
              <dd>
                <JsonFacts value={p.correspondentBank} locale={locale} />
              </dd>
            </>
          ) : null}
          {p.sender ? (
            <>
              <dt>{m.payout.sender}</dt>
              <dd>
                <JsonFacts value={senderForView(p.sender)} locale={locale} />
              </dd>
            </>
          ) : null}
          {p.purpose ? (
            <>
              <dt>{m.payout.purpose}</dt>
              <dd>{purposeLabel(p.purpose, locale)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <TransactionHistory canResend={can(scope.role, "webhooks")} timeline={timeline} webhooks={webhooks} noWebhooks={m.payout.noWebhooks} locale={locale} m={m} />
      <ProviderTimeline calls={providerCalls} locale={locale} m={m} />
    </div>
  );
}
