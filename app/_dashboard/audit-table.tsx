import type { Locale } from "@/lib/dashboard/i18n";
import { when } from "./format";

type Row = { id: string; action: string; actor: string; details: unknown; createdAt: Date };
type Labels = { when: string; action: string; actor: string; details: string };

/** The audit log's rows (the audit page, and the API keys page for owners). */
export function AuditTable({ rows, labels, locale }: { rows: Row[]; labels: Labels; locale: Locale }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table data-testid="audit-log">
        <thead>
          <tr>
            <th scope="col">{labels.when}</th>
            <th scope="col">{labels.action}</th>
            <th scope="col">{labels.actor}</th>
            <th scope="col">{labels.details}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{when(a.createdAt, locale)}</td>
              <td>
                <code>{a.action}</code>
              </td>
              <td>{a.actor}</td>
              <td className="wrap">
                <code>{JSON.stringify(a.details)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
