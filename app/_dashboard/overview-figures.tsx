import "@/app/_dashboard/money.css";
import type { Locale } from "@/lib/dashboard/i18n";
import { messages } from "@/lib/dashboard/i18n";
import { fill, moneyMessages } from "@/lib/dashboard/i18n-money";
import type { CurrencyVolume } from "@/lib/dashboard/overview";
import { collectedFigures, recentPayments, successRate, waitingPayouts } from "@/lib/dashboard/overview-figures";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { formatAmount, formatDate, when } from "./format";

/**
 * The overview's first screen on a phone: what came in (today, 7 and 30 days per currency), how
 * many payments succeed, what waits (approvals, reviews), the latest payments; dates in the
 * member's zone and language.
 */
export async function OverviewFigures({ scope, volume, locale, canSend }: { scope: DashboardScope; volume: CurrencyVolume[]; locale: Locale; canSend: boolean }) {
  const t = moneyMessages(locale).overview;
  const m = messages(locale);
  const [rate, recent, waiting] = await Promise.all([successRate(scope), recentPayments(scope), waitingPayouts(scope)]);
  const figures = collectedFigures(volume).filter((f) => f.month > 0n);
  const count = (n: number) => (n === 1 ? t.countOne : fill(t.count, { n }));
  // One decimal, rounded, in the member's language ("97,5" in French).
  const tenths = rate.finished === 0 ? null : Math.round((rate.succeeded * 1000) / rate.finished);
  const percent = tenths === null ? null : tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}${locale === "fr" ? "," : "."}${tenths % 10}`;
  return (
    <>
      {canSend ? (
        <nav aria-label={t.actions} className="row">
          <a className="btn" href="/dashboard/payouts/new" data-testid="overview-send-money">
            {t.sendMoney}
          </a>
          <a className="btn btn-ghost" href="/dashboard/payment-links/new">
            {t.newLink}
          </a>
        </nav>
      ) : null}
      <section aria-labelledby="collected-title" className="stack" data-testid="overview-collected">
        <h2 id="collected-title">{t.collected}</h2>
        {figures.length === 0 ? <p className="muted">{t.noCollected}</p> : null}
        <ul className="money-figures">
          {figures.map((f) => (
            <li key={f.currency} className="money-figure" data-testid={`collected-${f.currency}`}>
              <span className="muted">{t.today}</span>
              <span className="big" data-testid={`collected-today-${f.currency}`}>
                {formatAmount(f.today, f.currency, locale)}
              </span>
              <span className="muted">{count(f.todayCount)}</span>
              <span>{fill(t.periodLine, { period: t.week, amount: formatAmount(f.week, f.currency, locale), count: count(f.weekCount) })}</span>
              <span>{fill(t.periodLine, { period: t.month, amount: formatAmount(f.month, f.currency, locale), count: count(f.monthCount) })}</span>
            </li>
          ))}
          <li className="money-figure" data-testid="success-rate">
            <span className="muted">{t.rate}</span>
            {percent === null ? (
              <span>{t.noRate}</span>
            ) : (
              <>
                <span className="big">{percent} %</span>
                <span className="muted">{fill(rate.capped ? t.rateCapped : t.rateLine, { rate: percent, n: rate.finished })}</span>
              </>
            )}
          </li>
        </ul>
        {figures.length > 0 ? <p className="help">{t.daysNote}</p> : null}
      </section>
      <section aria-labelledby="waiting-title" className="stack" data-testid="overview-waiting">
        <h2 id="waiting-title">{t.waiting}</h2>
        {waiting.approvals.count === 0 && waiting.inReview.count === 0 ? <p className="muted">{t.nothingWaiting}</p> : null}
        {waiting.approvals.count > 0 ? (
          <p>
            <a href="/dashboard/approvals" data-testid="overview-approvals">
              {waiting.approvals.count === 1 ? t.approvalsOne : fill(t.approvals, { n: waiting.approvals.count })}
            </a>
            {" · "}
            {waiting.approvals.first
              .map((a) => `${a.totals.map((x) => formatAmount(x.amount, x.currency, locale)).join(" + ")} (${fill(t.since, { date: formatDate(a.createdAt, locale) })})`)
              .join(" · ")}
          </p>
        ) : null}
        {waiting.inReview.count > 0 ? (
          <p data-testid="overview-in-review">
            {waiting.inReview.count === 1 ? t.reviewOne : fill(t.review, { n: waiting.inReview.count })}
            {" · "}
            {waiting.inReview.first.map((r, i) => (
              <span key={r.id}>
                {i > 0 ? " · " : ""}
                <a href={`/dashboard/payouts/${encodeURIComponent(r.id)}`}>{fill(t.since, { date: formatDate(r.since, locale) })}</a>
              </span>
            ))}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="recent-title" className="stack" data-testid="overview-recent">
        <h2 id="recent-title">{t.recent}</h2>
        {recent.length === 0 ? <p className="muted">{t.noRecent}</p> : null}
        <ul className="money-list">
          {recent.map((p) => (
            <li key={p.id}>
              <a href={`/dashboard/payments/${encodeURIComponent(p.id)}`}>{p.customer ?? p.provider ?? m.payment.title}</a>
              <span className="amount">{formatAmount(p.amount, p.currency, locale)}</span>
              <span className="meta">
                <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span> {p.provider && p.customer ? `· ${p.provider} ` : ""}· {when(p.createdAt, locale)}
              </span>
            </li>
          ))}
        </ul>
        {recent.length > 0 ? (
          <p>
            <a href="/dashboard/payments">{t.allPayments}</a>
          </p>
        ) : null}
      </section>
    </>
  );
}
