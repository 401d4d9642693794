import { when } from "@/app/_dashboard/format";
import { can } from "@/lib/identity/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { listDashboardBulks } from "@/lib/dashboard/bulk-payouts";
import { messages } from "@/lib/dashboard/i18n";
import { DataList, type DataColumn } from "@/app/_dashboard/data-list";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function BulkPayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const b = m.bulk;
  const { data, meta, filters } = await listDashboardBulks(scope, await searchParams);
  type Bulk = (typeof data)[number];
  const columns: DataColumn<Bulk>[] = [
    {
      label: b.progress,
      role: "title",
      cell: (bulk) => (
        <a href={`/dashboard/payouts/bulk/${bulk.bulkId}`}>
          {b.final.replace("{done}", String(bulk.counts.success + bulk.counts.failed + bulk.counts.cancelled + bulk.counts.reversed)).replace("{total}", String(bulk.counts.accepted))}
        </a>
      ),
    },
    { label: b.status, role: "status", cell: (bulk) => <span className={`status status-${bulk.status === "completed" ? "success" : "processing"}`}>{b.statuses[bulk.status] ?? bulk.status}</span> },
    { label: b.created, cell: (bulk) => when(bulk.createdAt, locale) },
    { label: b.items, numeric: true, cell: (bulk) => bulk.counts.total },
    { label: b.accepted, numeric: true, cell: (bulk) => bulk.counts.accepted },
    { label: b.rejected, numeric: true, cell: (bulk) => bulk.counts.rejected },
    {
      label: b.id,
      role: "id",
      cell: (bulk) => (
        <a href={`/dashboard/payouts/bulk/${bulk.bulkId}`} tabIndex={-1}>
          <code>{bulk.bulkId}</code>
        </a>
      ),
    },
  ];
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
        <DataList rows={data} columns={columns} rowKey={(bulk) => bulk.bulkId} testId="bulks-table" />
      )}
      {meta.nextCursor ? (
        <p>
          <a href={`/dashboard/payouts/bulk?${new URLSearchParams({ ...(filters.status ? { status: filters.status } : {}), cursor: meta.nextCursor })}`}>{b.next} →</a>
        </p>
      ) : null}
    </div>
  );
}
