import type { listTransactions } from "@/lib/payments/list-transactions";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { transactionHref } from "@/lib/dashboard/transaction-href";
import { formatMajor, when } from "./format";
import { FilterErrors } from "./filter-errors";

/**
 * What the payments and payouts lists share: the filter form (a plain GET form, so the
 * filters live in the URL and survive reload and sharing), its error summary and result count,
 * the table (the API's transaction list rows; payouts add the recipient) and the pagination
 * that keeps the filters.
 */
type Filters = Record<string, string>;

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
  m: Messages;
}) {
  const { basePath, filters, fieldErrors, statuses, total, totalIsLowerBound, withProvider, m } = props;
  const err = (name: string) =>
    fieldErrors[name] ? (
      <span className="field-error" id={`f-${name}-error`}>
        {fieldErrors[name]}
      </span>
    ) : null;
  return (
    <>
      <form method="get" className="filters" aria-label={m.payments.filter}>
        <label>
          {m.payments.status}
          <select name="status" defaultValue={filters.status ?? ""}>
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
            <input name="provider" defaultValue={filters.provider ?? ""} placeholder="orange, wave…" />
            {err("provider")}
          </label>
        ) : null}
        <label>
          {m.payments.from}
          <input name="startDate" type="date" defaultValue={filters.startDate ?? ""} aria-describedby="f-startDate-error" />
          {err("startDate")}
        </label>
        <label>
          {m.payments.to}
          <input name="endDate" type="date" defaultValue={filters.endDate ?? ""} aria-describedby="f-endDate-error" />
          {err("endDate")}
        </label>
        <label>
          {m.payments.reference}
          <input name="externalReference" defaultValue={filters.externalReference ?? ""} />
          {err("externalReference")}
        </label>
        <div className="row">
          <button className="btn" type="submit">
            {m.payments.filter}
          </button>
          <a className="btn btn-ghost" href={basePath}>
            {m.payments.reset}
          </a>
        </div>
      </form>
      <FilterErrors errors={fieldErrors} />
      <p className="muted" aria-live="polite">
        {total}
        {totalIsLowerBound ? "+" : ""} {m.payments.results}
      </p>
    </>
  );
}

export function Pagination({ basePath, filters, meta, m }: { basePath: string; filters: Filters; meta: { page: number; totalPages: number }; m: Messages }) {
  if (meta.totalPages <= 1) return null;
  const pageHref = (page: number) => `${basePath}?${new URLSearchParams({ ...filters, page: String(page) })}`;
  return (
    <nav aria-label="Pagination" className="row pagination">
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

type TransactionRow = Awaited<ReturnType<typeof listTransactions>>["data"][number];

export function TransactionTable(props: {
  rows: TransactionRow[];
  idLabel: string;
  emptyLabel: string;
  testId: string;
  withRecipient: boolean;
  locale: Locale;
  m: Messages;
}) {
  const { rows, idLabel, emptyLabel, testId, withRecipient, locale, m } = props;
  if (rows.length === 0) return <p>{emptyLabel}</p>;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{idLabel}</th>
            <th scope="col">{m.payments.reference}</th>
            <th scope="col">{m.payments.status}</th>
            <th scope="col">{m.payments.provider}</th>
            {withRecipient ? <th scope="col">{m.payouts.recipient}</th> : null}
            <th scope="col" className="num">
              {m.payments.amount}
            </th>
            <th scope="col">{m.payments.created}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.transactionId}>
              <td>
                <a href={transactionHref(p)}>
                  <code>{p.transactionId}</code>
                </a>
              </td>
              <td>{p.externalReference ?? "—"}</td>
              <td>
                <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span>
              </td>
              <td>{p.provider ?? "—"}</td>
              {withRecipient ? <td>{p.customerName ?? "—"}</td> : null}
              <td className="num">{formatMajor(p.amount, p.currency, locale)}</td>
              <td>{when(p.createdAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
