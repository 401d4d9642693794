import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { balanceTransactionsQuery } from "@/lib/ledger/list-balance-transactions";

const movement = z.object({
  entryId: z.string().describe("The journal entry (je_…). An entry touching two wallets (fund move, conversion) gives one item per wallet."),
  type: z
    .string()
    .describe("What caused it: collect_credit, settlement, payout_hold, payout_release, fx_conversion, funds_move, sandbox_funding, credit_grant (more may appear)."),
  currency: z.string(),
  category: z.enum(["collect", "payout", "credit"]),
  amount: z.number().describe("Net change of the wallet (available + pending), signed, in major units."),
  availableChange: z.number().describe("Change of `available`, signed."),
  pendingChange: z.number().describe("Change of `pending`, signed (a settlement moves pending to available: amount 0)."),
  fee: z.number().nullable().describe("Fee included in the movement: withheld from a collect, debited with a payout, returned with a failed one; null when none applies."),
  available: z.number().describe("The wallet's `available` right after this movement."),
  pending: z.number().describe("The wallet's `pending` right after this movement."),
  transactionId: z.string().nullable().describe("The payment (txn_…), payout (po_…) or refund it belongs to; null for fundings, credit grants and fund moves."),
  transactionType: z.enum(["collect", "payout", "refund"]).nullable(),
  createdAt: z.string(),
}).meta({ id: "BalanceMovement" });

export const balanceTransactionsContract = defineContract({
  operationId: "listBalanceTransactions",
  method: "GET",
  path: "/payments/balance/transactions",
  summary: "Balance history",
  description:
    "Every movement of the merchant's wallets in this environment, newest first, with the running `available` and `pending` after each. Cursor-paginated: pass `meta.nextCursor` as `cursor` until `hasMore` is false. `limit` defaults to 20, at most 100 (larger values are clamped).",
  tags: ["Balances"],
  auth: "apiKey",
  request: { query: balanceTransactionsQuery },
  success: {
    status: 200,
    description: "A page of movements",
    schema: z.object({
      data: z.array(movement),
      meta: z.object({ limit: z.number().int(), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
    }),
  },
  errors: [400, 401, 403, 429],
});
