import { DataList, type DataColumn } from "@/app/_dashboard/data-list";
import { when } from "@/app/_dashboard/format";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { callOutcomeLabel, operationLabel } from "@/lib/dashboard/i18n-labels";
import type { ProviderCallView } from "@/lib/dashboard/provider-timeline";

/** The calls to the operator about a payment or payout (docs/design/connectors.md): when, what, status, latency, outcome. */
export function ProviderTimeline({ calls, locale, m }: { calls: ProviderCallView[]; locale: Locale; m: Messages }) {
  const t = m.providerTimeline;
  const columns: DataColumn<ProviderCallView>[] = [
    { label: t.operation, role: "title", cell: (c) => operationLabel(c.operation, locale) },
    { label: t.outcome, role: "status", cell: (c) => <span className={`status ${c.outcome === "ok" ? "status-success" : "status-failed"}`}>{callOutcomeLabel(c.outcome, locale)}</span> },
    { label: t.at, cell: (c) => when(c.at, locale) },
    { label: t.httpStatus, cell: (c) => c.httpStatus ?? "—" },
    { label: t.latency, numeric: true, cell: (c) => `${c.latencyMs} ms` },
  ];
  return (
    <section aria-labelledby="provider-timeline-title" className="stack">
      <h2 id="provider-timeline-title">{t.title}</h2>
      {calls.length === 0 ? <p className="muted">{t.none}</p> : <DataList rows={calls} columns={columns} rowKey={(c) => c.id} testId="provider-timeline" />}
    </section>
  );
}
