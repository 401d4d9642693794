import { formatDate, formatMajor } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { listDashboardPayouts, PAYOUT_STATUSES } from "@/lib/dashboard/payouts";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope();
  const locale = await currentLocale();
  const m = messages(locale);
  const sp = await searchParams;
  const { filters, fieldErrors, data, meta } = await listDashboardPayouts(scope, sp);
  const pageHref = (page: number) => {
    const q = new URLSearchParams({ ...filters, page: String(page) });
    return `/dashboard/payouts?${q.toString()}`;
  };
  const err = (name: string) =>
    fieldErrors[name] ? (
      <span className="field-error" id={`f-${name}-error`}>
        {fieldErrors[name]}
      </span>
    ) : null;
  return (
    <div className="stack">
      <h1>{m.payouts.title}</h1>
      <form method="get" className="filters" aria-label={m.payments.filter}>
        <label>
          {m.payments.status}
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{m.payments.any}</option>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {m.status[s] ?? s}
              </option>
            ))}
          </select>
          {err("status")}
        </label>
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
          <a className="btn btn-ghost" href="/dashboard/payouts">
            {m.payments.reset}
          </a>
        </div>
      </form>
      {Object.keys(fieldErrors).length > 0 ? (
        <p role="alert" className="error">
          {Object.entries(fieldErrors)
            .map(([k, v]) => `${k}: ${v}`)
            .join(" · ")}
        </p>
      ) : null}
      <p className="muted" aria-live="polite">
        {meta.total} {m.payments.results}
      </p>
      {data.length === 0 ? (
        <p>{m.payouts.none}</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="payouts-table">
            <thead>
              <tr>
                <th scope="col">{m.payouts.id}</th>
                <th scope="col">{m.payments.reference}</th>
                <th scope="col">{m.payments.status}</th>
                <th scope="col">{m.payments.provider}</th>
                <th scope="col">{m.payouts.recipient}</th>
                <th scope="col" className="num">
                  {m.payments.amount}
                </th>
                <th scope="col">{m.payments.created}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.transactionId}>
                  <td>
                    <a href={`/dashboard/payouts/${p.transactionId}`}>
                      <code>{p.transactionId}</code>
                    </a>
                  </td>
                  <td>{p.externalReference ?? "—"}</td>
                  <td>
                    <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span>
                  </td>
                  <td>{p.provider ?? "—"}</td>
                  <td>{p.customerName ?? "—"}</td>
                  <td className="num">{formatMajor(p.amount, p.currency, locale)}</td>
                  <td>{formatDate(p.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {meta.totalPages > 1 ? (
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
      ) : null}
    </div>
  );
}
