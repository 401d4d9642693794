import { formatAmount, when } from "@/app/_dashboard/format";
import { can } from "@/lib/dashboard/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { getDashboardStatement, STATEMENT_PAGE_ROWS } from "@/lib/dashboard/statement";
import { MERCHANT_CATEGORIES } from "@/lib/ledger";
import { CURRENCY_CODES } from "@/lib/money";
import { FilterErrors } from "@/app/_dashboard/filter-errors";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * One wallet's statement for a period (DESIGN §17): a plain GET form (works without
 * JavaScript; the filters live in the URL), opening and closing balances, the movements, and a
 * CSV link carrying the same filters.
 */
export default async function StatementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const { filters, fieldErrors, statement } = await getDashboardStatement(scope, await searchParams);
  const currency = filters.currency;
  const money = (minor: bigint) => formatAmount(minor, currency, locale);
  const err = (name: string) =>
    fieldErrors[name] ? (
      <span className="field-error" id={`s-${name}-error`}>
        {fieldErrors[name]}
      </span>
    ) : null;
  return (
    <div className="stack">
      <h1>{m.statement.title}</h1>
      <form method="get" className="filters" aria-label={m.statement.title}>
        <label>
          {m.currency}
          <select name="currency" defaultValue={currency}>
            {CURRENCY_CODES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {err("currency")}
        </label>
        <label>
          {m.statement.category}
          <select name="category" defaultValue={filters.category}>
            {MERCHANT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {m.categories[c]}
              </option>
            ))}
          </select>
          {err("category")}
        </label>
        <label>
          {m.statement.from}
          <input name="from" type="date" defaultValue={filters.from ?? ""} aria-describedby="s-from-error" />
          {err("from")}
        </label>
        <label>
          {m.statement.to}
          <input name="to" type="date" defaultValue={filters.to ?? ""} aria-describedby="s-to-error" />
          {err("to")}
        </label>
        <div className="row">
          <button className="btn" type="submit">
            {m.statement.show}
          </button>
          {statement && can(scope.role, "money") ? (
            <a className="btn btn-ghost" href={`/dashboard/balances/statement/export?${new URLSearchParams(filters)}`} download data-testid="statement-csv">
              {m.statement.exportCsv}
            </a>
          ) : null}
        </div>
      </form>
      <FilterErrors errors={fieldErrors} />
      {statement ? (
        <>
          <div className="table-wrap" tabIndex={0}>
            <table data-testid="statement-summary">
              <caption>
                {currency} · {m.categories[filters.category as "collect"] ?? filters.category}
              </caption>
              <thead>
                <tr>
                  <th scope="col" />
                  <th scope="col" className="num">
                    {m.available}
                  </th>
                  <th scope="col" className="num">
                    {m.pending}
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr data-testid="statement-opening">
                  <th scope="row">{m.statement.opening}</th>
                  <td className="num">{money(statement.opening.available)}</td>
                  <td className="num">{money(statement.opening.pending)}</td>
                </tr>
                <tr>
                  <th scope="row">
                    {m.statement.net} ({statement.count} {m.statement.movements})
                  </th>
                  <td className="num">{money(statement.net.available)}</td>
                  <td className="num">{money(statement.net.pending)}</td>
                </tr>
                <tr data-testid="statement-closing">
                  <th scope="row">{m.statement.closing}</th>
                  <td className="num">{money(statement.closing.available)}</td>
                  <td className="num">{money(statement.closing.pending)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          {statement.movements.length === 0 ? (
            <p>{m.statement.none}</p>
          ) : (
            <div className="table-wrap" tabIndex={0}>
              <table data-testid="statement-movements">
                <thead>
                  <tr>
                    <th scope="col">{m.statement.date}</th>
                    <th scope="col">{m.statement.type}</th>
                    <th scope="col">{m.statement.transaction}</th>
                    <th scope="col" className="num">
                      {m.statement.availableChange}
                    </th>
                    <th scope="col" className="num">
                      {m.statement.pendingChange}
                    </th>
                    <th scope="col" className="num">
                      {m.statement.fee}
                    </th>
                    <th scope="col" className="num">
                      {m.statement.availableAfter}
                    </th>
                    <th scope="col" className="num">
                      {m.statement.pendingAfter}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.movements.map((mv) => (
                    <tr key={`${mv.entryId}-${mv.category}-${mv.currency}`}>
                      <td>{when(mv.createdAt, locale)}</td>
                      <td>{m.statement.types[mv.type] ?? mv.type}</td>
                      <td>
                        {mv.transactionType === "collect" ? (
                          <a href={`/dashboard/payments/${mv.transactionId}`}>
                            <code>{mv.transactionId}</code>
                          </a>
                        ) : mv.transactionType === "payout" ? (
                          <a href={`/dashboard/payouts/${mv.transactionId}`}>
                            <code>{mv.transactionId}</code>
                          </a>
                        ) : mv.transactionId ? (
                          <code>{mv.transactionId}</code>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td className="num">{money(mv.availableChange)}</td>
                      <td className="num">{money(mv.pendingChange)}</td>
                      <td className="num">{mv.fee === null ? "—" : money(mv.fee)}</td>
                      <td className="num">{money(mv.available)}</td>
                      <td className="num">{money(mv.pending)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {statement.hasMore ? <p className="muted">{m.statement.more.replace("{n}", String(STATEMENT_PAGE_ROWS))}</p> : null}
        </>
      ) : null}
    </div>
  );
}
