"use client";

import { useActionState } from "react";
import type { BulkPreviewState } from "../actions";
import type { FormResult } from "@/lib/dashboard/form-result";

type Labels = {
  file: string;
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
};
type PreviewAction = (prev: BulkPreviewState, form: FormData) => Promise<BulkPreviewState>;
type ConfirmAction = (prev: FormResult<never> | null, form: FormData) => Promise<FormResult<never> | null>;

const fill = (text: string, values: Record<string, number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

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
        <label>
          {labels.file}
          <input name="file" type="file" accept=".csv,text/csv" required />
        </label>
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
          <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{labels.line}</th>
                <th scope="col">{labels.reference}</th>
                <th scope="col">{labels.recipient}</th>
                <th scope="col">{labels.amount}</th>
                <th scope="col">{labels.result}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.line} data-testid={`bulk-row-${r.line}`}>
                  <td>{r.line}</td>
                  <td>{r.externalReference ?? "—"}</td>
                  <td>{r.recipient ?? "—"}</td>
                  <td>{r.amount ? `${r.amount} ${r.currency}` : "—"}</td>
                  <td>{r.error ? <span className="error" role="note">{r.error}</span> : <span className="success">{labels.ok}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          {data.valid === 0 ? null : data.atomic && data.invalid > 0 ? (
            <p role="alert" className="error">
              {labels.atomicBlocked}
            </p>
          ) : (
            <form action={confirmAction} data-testid="bulk-confirm-form">
              <input type="hidden" name="csv" value={data.csv} />
              <input type="hidden" name="atomic" value={String(data.atomic)} />
              <input type="hidden" name="requestKey" value={data.requestKey} />
              <button className="btn" type="submit" disabled={sending}>
                {fill(labels.confirm, { n: data.valid })}
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
