import { formatAmount, when } from "@/app/_dashboard/format";
import { can } from "@/lib/identity/roles";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { getDashboardStatement, STATEMENT_PAGE_ROWS } from "@/lib/dashboard/statement";
import { MERCHANT_CATEGORIES } from "@/lib/ledger";
import { CURRENCY_CODES } from "@/lib/money";
import { FilterErrors, filterErrorText } from "@/app/_dashboard/filter-errors";
import { DataList, FilterDisclosure, type DataColumn } from "@/app/_dashboard/data-list";
import { listMessages } from "@/lib/dashboard/i18n-lists";

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * One wallet's statement for a period (docs/design/balance-history.md): a plain GET form (works without
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
        {filterErrorText(name, fieldErrors[name], locale)}
      </span>
    ) : null;
  const invalid = (name: string) => (fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": `s-${name}-error` } : {});
  type Movement = NonNullable<typeof statement>["movements"][number];
  const transactionCell = (mv: Movement) =>
    mv.transactionType === "collect" ? (
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
    );
  const movementColumns: DataColumn<Movement>[] = [
    { label: m.statement.availableChange, role: "amount", numeric: true, cell: (mv) => money(mv.availableChange) },
    { label: m.statement.type, role: "title", cell: (mv) => m.statement.types[mv.type] ?? mv.type },
    { label: m.statement.date, cell: (mv) => when(mv.createdAt, locale) },
    { label: m.statement.pendingChange, numeric: true, cell: (mv) => money(mv.pendingChange) },
    { label: m.statement.fee, numeric: true, cell: (mv) => (mv.fee === null ? "—" : money(mv.fee)) },
    { label: m.statement.availableAfter, numeric: true, cell: (mv) => money(mv.available) },
    { label: m.statement.pendingAfter, numeric: true, cell: (mv) => money(mv.pending) },
    { label: m.statement.transaction, role: "id", cell: transactionCell },
  ];
  const period = `${currency} · ${m.categories[filters.category as "collect"] ?? ""}${filters.from ? ` · ${filters.from}` : ""}${filters.to ? ` → ${filters.to}` : ""}`;
  return (
    <div className="stack">
      <h1>{m.statement.title}</h1>
      <FilterDisclosure label={`${listMessages(locale).filters} · ${period}`} active={0} open={Object.keys(fieldErrors).length > 0}>
      <form method="get" className="filters" aria-label={m.statement.title}>
        <label>
          {m.currency}
          <select name="currency" defaultValue={currency} {...invalid("currency")}>
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
          <select name="category" defaultValue={filters.category} {...invalid("category")}>
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
          <input name="from" type="date" defaultValue={filters.from ?? ""} {...invalid("from")} />
          {err("from")}
        </label>
        <label>
          {m.statement.to}
          <input name="to" type="date" defaultValue={filters.to ?? ""} {...invalid("to")} />
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
      </FilterDisclosure>
      <FilterErrors errors={fieldErrors} labels={{ currency: m.currency, category: m.statement.category, from: m.statement.from, to: m.statement.to }} locale={locale} />
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
            <DataList rows={statement.movements} columns={movementColumns} rowKey={(mv) => `${mv.entryId}-${mv.category}-${mv.currency}`} testId="statement-movements" />
          )}
          {statement.hasMore ? <p className="muted">{m.statement.more.replace("{n}", String(STATEMENT_PAGE_ROWS))}</p> : null}
        </>
      ) : null}
    </div>
  );
}
