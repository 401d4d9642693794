import { defineRoute } from "@/lib/http/define-route";
import { listTransactions } from "@/lib/payments/list-transactions";
import { listTransactionsContract } from "./contract";

export const GET = defineRoute(listTransactionsContract, async ({ auth, query }) => ({ body: await listTransactions(auth, query) }));
