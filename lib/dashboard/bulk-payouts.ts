import { randomBytes } from "node:crypto";
import { CsvError, parse } from "csv-parse/sync";
import { getPrisma } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors";
import { type BulkItemError, type BulkPreview, createPayoutBulk } from "@/lib/payouts/create-payout-bulk";
import { getPayoutBulk, listPayoutBulks } from "@/lib/payouts/get-payout-bulk";
import { approvalFor } from "@/lib/payouts/approvals";
import { listBulksQuery, MAX_BULK_ITEMS } from "@/lib/payouts/payout-bulk-schemas";
import { type CurrencyCode, formatAmount, isCurrency } from "@/lib/money";
import type { FormResult } from "./form-result";
import type { Locale } from "./i18n";
import { bulkRowError, cellCountError } from "./i18n-bulk-errors";
import { moneyMessages } from "./i18n-money";
import { pickFilters } from "./pick-filters";
import { dashboardActor, type DashboardScope } from "./scope";
import { getMerchantRow } from "@/lib/merchants/merchant-records";
import { payoutsOfBulk } from "@/lib/payouts/payout-records";

/**
 * Bulk payouts from a CSV file (docs/design/bulk-payouts.md): the file's rows become POST /payouts/bulk items and
 * go through createPayoutBulk, first as a dry run (every row's error before anything is sent),
 * then for real with the token of that preview (a second submit finds the first bulk).
 */

/** The template's columns, in order. A row names either a quoteId or amount (+ currency, country, method). */
export const BULK_CSV_COLUMNS = [
  "externalReference",
  "amount",
  "currency",
  "country",
  "method",
  "provider",
  "recipientPhone",
  "recipientName",
  "recipientFirstName",
  "recipientLastName",
  "recipientEmail",
  "recipientNationality",
  "accountNumber",
  "accountName",
  "bankName",
  "bankCode",
  "swiftBic",
  "purpose",
  "description",
  "quoteId",
] as const;
type Column = (typeof BULK_CSV_COLUMNS)[number];

/** The largest file accepted: about 1,000 rows of generous width. */
export const MAX_BULK_CSV_BYTES = 512 * 1024;

/** The downloadable template: the header and three example rows (wallets and a bank transfer). */
export function bulkCsvTemplate(): string {
  // Plain cells (no comma, quote or line break in them); not csvCell, whose formula guard would
  // prefix the phones' "+" with an apostrophe.
  const row = (values: Partial<Record<Column, string>>) => `${BULK_CSV_COLUMNS.map((c) => values[c] ?? "").join(",")}\r\n`;
  return (
    `${BULK_CSV_COLUMNS.join(",")}\r\n` +
    row({ externalReference: "salary-2026-11-001", amount: "25000", currency: "XOF", country: "SN", method: "MOBILE_MONEY", provider: "orange", recipientPhone: "+221770000012", recipientName: "Awa Diop", description: "November salary" }) +
    row({ externalReference: "salary-2026-11-002", amount: "30000", currency: "XOF", country: "SN", method: "MOBILE_MONEY", provider: "wave", recipientPhone: "+221760000013", recipientName: "Moussa Ndiaye" }) +
    row({ externalReference: "supplier-2026-11-003", amount: "150000", currency: "XOF", country: "SN", method: "BANK_TRANSFER", recipientName: "Sarl Baobab", accountNumber: "0152000048500003035", accountName: "Sarl Baobab", bankName: "CBAO" })
  );
}

export type ParsedCsv = { items: unknown[]; rowErrors: Map<number, string> } | { fileError: string };

/**
 * The CSV as bulk items (csv-parse: RFC 4180 quoting, BOM, CRLF). Header names must be template
 * columns (any order, case-insensitive); empty cells are left out; a leading apostrophe (the
 * spreadsheet text marker) is dropped. A row the file itself makes unusable gets a row error.
 */
export function parseBulkCsv(text: string, locale: Locale = "en"): ParsedCsv {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) return { fileError: `The file is not valid CSV (line ${err.lines ?? "?"}): ${err.message.replace(/^Invalid [^:]*: /, "")}` };
    throw err;
  }
  if (records.length === 0) return { fileError: "The file is empty: start from the template." };
  const byName = new Map(BULK_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const header = records[0].map((h) => byName.get(h.toLowerCase()));
  const unknown = records[0].filter((h, i) => !header[i] && h !== "");
  if (unknown.length > 0) return { fileError: `Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Columns: ${BULK_CSV_COLUMNS.join(", ")}.` };
  const rows = records.slice(1);
  if (rows.length === 0) return { fileError: "The file has a header but no payout row." };
  if (rows.length > MAX_BULK_ITEMS) return { fileError: `The file has ${rows.length} rows: at most ${MAX_BULK_ITEMS} payouts per bulk.` };
  const rowErrors = new Map<number, string>();
  const items = rows.map((cells, index) => {
    if (cells.length > header.length) rowErrors.set(index, cellCountError(cells.length, header.length, locale));
    const v: Partial<Record<Column, string>> = {};
    header.forEach((column, i) => {
      const cell = (cells[i] ?? "").replace(/^'/, "").trim();
      if (column && cell !== "") v[column] = cell;
    });
    return rowToItem(v);
  });
  return { items, rowErrors };
}

function rowToItem(v: Partial<Record<Column, string>>): Record<string, unknown> {
  const recipient = {
    phone: v.recipientPhone,
    name: v.recipientName,
    firstName: v.recipientFirstName,
    lastName: v.recipientLastName,
    email: v.recipientEmail,
    nationality: v.recipientNationality,
  };
  const bank = { accountNumber: v.accountNumber, accountName: v.accountName, bankName: v.bankName, bankCode: v.bankCode, swiftBic: v.swiftBic };
  const method = v.method?.toUpperCase() ?? (v.quoteId ? undefined : v.accountNumber ? "BANK_TRANSFER" : "MOBILE_MONEY");
  return compact({
    quoteId: v.quoteId,
    externalReference: v.externalReference,
    amount: v.amount,
    currency: v.currency,
    country: v.country,
    method,
    mobileWallet: v.provider ? { provider: v.provider } : undefined,
    recipient: compact(recipient) ?? {},
    bankAccount: compact(bank),
    purpose: v.purpose,
    description: v.description,
  })!;
}

function compact<T extends Record<string, unknown>>(o: T): T | undefined {
  const out = Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as T;
  return Object.keys(out).length > 0 ? out : undefined;
}

export type PreviewRow = {
  /** Line in the file (the header is line 1). */
  line: number;
  externalReference: string | null;
  recipient: string | null;
  amount: string | null;
  currency: string | null;
  error: string | null;
};

/**
 * What the preview says before anything is sent, formatted: how many payouts, their total, the
 * fees, what leaves the balance and the balance after, per currency. Every figure counts only the
 * rows that would be sent (valid and covered by the balance); `leftOut` says how many rows are not
 * in them (invalid, or not covered). `covered` is false when the balance does not cover every
 * valid row: the file is then not sent at all (`short` says by how much).
 */
export type BulkSummary = {
  count: number;
  leftOut: number;
  totals: string[];
  fees: string[];
  debits: string[];
  balances: { currency: string; before: string; after: string }[];
  short: string[];
  covered: boolean;
  needsApproval: boolean;
};

export type BulkPreviewResult = { rows: PreviewRow[]; valid: number; invalid: number; csv: string; atomic: boolean; requestKey: string; summary: BulkSummary | null };

/** Sums of minor amounts by currency, formatted, currencies in order. */
function sums(items: { amount: bigint; currency: string }[], locale: Locale): string[] {
  const by = new Map<string, bigint>();
  for (const i of items) by.set(i.currency, (by.get(i.currency) ?? 0n) + i.amount);
  return [...by].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => show(amount, currency, locale));
}

const show = (minor: bigint, currency: string, locale: Locale) => (isCurrency(currency) ? formatAmount(minor, currency as CurrencyCode, locale) : `${minor} ${currency}`);

function summaryOf(preview: BulkPreview, rowCount: number, locale: Locale): BulkSummary {
  const shortBy = new Map<string, bigint>();
  for (const u of preview.unfunded) shortBy.set(u.currency, (shortBy.get(u.currency) ?? 0n) + u.required);
  // The balance after the rows counted (those it covers); what the others lack is `short`, apart.
  const balances = preview.wallets
    .filter((w) => w.before !== w.after || shortBy.has(w.currency))
    .map((w) => ({ currency: w.currency, before: show(w.before, w.currency, locale), after: show(w.after, w.currency, locale) }));
  const short = [...shortBy].map(([currency, amount]) => {
    const left = preview.wallets.find((w) => w.currency === currency)?.after ?? 0n;
    // Each refused row needed more than was left at its turn, so this is positive.
    return show(amount - (left > 0n ? left : 0n), currency, locale);
  });
  return {
    count: preview.accepted.length,
    leftOut: rowCount - preview.accepted.length,
    totals: sums(preview.accepted.map((a) => ({ amount: a.amount, currency: a.currency })), locale),
    fees: sums(preview.accepted.map((a) => ({ amount: a.fee, currency: a.feeCurrency })), locale),
    debits: sums(preview.accepted.map((a) => ({ amount: a.debit, currency: a.debitCurrency })), locale),
    balances,
    short,
    covered: preview.unfunded.length === 0,
    needsApproval: preview.needsApproval,
  };
}

async function loadMerchant(scope: DashboardScope) {
  return getMerchantRow(scope.merchantId);
}

/** Every row checked as the API would check it, nothing written; with the totals, fees and balance after. */
export async function previewBulkCsv(scope: DashboardScope, input: { csv: string; atomic: boolean }, options: { locale?: Locale } = {}): Promise<FormResult<BulkPreviewResult>> {
  const locale = options.locale ?? "en";
  const parsed = parseBulkCsv(input.csv, locale);
  if ("fileError" in parsed) return { ok: false, code: "validation_error", error: parsed.fileError };
  const merchant = await loadMerchant(scope);
  const errors = new Map<number, string>(parsed.rowErrors);
  let summary: BulkSummary | null = null;
  try {
    // Rows the file itself made unusable go in empty, as confirmBulkCsv sends them: refused at
    // their index, so no total counts them.
    const items = parsed.items.map((item, i) => (parsed.rowErrors.has(i) ? {} : item));
    const result = await createPayoutBulk({ merchant, environment: scope.environment }, { items, atomic: input.atomic }, { dryRun: true, approval: { userId: scope.userId, email: scope.email } });
    if ("preview" in result) {
      for (const r of result.preview.rejected) if (!errors.has(r.index)) errors.set(r.index, bulkRowError(r.error, locale));
      summary = summaryOf(result.preview, parsed.items.length, locale);
    }
  } catch (err) {
    if (!(isAppError(err) && err.code === "bulk_rejected")) throw err;
    for (const r of (err.extra?.items ?? []) as BulkItemError[]) if (!errors.has(r.index)) errors.set(r.index, bulkRowError(r.error, locale));
  }
  const rows = parsed.items.map((raw, index) => {
    const item = raw as { externalReference?: string; amount?: string; currency?: string; recipient?: { name?: string; phone?: string }; bankAccount?: { accountNumber?: string } };
    return {
      line: index + 2,
      externalReference: item.externalReference ?? null,
      recipient: [item.recipient?.name, item.recipient?.phone ?? item.bankAccount?.accountNumber].filter(Boolean).join(" · ") || null,
      amount: item.amount ?? null,
      currency: item.amount ? (item.currency ?? "XOF") : null,
      error: errors.get(index) ?? null,
    };
  });
  const invalid = rows.filter((r) => r.error).length;
  return { ok: true, data: { rows, valid: rows.length - invalid, invalid, csv: input.csv, atomic: input.atomic, requestKey: randomBytes(16).toString("hex"), summary } };
}

/**
 * Sends the previewed file. The token makes a double submit (or a reload of the POST) find the
 * same bulk. Nothing is sent unless the balance covers every valid row (requireFunded); above the
 * team's threshold the bulk waits for a second member (lib/payouts/approvals.ts).
 */
export async function confirmBulkCsv(scope: DashboardScope, input: { csv: string; atomic: boolean; requestKey: string }, options: { locale?: Locale } = {}): Promise<FormResult<{ bulkId: string; awaitingApproval: boolean }>> {
  if (!/^[a-f0-9]{32}$/.test(input.requestKey)) return { ok: false, code: "validation_error", error: "This preview is no longer valid: upload the file again." };
  const parsed = parseBulkCsv(input.csv);
  if ("fileError" in parsed) return { ok: false, code: "validation_error", error: parsed.fileError };
  const merchant = await loadMerchant(scope);
  try {
    const result = await createPayoutBulk(
      { merchant, environment: scope.environment },
      // Rows the file itself made unusable are sent as empty items, so they are refused at their index.
      { items: parsed.items.map((item, i) => (parsed.rowErrors.has(i) ? {} : item)), atomic: input.atomic },
      { requestKey: input.requestKey, source: "dashboard", audit: { actor: dashboardActor(scope) }, approval: { userId: scope.userId, email: scope.email }, requireFunded: true },
    );
    if (!("bulk" in result)) throw new Error("unexpected preview");
    return { ok: true, data: { bulkId: result.bulk.bulkId, awaitingApproval: result.awaitingApproval } };
  } catch (err) {
    if (err instanceof AppError && err.code === "INSUFFICIENT_BALANCE") return { ok: false, code: err.code, error: moneyMessages(options.locale ?? "en").bulk.notCovered };
    if (err instanceof AppError && err.code === "bulk_rejected") return { ok: false, code: err.code, error: moneyMessages(options.locale ?? "en").bulk.nothingValid };
    if (err instanceof AppError) return { ok: false, code: err.code, error: err.message };
    throw err;
  }
}

export const BULK_LIST_KEYS = ["status", "cursor"] as const;

export async function listDashboardBulks(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const filters = pickFilters(searchParams, BULK_LIST_KEYS);
  const parsed = listBulksQuery.safeParse({ ...filters, limit: "20" });
  if (!parsed.success) return { filters, invalid: true, data: [], meta: { limit: 20, hasMore: false, nextCursor: null as string | null } };
  return { filters, invalid: false, ...(await listPayoutBulks({ environment: scope.environment, merchant: { id: scope.merchantId } }, parsed.data)) };
}

/**
 * One of the merchant's bulks with its items, each with its recipient (name, and the phone or
 * account paid) and whether it awaits approval, and the bulk's approval if it had one; null when
 * not theirs (a 404 page).
 */
export async function getDashboardBulk(scope: DashboardScope, bulkId: string) {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(bulkId)) return null;
  let bulk;
  try {
    bulk = await getPayoutBulk({ environment: scope.environment, merchant: { id: scope.merchantId } }, bulkId);
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
  const prisma = await getPrisma();
  const owner = { merchantId: scope.merchantId, environment: scope.environment };
  const [payouts, approval] = await Promise.all([
    payoutsOfBulk(owner, bulkId, prisma),
    approvalFor(prisma, owner, { bulkId }),
  ]);
  const byId = new Map(payouts.map((p) => [p.id, p]));
  const items = bulk.items.map((item) => {
    const p = item.payoutId ? byId.get(item.payoutId) : undefined;
    const r = (p?.recipient ?? {}) as { name?: unknown; firstName?: unknown; lastName?: unknown };
    const name = typeof r.name === "string" ? r.name : [r.firstName, r.lastName].filter((v) => typeof v === "string").join(" ") || null;
    return { ...item, recipientName: name, destination: p?.destination ?? null, awaitingApproval: p?.awaitingApproval ?? false };
  });
  return { ...bulk, items, approval };
}
