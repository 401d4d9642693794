import { notFound } from "next/navigation";
import { CopyButton } from "@/app/_dashboard/client/copy-button";
import { providerLabel } from "@/lib/dashboard/i18n-labels";
import { DeactivateLinkForm } from "@/app/_dashboard/client/deactivate-link-form";
import { formatDate, formatMajor, when } from "@/app/_dashboard/format";
import { deactivatePaymentLinkAction } from "@/app/_dashboard/payment-link-actions";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { paymentLinkMessages } from "@/lib/dashboard/i18n-payment-links";
import { getDashboardPaymentLink } from "@/lib/dashboard/payment-links";
import { can } from "@/lib/identity/roles";
import { transactionHref } from "@/lib/dashboard/transaction-href";

/**
 * One payment link: share it first (the link to copy, WhatsApp and SMS, the QR code to download
 * or print), then what it brought in and its payments, then its settings; deactivation last,
 * behind a confirmation and styled as the destructive action it is. Everything works without
 * JavaScript except the copy button (the link stays selectable in its field).
 */
export default async function PaymentLinkPage({ params }: { params: Promise<{ id: string }> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const t = paymentLinkMessages(locale);
  const d = t.detail;
  const m = messages(locale);
  const found = await getDashboardPaymentLink(scope, (await params).id);
  if (!found) notFound();
  const { link, payments } = found;
  const canManage = can(scope.role, "money");
  const shareText = d.shareText(link.title, link.url);
  const money = (amount: number) => formatMajor(amount, link.currency, locale);
  const region = new Intl.DisplayNames([locale], { type: "region" });
  const asks = [
    ...(["name", "phone", "email"] as const).filter((f) => link.collect[f] !== "off").map((f) => `${t.create[f]} (${t.create.modes[link.collect[f]].toLowerCase()})`),
    ...(link.collect.customField ? [`${link.collect.customField.label} (${t.create.modes[link.collect.customField.required ? "required" : "optional"].toLowerCase()})`] : []),
  ];
  const qrPath = `/pay/${link.slug}/qr`;
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payment-links">← {t.back}</a>
      </p>
      <div className="pl-head">
        <h1 data-testid="payment-link-title">{link.title}</h1>
        <span className={`status status-${link.status}`} data-testid="payment-link-status">
          {t.statuses[link.status]}
        </span>
      </div>
      <p className="pl-amount">{link.amount !== null ? money(link.amount) : t.customerChooses}</p>
      {link.status === "deactivated" && found.deactivatedAt ? <p className="warning">{d.deactivated.replace("{date}", formatDate(found.deactivatedAt, locale))}</p> : null}
      {link.status === "expired" && found.expiresAt ? <p className="warning">{d.expired.replace("{date}", formatDate(found.expiresAt, locale))}</p> : null}
      {link.status === "completed" ? <p className="warning">{d.completed}</p> : null}

      <section className="panel stack" aria-labelledby="pl-share-title">
        <h2 id="pl-share-title">{d.share}</h2>
        <div className="pl-share">
          <div className="stack">
            <label htmlFor="pl-url">{d.link}</label>
            <div className="pl-url-field">
              <input id="pl-url" readOnly value={link.url} data-testid="payment-link-url" />
              <CopyButton value={link.url} label={d.copy} copiedLabel={d.copied} />
            </div>
            <div className="pl-actions">
              <a className="btn" href={`https://wa.me/?text=${encodeURIComponent(shareText)}`} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
                {d.whatsapp}
              </a>
              <a className="btn btn-ghost" href={`sms:?&body=${encodeURIComponent(shareText)}`} data-testid="share-sms">
                {d.sms}
              </a>
              <a className="btn btn-ghost" href={link.url} target="_blank" rel="noopener" data-testid="open-link">
                {d.open}
              </a>
            </div>
          </div>
          <div className="pl-qr">
            <h3>{d.qr}</h3>
            <img src={`${qrPath}.svg`} alt={d.qrAlt} width={192} height={192} data-testid="payment-link-qr" />
            <p className="muted">{d.qrHelp}</p>
            <a href={`${qrPath}.png?download=1`} download={`${link.slug}.png`} data-testid="qr-png">
              {d.downloadPng}
            </a>
            <a href={`${qrPath}.svg?download=1`} download={`${link.slug}.svg`}>
              {d.downloadSvg}
            </a>
          </div>
        </div>
      </section>

      <section className="stack" aria-labelledby="pl-totals-title">
        <h2 id="pl-totals-title">{d.totals}</h2>
        <dl className="facts" data-testid="payment-link-detail-totals">
          <dt>{d.paidCount}</dt>
          <dd>{link.paymentsCount}</dd>
          <dt>{d.amountCollected}</dt>
          <dd>{money(link.amountCollected)}</dd>
        </dl>
      </section>

      <section className="stack" aria-labelledby="pl-payments-title">
        <div className="pl-head">
          <h2 id="pl-payments-title">{d.payments}</h2>
          {canManage && payments.data.length > 0 ? (
            <a className="btn btn-ghost btn-small" href={`/dashboard/payments/export?paymentLinkId=${link.id}`} download>
              {d.exportCsv}
            </a>
          ) : null}
        </div>
        {payments.data.length === 0 ? (
          <p className="muted">{d.noPayments}</p>
        ) : (
          <ul className="pl-payments" data-testid="payment-link-payments">
            {payments.data.map((p) => (
              <li key={p.transactionId}>
                <a className="pl-pay-amount" href={transactionHref(p)}>
                  {money(p.amount)}
                </a>
                <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span>
                <span className="pl-pay-meta">
                  {p.customerName ? `${p.customerName} · ` : ""}
                  {when(p.createdAt, locale)} · <code>{p.transactionId}</code>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="stack" aria-labelledby="pl-details-title">
        <h2 id="pl-details-title">{d.details}</h2>
        <dl className="facts">
          <dt>{d.amount}</dt>
          <dd>{link.amount !== null ? money(link.amount) : link.minAmount !== null || link.maxAmount !== null ? `${t.customerChooses} (${link.minAmount !== null ? money(link.minAmount) : "…"} – ${link.maxAmount !== null ? money(link.maxAmount) : "…"})` : t.customerChooses}</dd>
          <dt>{d.countries}</dt>
          <dd>{link.countries.map((c) => region.of(c) ?? c).join(", ")}</dd>
          <dt>{d.methods}</dt>
          <dd>{link.methods.length > 0 ? link.methods.map((code) => providerLabel(code, locale)).join(", ") : d.allMethods}</dd>
          <dt>{d.asks}</dt>
          <dd>{asks.length > 0 ? asks.join(", ") : d.nothing}</dd>
          <dt>{d.expiresAt}</dt>
          <dd>{link.expiresAt ? when(link.expiresAt, locale) : "—"}</dd>
          <dt>{d.maxPayments}</dt>
          <dd>{link.maxPayments ?? d.noLimit}</dd>
          <dt>{t.created}</dt>
          <dd>{when(link.createdAt, locale)}</dd>
        </dl>
      </section>

      {canManage && link.status !== "deactivated" ? (
        <details className="pl-danger" data-testid="deactivate">
          <summary className="btn btn-danger-outline">{d.deactivate}</summary>
          <div className="stack">
            <p>{d.deactivateWarning}</p>
            <DeactivateLinkForm action={deactivatePaymentLinkAction} paymentLinkId={link.id} label={d.deactivateConfirm} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
