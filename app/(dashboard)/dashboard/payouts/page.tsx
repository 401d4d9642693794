import { ExportCsvLink } from "@/app/_dashboard/export-link";
import { can } from "@/lib/identity/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { Pagination, TransactionFilters, TransactionTable } from "@/app/_dashboard/transaction-list";
import { messages } from "@/lib/dashboard/i18n";
import { listDashboardPayouts, PAYOUT_STATUSES } from "@/lib/dashboard/payouts";
import { FirstPayoutGuide } from "@/app/_dashboard/getting-started";
import { merchantCountry } from "@/lib/dashboard/getting-started";
import { moneyMessages } from "@/lib/dashboard/i18n-money";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const sp = await searchParams;
  const { filters, fieldErrors, data, meta } = await listDashboardPayouts(scope, sp);
  // Nothing at all yet (not "nothing matches these filters"): how to send the first one.
  if (meta.total === 0 && Object.keys(filters).length === 0 && Object.keys(fieldErrors).length === 0) {
    return (
      <div className="stack">
        <h1>{m.payouts.title}</h1>
        {can(scope.role, "money") ? <SendLink label={moneyMessages(locale).send.title} /> : null}
        <BulkLink label={m.bulk.link} />
        <FirstPayoutGuide environment={scope.environment} country={await merchantCountry(scope.merchantId)} locale={locale} m={m} />
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{m.payouts.title}</h1>
      {can(scope.role, "money") ? <SendLink label={moneyMessages(locale).send.title} /> : null}
      <BulkLink label={m.bulk.link} />
      <TransactionFilters basePath="/dashboard/payouts" filters={filters} fieldErrors={fieldErrors} statuses={PAYOUT_STATUSES} total={meta.total} totalIsLowerBound={"totalIsLowerBound" in meta && meta.totalIsLowerBound === true} withProvider={false} locale={locale} m={m} />
      {can(scope.role, "money") ? <ExportCsvLink basePath="/dashboard/payouts" filters={filters} label={m.statement.exportCsv} testId="payouts-csv" /> : null}
      <TransactionTable rows={data} emptyLabel={m.payouts.none} testId="payouts-table" signed={false} customerLabel={m.payouts.recipient} locale={locale} m={m} />
      <Pagination basePath="/dashboard/payouts" filters={filters} meta={meta} m={m} />
    </div>
  );
}

const BulkLink = ({ label }: { label: string }) => (
  <p>
    <a href="/dashboard/payouts/bulk" data-testid="bulk-link">
      {label}
    </a>
  </p>
);

const SendLink = ({ label }: { label: string }) => (
  <p>
    <a href="/dashboard/payouts/new" className="btn" data-testid="send-money-link">
      {label}
    </a>
  </p>
);
