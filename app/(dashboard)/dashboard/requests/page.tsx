import { when } from "@/app/_dashboard/format";
import { HttpStatus } from "@/app/_dashboard/http-status";
import { DataList, FilterDisclosure, type DataColumn } from "@/app/_dashboard/data-list";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { requestLogMessages } from "@/lib/dashboard/i18n-request-log";
import { formatRequestLogCursor, listApiRequests, METHODS, parseRequestLogCursor, pickRequestLogFilters, STATUS_CLASSES } from "@/lib/request-log/list-api-requests";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The API request log, for developers and owners: the environment's requests of the
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
  type Row = (typeof rows)[number];
  const columns: DataColumn<Row>[] = [
    {
      label: t.pathColumn,
      role: "title",
      wrap: true,
      cell: (r) => (
        <a href={`/dashboard/requests/${r.id}`}>
          <code className="code-name">{r.method}</code> <code>{r.path}</code>
        </a>
      ),
    },
    {
      label: t.status,
      role: "status",
      cell: (r) => (
        <>
          <HttpStatus status={r.status} />
          {r.errorCode ? (
            <>
              {" "}
              <code>{r.errorCode}</code>
            </>
          ) : null}
          {r.replayed ? <span className="muted"> ({t.replayed})</span> : null}
        </>
      ),
    },
    { label: t.when, cell: (r) => when(r.createdAt, locale) },
    { label: t.duration, numeric: true, cell: (r) => `${r.durationMs} ms` },
    { label: t.requestId, role: "id", cell: (r) => <code>{r.requestId}</code> },
  ];
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <FilterDisclosure label={t.filter} active={Object.keys(filters).length} open={filtered}>
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
      </FilterDisclosure>
      {rows.length === 0 ? (
        <p data-testid="request-log-empty">{filtered || before ? t.none : t.empty}</p>
      ) : (
        <DataList rows={rows} columns={columns} rowKey={(r) => r.id} testId="request-log" rowTestId="request-log-row" />
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
