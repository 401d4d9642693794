import { z } from "zod";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { cursorParam, encodeCursor } from "@/lib/http/cursor";
import { dateBound } from "@/lib/http/date-bound";
import { paginationQuery } from "@/lib/http/pagination";
import { CURRENCY_CODES, fromMinor } from "@/lib/money";
import { MERCHANT_CATEGORIES } from "./accounts";
import { type BalanceMovement, listBalanceMovements } from "./list-balance-movements";

const CURSOR_TAG = "bt1";

export const balanceTransactionsQuery = z
  .strictObject({
    currency: z.enum(CURRENCY_CODES, { message: `must be one of ${CURRENCY_CODES.join(", ")}` }).optional().describe("Only this currency's wallets."),
    category: z.enum(MERCHANT_CATEGORIES, { message: "must be collect, payout or credit" }).optional().describe("Only this category's wallets."),
    from: dateBound("from", "from").optional().describe("Movements at or after this instant (`YYYY-MM-DD` = start of that UTC day); before `to` when both are given (else 400 validation_error)."),
    to: dateBound("to", "to").optional().describe("Movements before this instant (`YYYY-MM-DD` = up to the end of that UTC day, inclusive)."),
    cursor: cursorParam(CURSOR_TAG).optional().describe("meta.nextCursor of the previous page, unchanged; absent for the first page."),
    limit: paginationQuery.limit,
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: "from must be before to", path: ["from"] });

export type BalanceTransactionsQuery = z.output<typeof balanceTransactionsQuery>;

/** The API's view of a movement: amounts as exact JSON numbers in major units. */
export function presentBalanceMovement(m: BalanceMovement) {
  const money = (minor: bigint) => fromMinor(minor, m.currency);
  return {
    entryId: m.entryId,
    type: m.type,
    currency: m.currency,
    category: m.category,
    amount: money(m.availableChange + m.pendingChange),
    availableChange: money(m.availableChange),
    pendingChange: money(m.pendingChange),
    fee: m.fee === null ? null : money(m.fee),
    available: money(m.available),
    pending: money(m.pending),
    transactionId: m.transactionId,
    transactionType: m.transactionType,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * GET /payments/balance/transactions (docs/design/balance-history.md): the merchant's movements in the caller's
 * environment, newest first, keyset-paginated on the movement's position (never skipped or
 * repeated when new movements arrive between pages).
 */
export async function listBalanceTransactions(auth: Pick<ApiAuth, "environment"> & { merchant: { id: string } }, query: BalanceTransactionsQuery) {
  const { movements, hasMore } = await listBalanceMovements({
    merchantId: auth.merchant.id,
    environment: auth.environment,
    currency: query.currency,
    category: query.category,
    from: query.from,
    to: query.to,
    cursor: query.cursor,
    order: "desc",
    limit: query.limit,
  });
  const last = movements.at(-1);
  return {
    data: movements.map(presentBalanceMovement),
    meta: { limit: query.limit, hasMore, nextCursor: hasMore && last ? encodeCursor(CURSOR_TAG, last.seq) : null },
  };
}
