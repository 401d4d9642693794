import type { ReactNode } from "react";

/**
 * Every list of the dashboard, one component: a table on a wide screen, a stack of cards below
 * 40rem (640 px), by CSS alone (dashboard.css, `.data-list`), so it works without JavaScript and a
 * page adds no CSS of its own. A column's `role` says where it goes on a card:
 * - `amount` and `status` open the card, side by side, the amount large;
 * - `title` (the customer, the event) is the card's first full line;
 * - no role: a labelled line ("Method  Orange Money");
 * - `id` closes the card, small and muted (long ids never lead);
 * - `action` (a secondary button) sits at the bottom;
 * - `optional` (any role): a line only some rows have, left off the card when empty.
 * On the table, columns keep the order given: put amount, status and customer first there too.
 */
export type DataColumn<Row> = {
  /** Header text; on a card, the line's label. */
  label: string;
  cell: (row: Row) => ReactNode;
  role?: "amount" | "status" | "title" | "id" | "action";
  /** Right-aligned tabular figures (amounts, durations, counts). */
  numeric?: boolean;
  /** Long text that may break anywhere (URLs, paths). */
  wrap?: boolean;
  /** The header is read to assistive technology only (an actions column). */
  hiddenLabel?: boolean;
  /** What a merchant or customer typed (a name, a reference, a reason): marked translate="no", in no page language. */
  userData?: boolean;
  /** A line only some rows have (an error): on a card, left out when the cell is empty (null, undefined or ""). */
  optional?: boolean;
};

export function DataList<Row>(props: {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  testId?: string;
  rowTestId?: string;
  caption?: ReactNode;
  /** Extra attributes per row (a data-testid the specs read). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
}) {
  const { rows, columns, rowKey, testId, rowTestId, caption, rowProps } = props;
  const cellClass = (c: DataColumn<Row>) => [c.numeric ? "num" : "", c.wrap ? "wrap" : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="table-wrap data-list-wrap" tabIndex={0}>
      <table className="data-list" data-testid={testId}>
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.numeric ? "num" : undefined}>
                {c.hiddenLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} {...(rowProps?.(row) ?? {})}>
              {columns.map((c, i) => {
                const value = c.cell(row);
                const empty = c.optional && (value === null || value === undefined || value === "");
                return (
                  <td key={i} className={cellClass(c)} data-role={c.role} data-empty={empty ? "" : undefined}>
                    {c.role || c.hiddenLabel || empty ? null : <span className="cell-label">{c.label}</span>}
                    {empty ? null : c.userData ? <span translate="no">{value}</span> : value}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A list's filters behind a "Filter" button (a native disclosure: no JavaScript needed), open when
 * a filter is set or refused so what narrows the list stays in view. The summary counts the
 * filters in use.
 */
export function FilterDisclosure({ label, active, open, children }: { label: string; active: number; open: boolean; children: ReactNode }) {
  return (
    <details className="filter-disclosure" open={open}>
      <summary className="btn btn-ghost" data-testid="filter-toggle">
        {label}
        {active > 0 ? ` (${active})` : ""}
      </summary>
      {children}
    </details>
  );
}
