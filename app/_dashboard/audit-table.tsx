import type { Locale } from "@/lib/dashboard/i18n";
import { auditActor, auditSentence } from "@/lib/dashboard/i18n-audit";
import { DataList, type DataColumn } from "./data-list";
import { when } from "./format";

type Row = { id: string; action: string; actor: string; details: unknown; createdAt: Date };
type Labels = { when: string; action: string; actor: string; details: string };

/** The audit log's rows as sentences (the audit page, and the API keys page for owners): who, what, when. */
export function AuditTable({ rows, labels, locale }: { rows: Row[]; labels: Labels; locale: Locale }) {
  const columns: DataColumn<Row>[] = [
    { label: labels.details, role: "title", cell: (a) => <span data-testid="audit-sentence">{auditSentence(a.action, a.details, locale)}</span> },
    { label: labels.actor, userData: true, cell: (a) => auditActor(a.actor, locale) },
    { label: labels.when, cell: (a) => when(a.createdAt, locale) },
    { label: labels.action, role: "id", cell: (a) => <code>{a.action}</code> },
  ];
  return <DataList rows={rows} columns={columns} rowKey={(a) => a.id} testId="audit-log" />;
}
