import { defineContract } from "@/lib/http/contract";
import { listTransactionsQuery } from "@/lib/payments/list-transactions";
import { transactionListSchema } from "@/lib/payments/payment-schemas";

export const listTransactionsContract = defineContract({
  operationId: "listTransactions",
  method: "GET",
  path: "/payments/transactions",
  summary: "List transactions",
  description: "Newest first. `status=completed` is a synonym of `success`. Pages of 20 by default, at most 100.",
  tags: ["Collect"],
  auth: "apiKey",
  request: { query: listTransactionsQuery },
  success: { status: 200, description: "A page of transactions", schema: transactionListSchema },
});
