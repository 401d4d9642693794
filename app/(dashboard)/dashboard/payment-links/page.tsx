import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { formatMajor, when } from "@/app/_dashboard/format";
import { listDashboardPaymentLinks } from "@/lib/dashboard/payment-links";
import { paymentLinkMessages } from "@/lib/dashboard/i18n-payment-links";
import { can } from "@/lib/identity/roles";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * Payment links: one card per link (amount and status first, then what it brought in), newest
 * first, 20 a page. Cards rather than a table, so the list reads on a 375 px phone.
 */
export default async function PaymentLinksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const t = paymentLinkMessages(locale);
  const { data, meta } = await listDashboardPaymentLinks(scope, await searchParams);
  const canCreate = can(scope.role, "money");
  return (
    <div className="stack">
      <div className="pl-head">
        <h1>{t.title}</h1>
        {canCreate ? (
          <a className="btn" href="/dashboard/payment-links/new" data-testid="new-payment-link">
            {t.new}
          </a>
        ) : null}
      </div>
      <p className="muted">{t.intro}</p>
      {data.length === 0 ? (
        <p className="panel" data-testid="payment-links-empty">
          {t.none}
        </p>
      ) : (
        <ul className="pl-cards" data-testid="payment-links">
          {data.map((link) => (
            <li key={link.id} className="pl-card" data-testid="payment-link-card">
              <div className="row space-between">
                <h2>
                  <a href={`/dashboard/payment-links/${link.id}`}>{link.title}</a>
                </h2>
                <span className={`status status-${link.status}`}>{t.statuses[link.status]}</span>
              </div>
              <p className="pl-amount">
                {link.amount !== null
                  ? formatMajor(link.amount, link.currency, locale)
                  : link.minAmount !== null && link.maxAmount !== null
                    ? `${t.customerChooses} · ${t.between(formatMajor(link.minAmount, link.currency, locale), formatMajor(link.maxAmount, link.currency, locale))}`
                    : t.customerChooses}
              </p>
              <p className="pl-totals" data-testid="payment-link-totals">
                {t.paid(link.paymentsCount)} · {formatMajor(link.amountCollected, link.currency, locale)} {t.collected}
              </p>
              <p className="pl-url">/pay/{link.slug}</p>
              <p className="muted">
                {t.created} {when(link.createdAt, locale)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {meta.totalPages > 1 ? (
        <nav className="row pagination" aria-label={t.title}>
          {meta.page > 1 ? (
            <a className="btn btn-ghost" href={`/dashboard/payment-links?page=${meta.page - 1}`}>
              {t.previous}
            </a>
          ) : null}
          <span>
            {meta.page} / {meta.totalPages}
          </span>
          {meta.page < meta.totalPages ? (
            <a className="btn btn-ghost" href={`/dashboard/payment-links?page=${meta.page + 1}`}>
              {t.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
