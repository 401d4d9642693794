import { appEnv } from "@/lib/config";
import type { StatementFormat } from "@/lib/connectors/connector";
import { servingAccount } from "@/lib/connectors/get-route";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { type ReconcileResult, reconcileAccount } from "./reconcile-account";
import { accountCurrency, type StatementField, StatementLayoutError, readStatement, type StatementReading } from "./statement";

/**
 * `ops recon:import`: a statement or settlement file the operator delivered, read through the
 * layout its connector documents (ReconciliationHooks.statement), each column overridable (an
 * operator's export that differs, an operator that publishes no layout), then reconciled like a
 * run whose operator side is the file: every row matched by reference, rows we hold no order for
 * are missing on our side, our paid orders absent from it are asked by status (else missing at
 * the operator). The window is the one given, else the days the rows cover (UTC).
 */
export type ImportInput = {
  accountId: string;
  text: string;
  columns?: Partial<Record<StatementField, string>>;
  /** The currency of amounts when the file has no currency column (default: the account's setting). */
  currency?: string;
  decimalComma?: boolean;
  from?: Date;
  to?: Date;
  now: Date;
  trigger?: string;
};

export type ImportResult = ReconcileResult & { layout: string; skipped: StatementReading["skipped"] };

const DAY = 24 * 3600_000;

export async function importStatement(db: Db, input: ImportInput): Promise<ImportResult> {
  const found = await servingAccount(input.accountId, appEnv(), db);
  if (!found) throw new AppError("not_found", `No connector account ${input.accountId} in ${appEnv()}.`);
  const published = found.connector.reconciliation?.statement;
  const overrides = Object.fromEntries(Object.entries(input.columns ?? {}).filter(([, v]) => v));
  if (!published && Object.keys(overrides).length === 0) {
    throw new AppError("validation_error", `The ${found.connector.type} connector knows no published statement layout: name the file's columns (--column reference=… --column amount=… [status, type, time, currency, operatorReference, credit, debit]).`);
  }
  const format: StatementFormat = published
    ? { ...published, columns: { ...published.columns, ...overrides } }
    : { documentedAt: "the columns given on the command line", columns: overrides };
  let reading: StatementReading;
  try {
    reading = readStatement(input.text, format, { currency: input.currency ?? accountCurrency(found.account.settings), decimalComma: input.decimalComma });
  } catch (err) {
    if (err instanceof StatementLayoutError) throw new AppError("validation_error", `The statement does not fit the ${found.connector.type} layout (${format.documentedAt}): ${err.message}.`);
    throw err;
  }
  const window = input.from && input.to ? { from: input.from, to: input.to } : windowOf(reading);
  if (!window) throw new AppError("validation_error", "The statement's rows carry no time: say which day it covers (--date YYYY-MM-DD, or --from and --to).");
  const result = await reconcileAccount(db, { accountId: input.accountId, from: window.from, to: window.to, now: input.now, trigger: input.trigger, statement: reading.records, statementCovers: format.directions });
  return { ...result, layout: format.documentedAt, skipped: reading.skipped };
}

/** The UTC days the rows cover. */
function windowOf(reading: StatementReading): { from: Date; to: Date } | null {
  const times = reading.records.flatMap((r) => (r.at ? [r.at.getTime()] : []));
  if (times.length === 0) return null;
  const first = Math.floor(Math.min(...times) / DAY) * DAY;
  const last = Math.floor(Math.max(...times) / DAY) * DAY + DAY;
  return { from: new Date(first), to: new Date(last) };
}
