import { when } from "@/app/_dashboard/format";
import { HttpStatus } from "@/app/_dashboard/http-status";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { requestLogMessages } from "@/lib/dashboard/i18n-request-log";
import { formatRequestLogCursor, listApiRequests, METHODS, parseRequestLogCursor, pickRequestLogFilters, STATUS_CLASSES } from "@/lib/request-log/list-api-requests";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The API request log (issue 18), for developers and owners: the environment's requests of the
 * last 7 days, newest first, filtered by a plain GET form (works without JavaScript; the filters
 * live in the URL), keyset paging by an "older" link.
 */
export default async function RequestLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("requests");
  const locale = await currentLocale();
  const t = requestLogMessages(locale);
  const sp = await searchParams;
  const filters = pickRequestLogFilters(sp);
  const before = parseRequestLogCursor(sp.before);
  const { rows, next } = await listApiRequests(scope, filters, { before });
  const filtered = Object.keys(filters).length > 0;
  const older = next ? new URLSearchParams({ ...filters, before: formatRequestLogCursor(next) }) : null;
  const newest = before ? new URLSearchParams({ ...filters }) : null;
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <form method="get" className="filters" aria-label={t.filter} data-testid="request-log-filters">
        <label>
          {t.status}
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t.anyStatus}</option>
            {STATUS_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t.statusClass[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.method}
          <select name="method" defaultValue={filters.method ?? ""}>
            <option value="">{t.anyMethod}</option>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t.path}
          <input name="path" defaultValue={filters.path ?? ""} placeholder={t.pathHint} autoCapitalize="off" spellCheck={false} />
        </label>
        <label>
          {t.requestId}
          <input name="requestId" defaultValue={filters.requestId ?? ""} placeholder="req_…" autoCapitalize="off" spellCheck={false} />
        </label>
        <div className="row">
          <button className="btn" type="submit">
            {t.filter}
          </button>
          <a className="btn btn-ghost" href="/dashboard/requests">
            {t.reset}
          </a>
        </div>
      </form>
      {rows.length === 0 ? (
        <p data-testid="request-log-empty">{filtered || before ? t.none : t.empty}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="request-log">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.method}</th>
                <th scope="col">{t.pathColumn}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="num">
                  {t.duration}
                </th>
                <th scope="col">{t.requestId}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="request-log-row">
                  <td>{when(r.createdAt, locale)}</td>
                  <td>
                    <code>{r.method}</code>
                  </td>
                  <td className="wrap">
                    <a href={`/dashboard/requests/${r.id}`}>
                      <code>{r.path}</code>
                    </a>
                  </td>
                  <td>
                    <HttpStatus status={r.status} />
                    {r.errorCode ? (
                      <>
                        {" "}
                        <code>{r.errorCode}</code>
                      </>
                    ) : null}
                    {r.replayed ? <span className="muted"> ({t.replayed})</span> : null}
                  </td>
                  <td className="num">{r.durationMs} ms</td>
                  <td>
                    <code>{r.requestId}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {older || newest ? (
        <nav aria-label="Pagination" className="row pagination">
          {newest ? (
            <a className="btn btn-ghost" href={`/dashboard/requests${newest.size ? `?${newest}` : ""}`}>
              {t.newest}
            </a>
          ) : null}
          {older ? (
            <a className="btn btn-ghost" href={`/dashboard/requests?${older}`} rel="next">
              {t.older} →
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
