import { notFound } from "next/navigation";
import { AutoRefresh } from "@/app/_dashboard/client/auto-refresh";
import { formatMajor, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getDashboardBulk } from "@/lib/dashboard/bulk-payouts";
import { messages } from "@/lib/dashboard/i18n";

export const dynamic = "force-dynamic";

const REFRESH_SECONDS = 5;

/**
 * One bulk: its progress (payouts final out of accepted) and every row, with links to the
 * payouts. While it is in progress the page updates itself every 5 s, and the user can stop
 * that: with JavaScript in place (AutoRefresh, a pause button); without, a <meta refresh> in
 * <noscript> and a link to the same page with `?refresh=off`, which leaves it out.
 */
export default async function BulkPayoutPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("view");
  const { id } = await params;
  const refreshOff = (await searchParams).refresh === "off";
  const bulk = await getDashboardBulk(scope, id);
  if (!bulk) notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const b = m.bulk;
  const done = bulk.counts.success + bulk.counts.failed + bulk.counts.cancelled;
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payouts/bulk">← {b.back}</a>
      </p>
      <h1>
        {b.id} <code>{bulk.bulkId}</code>
      </h1>
      <dl className="facts" data-testid="bulk-summary">
        <dt>{b.status}</dt>
        <dd data-testid="bulk-status">{b.statuses[bulk.status] ?? bulk.status}</dd>
        <dt>{b.created}</dt>
        <dd>{when(bulk.createdAt, locale)}</dd>
        <dt>{b.items}</dt>
        <dd>
          {bulk.counts.total} · {b.accepted} {bulk.counts.accepted} · {b.rejected} {bulk.counts.rejected}
        </dd>
        <dt>{b.progress}</dt>
        <dd>
          <progress max={Math.max(bulk.counts.accepted, 1)} value={done} aria-label={b.progress} />{" "}
          <span data-testid="bulk-progress">{b.final.replace("{done}", String(done)).replace("{total}", String(bulk.counts.accepted))}</span>
          <br />
          {(["pending", "processing", "success", "failed", "cancelled"] as const).map((s) => `${m.status[s]} ${bulk.counts[s]}`).join(" · ")}
        </dd>
      </dl>
      {bulk.status === "processing" ? (
        <>
          <AutoRefresh seconds={REFRESH_SECONDS} startPaused={refreshOff} labels={{ running: b.refreshing, paused: b.refreshPaused, pause: b.pauseRefresh }} />
          <noscript>
            {refreshOff ? null : <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />}
            <p>
              <a href={refreshOff ? "?" : "?refresh=off"}>{refreshOff ? b.resumeRefresh : b.stopRefresh}</a>
            </p>
          </noscript>
        </>
      ) : null}
      <div className="table-wrap" tabIndex={0}>
        <table data-testid="bulk-items">
          <thead>
            <tr>
              <th scope="col">{b.index}</th>
              <th scope="col">{b.reference}</th>
              <th scope="col">{b.status}</th>
              <th scope="col">{b.payout}</th>
              <th scope="col" className="num">{b.amount}</th>
              <th scope="col">{b.error}</th>
            </tr>
          </thead>
          <tbody>
            {bulk.items.map((item) => (
              <tr key={item.index}>
                <td>{item.index + 1}</td>
                <td>{item.externalReference ?? "—"}</td>
                <td>
                  <span className={`status status-${item.status}`}>{item.status === "rejected" ? b.rejected : (m.status[item.status] ?? item.status)}</span>
                </td>
                <td>
                  {item.payoutId ? (
                    <a href={`/dashboard/payouts/${item.payoutId}`}>
                      <code>{item.payoutId}</code>
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="num">{item.amount !== undefined && item.currency ? formatMajor(item.amount, item.currency, locale) : "—"}</td>
                <td>{item.error ? item.error.message : (item.errorCode ?? "")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
