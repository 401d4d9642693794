import type { Direction, OperatorRecord, StatementFormat } from "@/lib/connectors/connector";
import { type CurrencyCode, isCurrency, toMinorAllowZero } from "@/lib/money";

/**
 * A statement or settlement file as the operator delivers it (CSV), read through the connector's
 * documented layout (StatementFormat) into OperatorRecords. Lines that are not one of our kinds
 * of transaction (a float top-up, a fee line: a type the layout does not map) or cannot be read
 * are skipped and counted, each with why.
 */
export type StatementReading = { records: OperatorRecord[]; skipped: { line: number; why: string }[] };

export type ReadOptions = {
  /** The currency of amounts when the file has no currency column (the account's). */
  currency?: string | null;
  /** Amounts written with a decimal comma (`1 500,50`); otherwise a comma separates thousands. */
  decimalComma?: boolean;
};

const FIELDS = ["reference", "operatorReference", "amount", "credit", "debit", "currency", "status", "type", "time"] as const;
export type StatementField = (typeof FIELDS)[number];
export const isStatementField = (name: string): name is StatementField => (FIELDS as readonly string[]).includes(name);

export function readStatement(text: string, format: StatementFormat, options: ReadOptions = {}): StatementReading {
  const rows = parseCsv(text.replace(/^\uFEFF/, ""));
  const header = rows.shift();
  if (!header) return { records: [], skipped: [] };
  const position = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const col = (field: StatementField): number | null => {
    const name = format.columns[field];
    if (!name) return null;
    const i = position.get(name.trim().toLowerCase());
    if (i === undefined) throw new StatementLayoutError(`the file has no column "${name}" (${field}); its columns: ${header.join(", ")}`);
    return i;
  };
  const at = Object.fromEntries(FIELDS.map((f) => [f, col(f)])) as Record<StatementField, number | null>;
  if (at.reference === null && at.operatorReference === null) throw new StatementLayoutError("the layout names neither a reference nor an operator reference column: rows cannot be matched");
  if (at.amount === null && at.credit === null && at.debit === null) throw new StatementLayoutError("the layout names no amount column");
  const statuses = lowerKeys(format.statuses ?? COMMON_STATUSES);
  const types = lowerKeys(format.types ?? COMMON_TYPES);

  const records: OperatorRecord[] = [];
  const skipped: StatementReading["skipped"] = [];
  rows.forEach((cells, i) => {
    const line = i + 2;
    const cell = (field: StatementField) => (at[field] === null ? "" : (cells[at[field]!] ?? "").trim());
    if (cells.every((c) => c.trim() === "")) return;
    const reference = cell("reference") || null;
    const operatorReference = cell("operatorReference") || null;
    if (!reference && !operatorReference) return void skipped.push({ line, why: "no reference" });
    let direction: Direction | null = null;
    if (at.type !== null) {
      const mapped = types[cell("type").toLowerCase()];
      if (!mapped) return void skipped.push({ line, why: `type "${cell("type")}" is not one of our orders` });
      direction = mapped;
    }
    let state: OperatorRecord["state"] = "success";
    if (at.status !== null) {
      const mapped = statuses[cell("status").toLowerCase()];
      if (!mapped) return void skipped.push({ line, why: `status "${cell("status")}" is not mapped` });
      state = mapped;
    }
    const currency = (cell("currency") || options.currency || "").toUpperCase();
    if (!isCurrency(currency)) return void skipped.push({ line, why: currency ? `unknown currency ${currency}` : "no currency (give --currency)" });
    // A credit/debit pair: the one that holds money (the other is empty, or zero).
    const credit = cell("credit");
    const signed = at.amount !== null ? cell("amount") : credit && !/^[-+]?[0.,\s]*$/.test(credit) ? credit : cell("debit") ? `-${cell("debit").replace(/^-/, "")}` : credit;
    const amount = amountOf(signed, currency, options.decimalComma ?? false);
    if (amount === null) return void skipped.push({ line, why: `amount "${signed}" is not a number of ${currency}` });
    // Without a type column, money in is a collect; money out a payout or a refund.
    if (at.type === null && amount.negative === false) direction = "collect";
    const covered = format.directions ?? ["collect", "payout", "refund"];
    if (direction ? !covered.includes(direction) : !covered.some((d) => d !== "collect")) return void skipped.push({ line, why: `${direction ?? "money out"}: this layout's rows of that kind cannot be matched to our orders` });
    records.push({ reference, operatorReference, direction, state, amountMinor: amount.minor, currency, at: timeOf(cell("time")) });
  });
  return { records, skipped };
}

export class StatementLayoutError extends Error {}

/** The currency a connector account's settings name (`currency`), for a statement whose rows do not say. */
export function accountCurrency(settings: unknown): string | null {
  const currency = (settings as { currency?: unknown } | null)?.currency;
  return typeof currency === "string" ? currency : null;
}

/**
 * The words a layout without its own table is read with (columns named on the command line for
 * an operator that publishes no layout): the operators' usual status and type words.
 */
const COMMON_STATUSES: Record<string, OperatorRecord["state"]> = Object.fromEntries([
  ...["success", "successful", "succeeded", "completed", "complete", "paid", "ts"].map((w) => [w, "success"]),
  ...["failed", "failure", "declined", "cancelled", "canceled", "rejected", "expired", "tf", "te"].map((w) => [w, "failed"]),
  ...["pending", "processing", "ongoing", "initiated", "tip"].map((w) => [w, "processing"]),
  ["reversed", "reversed"],
]);
const COMMON_TYPES: Record<string, Direction> = Object.fromEntries([
  ...["collect", "collection", "deposit", "payment", "requesttopay", "checkout"].map((w) => [w, "collect"]),
  ...["payout", "disbursement", "transfer", "b2c"].map((w) => [w, "payout"]),
  ["refund", "refund"],
]);

function lowerKeys<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k.toLowerCase(), v]));
}

/** An amount cell, exactly (lib/money): a sign, parentheses or a trailing minus make it money out. */
function amountOf(text: string, currency: CurrencyCode, decimalComma: boolean): { minor: bigint; negative: boolean } | null {
  let t = text.replace(/[\s\u00a0\u202f]/g, "");
  if (!t) return null;
  let negative = false;
  if (/^\(.*\)$/.test(t)) [t, negative] = [t.slice(1, -1), true];
  if (t.startsWith("-")) [t, negative] = [t.slice(1), true];
  else if (t.startsWith("+")) t = t.slice(1);
  else if (t.endsWith("-")) [t, negative] = [t.slice(0, -1), true];
  t = decimalComma ? t.replace(/\./g, "").replace(",", ".") : t.replace(/,/g, "");
  try {
    return { minor: toMinorAllowZero(t, currency), negative };
  } catch {
    return null;
  }
}

/** ISO 8601, `YYYY-MM-DD HH:mm:ss` or `dd.MM.yyyy HH:mm:ss` / `dd/MM/yyyy HH:mm:ss` (M-Pesa's), read as UTC; null otherwise. */
function timeOf(text: string): Date | null {
  if (!text) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (m && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)));
  m = /^(\d{2})[./](\d{2})[./](\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (m) return new Date(Date.UTC(+m[3]!, +m[2]! - 1, +m[1]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t);
}

/** RFC 4180: quoted fields with "" for a quote, CRLF or LF; the delimiter is the header's (`,`, `;` or a tab). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [",", ";", "\t"].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best), ",");
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) row.push(field), (field = "");
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field), rows.push(row), (row = []), (field = "");
    } else field += c;
  }
  if (field !== "" || row.length > 0) row.push(field), rows.push(row);
  return rows;
}
