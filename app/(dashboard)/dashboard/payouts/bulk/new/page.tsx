import { confirmBulkPayoutAction, previewBulkPayoutAction } from "@/app/_dashboard/actions";
import { BulkUpload } from "@/app/_dashboard/client/bulk-upload";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { moneyMessages } from "@/lib/dashboard/i18n-money";

export default async function NewBulkPayoutPage() {
  await requireScope("money");
  const locale = await currentLocale();
  const m = messages(locale);
  const b = m.bulk;
  const mb = moneyMessages(locale).bulk;
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
          fileInput: m.fileInput,
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
          summary: { summary: mb.summary, count: mb.count, leftOut: mb.leftOut, leftOutLine: mb.leftOutLine, leftOutOne: mb.leftOutOne, total: mb.total, fees: mb.fees, leaves: mb.leaves, balance: mb.balance, balanceLine: mb.balanceLine, short: mb.short, needsApproval: mb.needsApproval, sendForApproval: mb.sendForApproval },
        }}
      />
    </div>
  );
}
