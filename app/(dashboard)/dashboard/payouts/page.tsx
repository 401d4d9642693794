import { formatDate, formatMajor } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { Pagination, TransactionFilters } from "@/app/_dashboard/transaction-list";
import { messages } from "@/lib/dashboard/i18n";
import { listDashboardPayouts, PAYOUT_STATUSES } from "@/lib/dashboard/payouts";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function PayoutsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope();
  const locale = await currentLocale();
  const m = messages(locale);
  const sp = await searchParams;
  const { filters, fieldErrors, data, meta } = await listDashboardPayouts(scope, sp);
  return (
    <div className="stack">
      <h1>{m.payouts.title}</h1>
      <TransactionFilters basePath="/dashboard/payouts" filters={filters} fieldErrors={fieldErrors} statuses={PAYOUT_STATUSES} total={meta.total} withProvider={false} m={m} />
      {data.length === 0 ? (
        <p>{m.payouts.none}</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="payouts-table">
            <thead>
              <tr>
                <th scope="col">{m.payouts.id}</th>
                <th scope="col">{m.payments.reference}</th>
                <th scope="col">{m.payments.status}</th>
                <th scope="col">{m.payments.provider}</th>
                <th scope="col">{m.payouts.recipient}</th>
                <th scope="col" className="num">
                  {m.payments.amount}
                </th>
                <th scope="col">{m.payments.created}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((p) => (
                <tr key={p.transactionId}>
                  <td>
                    <a href={`/dashboard/payouts/${p.transactionId}`}>
                      <code>{p.transactionId}</code>
                    </a>
                  </td>
                  <td>{p.externalReference ?? "—"}</td>
                  <td>
                    <span className={`status status-${p.status}`}>{m.status[p.status] ?? p.status}</span>
                  </td>
                  <td>{p.provider ?? "—"}</td>
                  <td>{p.customerName ?? "—"}</td>
                  <td className="num">{formatMajor(p.amount, p.currency, locale)}</td>
                  <td>{formatDate(p.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination basePath="/dashboard/payouts" filters={filters} meta={meta} m={m} />
    </div>
  );
}
