import { ExportCsvLink } from "@/app/_dashboard/export-link";
import { can } from "@/lib/identity/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { Pagination, TransactionFilters, TransactionTable, ViewSwitch } from "@/app/_dashboard/transaction-list";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { PAYOUT_STATUSES } from "@/lib/dashboard/payouts";
import { messages } from "@/lib/dashboard/i18n";
import { listDashboardPayments, PAYMENT_STATUSES } from "@/lib/dashboard/payments";
import { currentPublicKey } from "@/lib/dashboard/api-keys";
import { FirstPaymentGuide } from "@/app/_dashboard/getting-started";
import { merchantCountry } from "@/lib/dashboard/getting-started";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const sp = await searchParams;
  const { filters, fieldErrors, data, meta, view } = await listDashboardPayments(scope, sp);
  // Nothing at all yet (not "nothing matches these filters"): what to do first, instead of an empty table.
  if (meta.total === 0 && Object.keys(filters).length === 0 && Object.keys(fieldErrors).length === 0) {
    const canSeeKeys = can(scope.role, "keys");
    return (
      <div className="stack">
        <h1>{m.payments.title}</h1>
        <FirstPaymentGuide
          environment={scope.environment}
          country={await merchantCountry(scope.merchantId)}
          publicKey={canSeeKeys ? await currentPublicKey(scope) : null} canSeeKeys={canSeeKeys} locale={locale} m={m} />
      </div>
    );
  }
  return (
    <div className="stack">
      <h1>{m.payments.title}</h1>
      <ViewSwitch basePath="/dashboard/payments" filters={filters} view={view} locale={locale} />
      <TransactionFilters
        basePath="/dashboard/payments"
        filters={filters}
        fieldErrors={fieldErrors}
        statuses={view === "payout" ? PAYOUT_STATUSES : PAYMENT_STATUSES}
        total={meta.total}
        totalIsLowerBound={"totalIsLowerBound" in meta && meta.totalIsLowerBound === true}
        withProvider={view !== "payout"}
        locale={locale}
        m={m}
      />
      {/* The CSV of what is listed: collections here, payouts through their own export; the mixed view has none. */}
      {can(scope.role, "money") && view !== "all" ? (
        <ExportCsvLink basePath={view === "payout" ? "/dashboard/payouts" : "/dashboard/payments"} filters={filters} label={m.statement.exportCsv} testId="payments-csv" />
      ) : null}
      <TransactionTable rows={data} emptyLabel={m.payments.none} testId="payments-table" signed={view === "all"} customerLabel={view === "payout" ? m.payouts.recipient : view === "all" ? listMessages(locale).columns.customer : m.payment.customer} locale={locale} m={m} />
      <Pagination basePath="/dashboard/payments" filters={filters} meta={meta} m={m} />
    </div>
  );
}
