import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { providerLabel } from "@/lib/dashboard/i18n-labels";
import type { ListedTransaction, PaymentView } from "@/lib/dashboard/payments";
import { transactionHref } from "@/lib/dashboard/transaction-href";
import { MOBILE_MONEY_CODES } from "@/lib/reference/provider-codes";
import { DataList, FilterDisclosure, type DataColumn } from "./data-list";
import { FilterErrors, filterErrorText } from "./filter-errors";
import { formatMajor, when } from "./format";

/**
 * What the payments and payouts lists share: one GET form (the filters live in the URL and
 * survive reload and sharing) with the search box in view and the other filters behind "Filter",
 * its error summary and result count, the list (cards on a phone, data-list.tsx) and the
 * pagination that keeps the filters.
 */
type Filters = Record<string, string>;

/** Collections, payouts or both: links, so the choice is in the URL like every filter. */
export function ViewSwitch({ basePath, filters, view, locale }: { basePath: string; filters: Filters; view: PaymentView; locale: Locale }) {
  const l = listMessages(locale);
  const href = (v: PaymentView) => {
    const { page: _page, view: _view, status: _status, ...rest } = filters;
    const query = new URLSearchParams(v === "collect" ? rest : { ...rest, view: v });
    return query.size ? `${basePath}?${query}` : basePath;
  };
  return (
    <nav aria-label={l.views.label}>
      <ul className="view-switch" data-testid="view-switch">
        {(["collect", "payout", "all"] as const).map((v) => (
          <li key={v}>
            <a href={href(v)} aria-current={v === view ? "page" : undefined}>
              {l.views[v]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TransactionFilters(props: {
  basePath: string;
  filters: Filters;
  fieldErrors: Record<string, string>;
  statuses: readonly string[];
  total: number;
  /** The list counted up to its cap only (DASHBOARD_COUNT_UP_TO): "10000+" rather than a number it did not count. */
  totalIsLowerBound?: boolean;
  /** Collect payments can be filtered by operator; payouts are filtered by status and dates. */
  withProvider: boolean;
  locale: Locale;
  m: Messages;
}) {
  const { basePath, filters, fieldErrors, statuses, total, totalIsLowerBound, withProvider, locale, m } = props;
  const l = listMessages(locale);
  const labels: Record<string, string> = { q: l.search.label, status: m.payments.status, provider: m.payments.provider, startDate: m.payments.from, endDate: m.payments.to, externalReference: m.payments.reference, page: m.payments.page };
  const described = (name: string) => (fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": `f-${name}-error` } : {});
  const err = (name: string) =>
    fieldErrors[name] ? (
      <span className="field-error" id={`f-${name}-error`}>
        {filterErrorText(name, fieldErrors[name], locale)}
      </span>
    ) : null;
  const narrowing = ["status", "provider", "startDate", "endDate", "externalReference"].filter((k) => filters[k]);
  return (
    <>
      <form method="get" className="stack" aria-label={m.payments.filter} role="search">
        {filters.view ? <input type="hidden" name="view" value={filters.view} /> : null}
        <div className="search-form">
          <label>
            {l.search.label}
            <input name="q" type="search" defaultValue={filters.q ?? ""} placeholder={l.search.placeholder} maxLength={100} autoComplete="off" aria-describedby="f-q-help" {...described("q")} />
            {err("q")}
          </label>
          <button className="btn" type="submit">
            {l.search.submit}
          </button>
          {Object.keys(filters).some((k) => k !== "view") ? (
            <a className="btn btn-ghost" href={filters.view ? `${basePath}?view=${filters.view}` : basePath}>
              {m.payments.reset}
            </a>
          ) : null}
        </div>
        <p className="muted" id="f-q-help">
          {l.search.help}
        </p>
        <FilterDisclosure label={m.payments.filter} active={narrowing.length} open={narrowing.length > 0 || Object.keys(fieldErrors).some((k) => k !== "q")}>
          <div className="filters">
            <label>
              {m.payments.status}
              <select name="status" defaultValue={filters.status ?? ""} {...described("status")}>
                <option value="">{m.payments.any}</option>
                {statuses.map((s) => (
                  <option key={s} value={s}>
                    {m.status[s] ?? s}
                  </option>
                ))}
              </select>
              {err("status")}
            </label>
            {withProvider ? (
              <label>
                {m.payments.provider}
                <select name="provider" defaultValue={filters.provider ?? ""} {...described("provider")}>
                  <option value="">{m.payments.any}</option>
                  {MOBILE_MONEY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {providerLabel(code, locale)}
                    </option>
                  ))}
                </select>
                {err("provider")}
              </label>
            ) : null}
            <label>
              {m.payments.from}
              <input name="startDate" type="date" defaultValue={filters.startDate ?? ""} {...described("startDate")} />
              {err("startDate")}
            </label>
            <label>
              {m.payments.to}
              <input name="endDate" type="date" defaultValue={filters.endDate ?? ""} {...described("endDate")} />
              {err("endDate")}
            </label>
            <label>
              {m.payments.reference}
              <input name="externalReference" defaultValue={filters.externalReference ?? ""} {...described("externalReference")} />
              {err("externalReference")}
            </label>
            <div className="row">
              <button className="btn" type="submit">
                {m.payments.filter}
              </button>
            </div>
          </div>
        </FilterDisclosure>
      </form>
      <FilterErrors errors={fieldErrors} labels={labels} locale={locale} />
      <p className="muted" aria-live="polite" data-testid="list-count">
        {l.results(`${total}${totalIsLowerBound ? "+" : ""}`)}
      </p>
    </>
  );
}

export function Pagination({ basePath, filters, meta, m }: { basePath: string; filters: Filters; meta: { page: number; totalPages: number }; m: Messages }) {
  if (meta.totalPages <= 1) return null;
  const pageHref = (page: number) => `${basePath}?${new URLSearchParams({ ...filters, page: String(page) })}`;
  return (
    <nav aria-label={`${m.payments.page} ${meta.page} ${m.payments.of} ${meta.totalPages}`} className="row pagination">
      {meta.page > 1 ? (
        <a className="btn btn-ghost" href={pageHref(meta.page - 1)} rel="prev">
          {m.payments.previous}
        </a>
      ) : null}
      <span>
        {m.payments.page} {meta.page} {m.payments.of} {meta.totalPages}
      </span>
      {meta.page < meta.totalPages ? (
        <a className="btn btn-ghost" href={pageHref(meta.page + 1)} rel="next">
          {m.payments.next}
        </a>
      ) : null}
    </nav>
  );
}

/**
 * Payments and payouts as a list: amount and status first, then the customer (name and number),
 * the method, the reference and the local time; the id last. With `signed`, a collection reads
 * +10 000 FCFA and a payout −10 000 FCFA, so a mixed list cannot be misread.
 */
export function TransactionTable(props: { rows: ListedTransaction[]; emptyLabel: string; testId: string; signed: boolean; customerLabel: string; locale: Locale; m: Messages }) {
  const { rows, emptyLabel, testId, signed, customerLabel, locale, m } = props;
  const l = listMessages(locale);
  if (rows.length === 0) return <p>{emptyLabel}</p>;
  const amount = (p: ListedTransaction) => {
    const text = formatMajor(p.amount, p.currency, locale);
    return signed ? `${p.type === "payout" ? "−" : "+"}${text}` : text;
  };
  const columns: DataColumn<ListedTransaction>[] = [
    {
      label: m.payments.amount,
      role: "amount",
      numeric: true,
      cell: (p) => (
        <a href={transactionHref(p)} className={signed && p.type === "collect" && (p.status === "success" || p.status === "refunded") ? "amount-in" : undefined} data-testid="row-amount">
          {amount(p)}
        </a>
      ),
    },
    { label: m.payments.status, role: "status", cell: (p) => <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span> },
    {
      label: customerLabel,
      role: "title",
      userData: true,
      cell: (p) => (
        <span data-testid="row-customer">
          {p.customerName ?? (p.contact ? null : "—")}
          {p.customerName && p.contact ? " · " : null}
          {p.contact ? <span className="muted">{p.contact}</span> : null}
        </span>
      ),
    },
    ...(signed ? [{ label: l.columns.direction, cell: (p: ListedTransaction) => l.direction[p.type] }] : []),
    { label: l.columns.method, cell: (p) => providerLabel(p.provider, locale) },
    { label: m.payments.reference, wrap: true, userData: true, cell: (p) => p.externalReference ?? "—" },
    { label: l.columns.created, cell: (p) => when(p.createdAt, locale) },
    {
      label: l.columns.id,
      role: "id",
      cell: (p) => (
        <a href={transactionHref(p)} tabIndex={-1}>
          <code>{p.transactionId}</code>
        </a>
      ),
    },
  ];
  return <DataList rows={rows} columns={columns} rowKey={(p) => p.transactionId} testId={testId} rowTestId="transaction-row" />;
}
