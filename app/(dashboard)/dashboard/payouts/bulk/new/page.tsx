import { confirmBulkPayoutAction, previewBulkPayoutAction } from "@/app/_dashboard/actions";
import { BulkUpload } from "@/app/_dashboard/client/bulk-upload";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

export default async function NewBulkPayoutPage() {
  await requireScope("money");
  const m = messages(await currentLocale());
  const b = m.bulk;
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/payouts/bulk">← {b.back}</a>
      </p>
      <h1>{b.new}</h1>
      <p>{b.intro}</p>
      <p>
        <a href="/dashboard/payouts/bulk/template.csv" download data-testid="bulk-template">
          {b.template}
        </a>
      </p>
      <BulkUpload
        preview={previewBulkPayoutAction}
        confirm={confirmBulkPayoutAction}
        labels={{
          file: b.file,
          atomic: b.atomic,
          check: b.check,
          preview: b.preview,
          rowsValid: b.rowsValid,
          rowsInvalid: b.rowsInvalid,
          atomicBlocked: b.atomicBlocked,
          confirm: b.confirm,
          line: b.line,
          reference: b.reference,
          recipient: b.recipient,
          amount: b.amount,
          result: b.result,
          ok: b.ok,
        }}
      />
    </div>
  );
}
