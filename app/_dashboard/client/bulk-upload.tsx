"use client";

import { Fragment, useActionState } from "react";
import type { BulkPreviewState } from "../actions";
import type { FormResult } from "@/lib/dashboard/form-result";
import { DataList, type DataColumn } from "../data-list";
import { FileInput, type FileInputWords } from "./file-input";
import type { BulkSummary } from "@/lib/dashboard/bulk-payouts";

type Labels = {
  file: string;
  /** The file field's button and its "no file" line, in the page's language. */
  fileInput: FileInputWords;
  atomic: string;
  check: string;
  preview: string;
  rowsValid: string;
  rowsInvalid: string;
  atomicBlocked: string;
  confirm: string;
  line: string;
  reference: string;
  recipient: string;
  amount: string;
  result: string;
  ok: string;
  /** The totals before sending (lib/dashboard/i18n-money.ts `bulk`). */
  summary: { summary: string; count: string; leftOut: string; leftOutLine: string; leftOutOne: string; total: string; fees: string; leaves: string; balance: string; balanceLine: string; short: string; needsApproval: string; sendForApproval: string };
};
type PreviewAction = (prev: BulkPreviewState, form: FormData) => Promise<BulkPreviewState>;
type ConfirmAction = (prev: FormResult<never> | null, form: FormData) => Promise<FormResult<never> | null>;

const fill = (text: string, values: Record<string, number | string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** Count, total, fees, what leaves the balance and the balance after, before anything is sent. */
function Summary({ summary: s, labels }: { summary: BulkSummary; labels: Labels["summary"] }) {
  return (
    <div className="panel stack" data-testid="bulk-summary-before">
      <h3>{labels.summary}</h3>
      <dl className="facts">
        <dt>{labels.count}</dt>
        <dd data-testid="bulk-count">{s.count}</dd>
        {s.leftOut > 0 ? (
          <>
            <dt>{labels.leftOut}</dt>
            <dd data-testid="bulk-left-out">{s.leftOut === 1 ? labels.leftOutOne : fill(labels.leftOutLine, { n: s.leftOut })}</dd>
          </>
        ) : null}
        <dt>{labels.total}</dt>
        <dd data-testid="bulk-total">{s.totals.join(" · ") || "—"}</dd>
        <dt>{labels.fees}</dt>
        <dd data-testid="bulk-fees">{s.fees.join(" · ") || "—"}</dd>
        <dt>{labels.leaves}</dt>
        <dd>{s.debits.join(" · ") || "—"}</dd>
        {s.balances.map((b) => (
          <Fragment key={b.currency}>
            <dt>
              {labels.balance} {b.currency}
            </dt>
            <dd data-testid={`bulk-balance-${b.currency}`}>{fill(labels.balanceLine, { before: b.before, after: b.after })}</dd>
          </Fragment>
        ))}
      </dl>
      {s.covered ? null : (
        <p role="alert" className="error" data-testid="bulk-not-covered">
          {fill(labels.short, { short: s.short.join(" · ") })}
        </p>
      )}
      {s.needsApproval && s.covered ? (
        <p className="warning" role="note" data-testid="bulk-needs-approval">
          {labels.needsApproval}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Upload → preview (every row's error, nothing sent) → confirm. Both steps are server-action
 * forms: posted as plain multipart forms before hydration or without JavaScript.
 */
export function BulkUpload({ preview, confirm, labels }: { preview: PreviewAction; confirm: ConfirmAction; labels: Labels }) {
  const [state, previewAction, checking] = useActionState(preview, null);
  const [confirmState, confirmAction, sending] = useActionState(confirm, null);
  const data = state?.ok ? state.data : null;
  return (
    <div className="stack">
      <form action={previewAction} className="stack" data-testid="bulk-upload-form">
        <FileInput label={labels.file} words={labels.fileInput} name="file" accept=".csv,text/csv" required />
        <label className="inline">
          <input name="atomic" type="checkbox" defaultChecked={data?.atomic ?? false} /> {labels.atomic}
        </label>
        <button className="btn" type="submit" disabled={checking}>
          {labels.check}
        </button>
        {state && !state.ok ? (
          <p role="alert" className="error">
            {state.error}
          </p>
        ) : null}
      </form>
      {data ? (
        <section className="stack" aria-labelledby="bulk-preview-title" data-testid="bulk-preview">
          <h2 id="bulk-preview-title">{labels.preview}</h2>
          <p data-testid="bulk-preview-summary">
            {fill(labels.rowsValid, { valid: data.valid, total: data.rows.length })}
            {data.invalid > 0 ? ` · ${fill(labels.rowsInvalid, { invalid: data.invalid })}` : ""}
          </p>
          {data.summary ? <Summary summary={data.summary} labels={labels.summary} /> : null}
          <DataList rows={data.rows} columns={previewColumns(labels)} rowKey={(r) => String(r.line)} rowProps={(r) => ({ "data-testid": `bulk-row-${r.line}` })} />
          {data.valid === 0 || data.summary?.covered === false ? null : data.atomic && data.invalid > 0 ? (
            <p role="alert" className="error">
              {labels.atomicBlocked}
            </p>
          ) : (
            <form action={confirmAction} data-testid="bulk-confirm-form">
              <input type="hidden" name="csv" value={data.csv} />
              <input type="hidden" name="atomic" value={String(data.atomic)} />
              <input type="hidden" name="requestKey" value={data.requestKey} />
              <button className="btn" type="submit" disabled={sending}>
                {fill(data.summary?.needsApproval ? labels.summary.sendForApproval : labels.confirm, { n: data.valid })}
              </button>
              {confirmState && !confirmState.ok ? (
                <p role="alert" className="error">
                  {confirmState.error}
                </p>
              ) : null}
            </form>
          )}
        </section>
      ) : null}
    </div>
  );
}

type PreviewRow = NonNullable<Extract<BulkPreviewState, { ok: true }>>["data"]["rows"][number];

/** The preview as cards on a phone: amount and the check's verdict first, the error in full below. */
function previewColumns(labels: Labels): DataColumn<PreviewRow>[] {
  return [
    { label: labels.amount, role: "amount", numeric: true, cell: (r) => (r.amount ? `${r.amount} ${r.currency}` : "—") },
    {
      label: labels.result,
      role: "status",
      cell: (r) => (r.error ? <span className="status status-failed">✗</span> : <span className="status status-success">{labels.ok}</span>),
    },
    { label: labels.recipient, role: "title", userData: true, cell: (r) => r.recipient ?? "—" },
    { label: labels.result, cell: (r) => (r.error ? <span className="error" role="note">{r.error}</span> : labels.ok) },
    { label: labels.reference, userData: true, cell: (r) => r.externalReference ?? "—" },
    { label: labels.line, cell: (r) => r.line },
  ];
}
