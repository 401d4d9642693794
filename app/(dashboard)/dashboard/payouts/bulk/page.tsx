import { when } from "@/app/_dashboard/format";
import { can } from "@/lib/dashboard/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { listDashboardBulks } from "@/lib/dashboard/bulk-payouts";
import { messages } from "@/lib/dashboard/i18n";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function BulkPayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const b = m.bulk;
  const { data, meta, filters } = await listDashboardBulks(scope, await searchParams);
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payouts">← {m.payouts.title}</a>
      </p>
      <h1>{b.title}</h1>
      {can(scope.role, "money") ? (
        <p>
          <a className="btn" href="/dashboard/payouts/bulk/new">
            {b.new}
          </a>{" "}
          <a href="/dashboard/payouts/bulk/template.csv" download>
            {b.template}
          </a>
        </p>
      ) : null}
      {data.length === 0 ? (
        <p>{b.none}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="bulks-table">
            <thead>
              <tr>
                <th scope="col">{b.id}</th>
                <th scope="col">{b.status}</th>
                <th scope="col" className="num">{b.items}</th>
                <th scope="col" className="num">{b.accepted}</th>
                <th scope="col" className="num">{b.rejected}</th>
                <th scope="col">{b.progress}</th>
                <th scope="col">{b.created}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((bulk) => {
                const done = bulk.counts.success + bulk.counts.failed + bulk.counts.cancelled;
                return (
                  <tr key={bulk.bulkId}>
                    <td>
                      <a href={`/dashboard/payouts/bulk/${bulk.bulkId}`}>
                        <code>{bulk.bulkId}</code>
                      </a>
                    </td>
                    <td>{b.statuses[bulk.status] ?? bulk.status}</td>
                    <td className="num">{bulk.counts.total}</td>
                    <td className="num">{bulk.counts.accepted}</td>
                    <td className="num">{bulk.counts.rejected}</td>
                    <td>{b.final.replace("{done}", String(done)).replace("{total}", String(bulk.counts.accepted))}</td>
                    <td>{when(bulk.createdAt, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {meta.nextCursor ? (
        <p>
          <a href={`/dashboard/payouts/bulk?${new URLSearchParams({ ...(filters.status ? { status: filters.status } : {}), cursor: meta.nextCursor })}`}>{b.next} →</a>
        </p>
      ) : null}
    </div>
  );
}
