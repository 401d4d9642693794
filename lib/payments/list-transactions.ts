import { z } from "zod";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { type Db, getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { maxPage, pageMeta, paginationQuery, toPage } from "@/lib/http/pagination";
import { isQueryDateInRange, QUERY_DATE_RANGE_MESSAGE } from "@/lib/http/query-date-range";
import { fromMinor } from "@/lib/money";
import { findScopedPayout, PAYOUTS_TABLE_SQL } from "@/lib/payouts/payout-records";
import { findScopedPayment } from "./payment-records";

/**
 * GET /payments/transactions: the merchant's transactions, newest first, with the spec's
 * filters. `completed` is accepted as a synonym of `success` (spec States); items say `success`.
 * Besides the spec's `page`, `startingAfter` (the last transactionId of a page) continues the
 * list after that transaction, at any depth.
 */
const STATUSES = ["pending", "processing", "success", "failed", "cancelled", "expired", "refunded"] as const;
/** Payouts add `reversed` (docs/decisions/payout-reversals.md); a filter by it lists payouts only. */
const PAYOUT_ONLY = ["reversed"] as const;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  // Date.parse rolls 2026-02-30 into 2 March; a real calendar day survives the round trip.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "is not a real date")
  .refine((d) => isQueryDateInRange(new Date(`${d}T00:00:00Z`)), QUERY_DATE_RANGE_MESSAGE);

// Strict like every paged list: an unknown parameter (a misspelt filter) is 400, not a whole
// unfiltered list (docs/decisions/api.md).
export const listTransactionsQuery = z
  .strictObject({
    ...paginationQuery,
    startingAfter: z
      .string()
      .trim()
      .regex(/^(txn|po)_[0-9a-z]{1,60}$/, "must be a transactionId from a previous page")
      .optional()
      .describe(
        "Cursor: the transactionId of the last item of the previous page. The list continues after it (same order, same filters), at any depth; `page` then counts from it. `meta.total` and `meta.totalPages` still describe the whole list.",
      ),
    status: z
      .enum([...STATUSES, ...PAYOUT_ONLY, "completed"])
      .optional()
      .transform((s) => (s === "completed" ? "success" : s))
      .describe("pending, processing, success (or completed), failed, cancelled, expired, refunded; reversed (payouts only)"),
    provider: z.string().trim().min(1).max(32).optional(),
    type: z.enum(["collect", "payout"]).optional(),
    startDate: day.optional().describe("From this UTC day (YYYY-MM-DD), inclusive; not after endDate (else 400 validation_error)."),
    endDate: day.optional().describe("Up to this UTC day (YYYY-MM-DD), inclusive."),
    externalReference: z.string().trim().min(1).max(100).optional(),
    paymentLinkId: z
      .string()
      .trim()
      .regex(/^plink_[0-9a-z]{1,60}$/, "must be a payment link id")
      .meta({ examples: ["plink_01j9x7k2m3"] })
      .optional()
      .describe("Only the payments made through this payment link (payouts never are)."),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { message: "startDate must not be after endDate", path: ["startDate"] });

export type ListTransactionsQuery = z.output<typeof listTransactionsQuery>;

type Scope = Pick<ApiAuth, "environment"> & { merchant: { id: string } };
type Table = { kind: "collect" | "payout"; sql: Prisma.Sql; statusType: Prisma.Sql; statuses: readonly string[] };

const TABLES: Table[] = [
  { kind: "collect", sql: Prisma.raw("payments"), statusType: Prisma.raw('"PaymentStatus"'), statuses: STATUSES },
  { kind: "payout", sql: PAYOUTS_TABLE_SQL, statusType: Prisma.raw('"PayoutStatus"'), statuses: ["pending", "processing", "success", "failed", "cancelled", ...PAYOUT_ONLY] },
];

/**
 * Collect payments and payouts live in two tables, merged newest first by (createdAt, id). The
 * page is chosen in the database: each table gives the ids of its first `skip + limit` matching
 * rows from its (merchant, environment[, status], created_at, id) index, a UNION ALL merges them
 * and OFFSET / LIMIT cut the page; only that page's rows are then read whole, joined in the same
 * statement. `skip` is bounded by MAX_PAGE_OFFSET (toPage), so a request touches at most
 * 2 × (10,000 + 100) index entries; a cursor (`startingAfter`) seeks straight to its position
 * instead, at any depth. Before, both tables' first `skip + limit` whole rows were loaded and
 * merged in memory. Two statements per list, run side by side: the page with its rows,
 * and the counts of both tables (they were five, each a Prisma call's CPU).
 */
export type ListTransactionsOptions = {
  /**
   * Count at most this many matching rows per table, for a list that only needs to know there are
   * "more than N" (the dashboard: an exact count of a million payments costs 200 ms a page). The
   * API's `meta.total` stays exact (spec). When the cap is reached, `meta.total` is the cap minus
   * one, `totalIsLowerBound` is true and `totalPages` is the deepest page a page number reaches.
   */
  countUpTo?: number;
  /**
   * The dashboard's search box (never the API's query): `phone`, a number already normalised to
   * E.164 by the caller, matches a payment's customer phone or a payout's destination exactly
   * (both indexed per merchant and environment); `text` matches the external reference or the
   * transaction id exactly, and, when it is not a number, any part of the customer's or
   * recipient's name (case-insensitive; a walk of the merchant's rows newest first, which a page
   * stops early and the count caps).
   */
  search?: { text: string; phone: string | null };
  /** Add each row's customer phone (payouts: their destination) and payout method, for the dashboard's cards. */
  withContact?: boolean;
};

export async function listTransactions(scope: Scope, query: ListTransactionsQuery, options: ListTransactionsOptions = {}) {
  const page = toPage(query, "page on with startingAfter=<the last transactionId of the previous page>");
  const prisma = await getPrisma();
  const cursor = query.startingAfter ? await findCursor(prisma, scope, query.startingAfter) : null;
  const tables = TABLES.filter(
    (t) => (!query.type || query.type === t.kind) && (!query.status || t.statuses.includes(query.status)) && (!query.paymentLinkId || t.kind === "collect"),
  );
  const where = (t: Table, withCursor: boolean) => conditions(t, scope, query, withCursor ? cursor : null, options.search);

  const branches = tables.map(
    (t) => Prisma.sql`(SELECT ${Prisma.raw(`'${t.kind}'`)} AS kind, id, created_at FROM ${t.sql} WHERE ${where(t, true)}
                       ORDER BY created_at DESC, id DESC LIMIT ${page.skip + page.limit})`,
  );
  // Each table's page rows, joined by id: the columns the list items show, in one shape.
  const rowsOf = (t: Table) =>
    t.kind === "collect"
      ? Prisma.sql`SELECT page.kind, r.id, r.status::text AS status, r.amount, r.currency, r.provider, r.external_reference, r.customer_name, NULL::jsonb AS recipient, r.payment_link_id, r.created_at, r.completed_at, r.updated_at,
                          r.customer_phone AS contact, NULL AS method
                   FROM page JOIN payments r ON r.id = page.id WHERE page.kind = 'collect'`
      : Prisma.sql`SELECT page.kind, r.id, r.status::text AS status, r.amount, r.currency, r.provider, r.external_reference, NULL AS customer_name, r.recipient, NULL AS payment_link_id, r.created_at, r.completed_at, r.updated_at,
                          r.destination AS contact, r.method::text AS method
                   FROM page JOIN ${PAYOUTS_TABLE_SQL} r ON r.id = page.id WHERE page.kind = 'payout'`;
  const counted = (t: Table) =>
    options.countUpTo
      ? Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM ${t.sql} WHERE ${where(t, false)} LIMIT ${options.countUpTo}) AS capped)`
      : Prisma.sql`(SELECT count(*) FROM ${t.sql} WHERE ${where(t, false)})`;
  const [rows, [counts]] =
    tables.length === 0
      ? [[], [{ n: 0n }]]
      : await Promise.all([
          prisma.$queryRaw<PageRow[]>`
            WITH page AS (SELECT kind, id, created_at FROM (${Prisma.join(branches, " UNION ALL ")}) AS merged
                          ORDER BY created_at DESC, id DESC OFFSET ${page.skip} LIMIT ${page.limit})
            ${Prisma.join(tables.map(rowsOf), " UNION ALL ")}
            ORDER BY created_at DESC, id DESC`,
          prisma.$queryRaw<{ n: bigint }[]>`SELECT ${Prisma.join(tables.map(counted), " + ")} AS n`,
        ]);
  const total = Number(counts.n);
  const capped = options.countUpTo !== undefined && total >= options.countUpTo;
  const data = rows.map((r) => {
    const item = r.kind === "collect" ? collectItem(r) : payoutItem(r);
    return options.withContact ? { ...item, contact: r.contact, method: r.method } : item;
  });
  const meta: ReturnType<typeof pageMeta> & { totalIsLowerBound?: true } = capped
    ? { ...pageMeta(options.countUpTo! - 1, page), totalPages: maxPage(page.limit), totalIsLowerBound: true }
    : pageMeta(total, page);
  return { data, meta };
}

/** The WHERE of one table: scope, the spec's filters, the dashboard's search, and (for the page) the cursor position. */
function conditions(t: Table, scope: Scope, query: ListTransactionsQuery, cursor: Cursor | null, search?: ListTransactionsOptions["search"]): Prisma.Sql {
  const parts = [Prisma.sql`merchant_id = ${scope.merchant.id}`, Prisma.sql`environment = ${scope.environment}::"Environment"`];
  if (query.status) parts.push(Prisma.sql`status = ${query.status}::${t.statusType}`);
  if (query.provider) parts.push(Prisma.sql`provider = ${query.provider}`);
  if (query.externalReference) parts.push(Prisma.sql`external_reference = ${query.externalReference}`);
  if (query.paymentLinkId) parts.push(Prisma.sql`payment_link_id = ${query.paymentLinkId}`);
  if (query.startDate) parts.push(Prisma.sql`created_at >= ${new Date(`${query.startDate}T00:00:00.000Z`)}`);
  if (query.endDate) parts.push(Prisma.sql`created_at < ${new Date(Date.parse(`${query.endDate}T00:00:00.000Z`) + 86_400_000)}`);
  if (cursor) parts.push(Prisma.sql`(created_at, id) < (${cursor.createdAt}, ${cursor.id})`);
  if (search) parts.push(searchCondition(t, search));
  return Prisma.join(parts, " AND ");
}

/** One search box over phone, reference, id and name (see ListTransactionsOptions.search). */
function searchCondition(t: Table, search: { text: string; phone: string | null }): Prisma.Sql {
  const like = `%${search.text.replace(/[\\%_]/g, "\\$&")}%`;
  const name = t.kind === "collect" ? Prisma.sql`customer_name ILIKE ${like}` : Prisma.sql`recipient->>'name' ILIKE ${like}`;
  // A number is searched as a number (not as a name): every alternative is then an index look-up.
  const byPhone = search.phone ? (t.kind === "collect" ? Prisma.sql`customer_phone = ${search.phone}` : Prisma.sql`destination = ${search.phone}`) : null;
  const alternatives = [Prisma.sql`external_reference = ${search.text}`, Prisma.sql`id = ${search.text}`, byPhone ?? name];
  return Prisma.sql`(${Prisma.join(alternatives, " OR ")})`;
}

type Cursor = { id: string; createdAt: Date };

/** The cursor's position; an id that is not one of this merchant's transactions is a 400 (never a hint that it exists elsewhere). */
async function findCursor(prisma: Db, scope: Scope, id: string): Promise<Cursor> {
  const merchantScope = { merchantId: scope.merchant.id, environment: scope.environment };
  const select = { id: true, createdAt: true } as const;
  const row = id.startsWith("po_") ? await findScopedPayout(merchantScope, id, select, prisma) : await findScopedPayment(merchantScope, id, select, prisma);
  if (!row) {
    const message = "is not a transaction of this account (pass the last transactionId of the previous page)";
    throw new AppError("validation_error", `Invalid request query: query.startingAfter: ${message}`, { details: [{ path: "query.startingAfter", message }] });
  }
  return row;
}

/** One row of the page statement: a payment's or a payout's columns, in one shape. */
type PageRow = {
  kind: "collect" | "payout";
  id: string;
  status: string;
  amount: bigint;
  currency: string;
  provider: string | null;
  external_reference: string | null;
  customer_name: string | null;
  /** Payouts only. */
  recipient: { name?: string } | null;
  /** Payments only. */
  payment_link_id: string | null;
  created_at: Date;
  completed_at: Date | null;
  updated_at: Date;
  /** A payment's customer phone, a payout's destination (phone or account). */
  contact: string | null;
  /** Payouts only: mobile_money, bank_transfer… */
  method: string | null;
};

type TransactionItem = ReturnType<typeof collectItem>;

function collectItem(p: PageRow) {
  return {
    transactionId: p.id,
    type: "collect" as "collect" | "payout",
    status: p.status,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    provider: p.provider,
    externalReference: p.external_reference,
    customerName: p.customer_name,
    createdAt: p.created_at.toISOString(),
    ...(p.status === "success" || p.status === "refunded" ? { paidAt: (p.completed_at ?? p.updated_at).toISOString() } : {}),
    paymentLinkId: p.payment_link_id,
  };
}

function payoutItem(p: PageRow): TransactionItem {
  return {
    transactionId: p.id,
    type: "payout",
    status: p.status,
    amount: fromMinor(p.amount, p.currency),
    currency: p.currency,
    provider: p.provider,
    externalReference: p.external_reference,
    customerName: p.recipient?.name ?? null,
    createdAt: p.created_at.toISOString(),
    ...(p.status === "success" ? { paidAt: (p.completed_at ?? p.updated_at).toISOString() } : {}),
    paymentLinkId: null,
  };
}
