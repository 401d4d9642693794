import { notFound } from "next/navigation";
import { AutoRefresh } from "@/app/_dashboard/client/auto-refresh";
import { DataList, type DataColumn } from "@/app/_dashboard/data-list";
import { formatMajor, when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getDashboardBulk } from "@/lib/dashboard/bulk-payouts";
import { PAYOUT_STATUSES } from "@/lib/dashboard/payouts";
import { messages } from "@/lib/dashboard/i18n";
import { bulkRowError } from "@/lib/dashboard/i18n-bulk-errors";
import { failureLabel } from "@/lib/dashboard/i18n-labels";
import { fill, moneyMessages } from "@/lib/dashboard/i18n-money";

export const dynamic = "force-dynamic";

const REFRESH_SECONDS = 5;

/**
 * One bulk: its progress (payouts final out of accepted) and every row on the shared list (cards
 * on a phone: amount and status first, the recipient, why a row was refused or failed in the
 * page's language, the payout's id last), with links to the payouts. While it is in progress the page updates itself every 5 s, and the user can stop
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
  const mb = moneyMessages(locale).bulk;
  const awaiting = bulk.approval?.status === "pending";
  const done = bulk.counts.success + bulk.counts.failed + bulk.counts.cancelled + bulk.counts.reversed;
  type Item = (typeof bulk.items)[number];
  const columns: DataColumn<Item>[] = [
    { label: b.amount, role: "amount", numeric: true, cell: (item) => (item.amount !== undefined && item.currency ? formatMajor(item.amount, item.currency, locale) : "—") },
    {
      label: b.status,
      role: "status",
      cell: (item) => (
        <span className={`status status-${item.status}`}>
          {item.status === "rejected" ? b.rowRejected : item.awaitingApproval && item.status === "pending" ? mb.awaitingStatus : (m.status[item.status] ?? item.status)}
        </span>
      ),
    },
    {
      label: mb.recipient,
      role: "title",
      userData: true,
      // A refused row has no recipient stored: nothing on its card (its reason follows).
      optional: true,
      cell: (item) =>
        !item.recipientName && !item.destination ? null : (
          <>
            {item.recipientName}
            {item.recipientName && item.destination ? <br /> : null}
            {item.destination ? <span className="muted">{item.destination}</span> : null}
          </>
        ),
    },
    // Why a row was refused or a payout failed, in the page's language (never a raw code).
    { label: b.error, optional: true, cell: (item) => (item.error ? bulkRowError(item.error, locale) : item.errorCode ? failureLabel(item.errorCode, locale) : null) },
    { label: b.reference, userData: true, cell: (item) => item.externalReference ?? "—" },
    { label: b.index, numeric: true, cell: (item) => item.index + 1 },
    {
      label: b.payout,
      role: "id",
      optional: true,
      cell: (item) =>
        item.payoutId ? (
          <a href={`/dashboard/payouts/${item.payoutId}`}>
            <code>{item.payoutId}</code>
          </a>
        ) : null,
    },
  ];
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payouts/bulk">← {b.back}</a>
      </p>
      <header className="detail-head">
        <h1>{fill(moneyMessages(locale).approvals.bulk, { n: bulk.counts.total })}</h1>
        <p className="muted">
          {b.id} <code data-testid="bulk-id">{bulk.bulkId}</code>
        </p>
      </header>
      {awaiting ? (
        <p className="warning" role="note" data-testid="bulk-awaiting-approval">
          {mb.awaiting} <a href="/dashboard/approvals">{moneyMessages(locale).approvals.open}</a>
        </p>
      ) : null}
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
          {PAYOUT_STATUSES.filter((s) => s !== "reversed" || bulk.counts.reversed > 0).map((s) => `${m.status[s]} ${bulk.counts[s]}`).join(" · ")}
        </dd>
      </dl>
      {bulk.status === "processing" && !awaiting ? (
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
      <DataList
        rows={bulk.items}
        testId="bulk-items"
        rowKey={(item) => String(item.index)}
        rowProps={(item) => ({ "data-testid": `bulk-item-${item.index + 1}` })}
        columns={columns}
      />
    </div>
  );
}
