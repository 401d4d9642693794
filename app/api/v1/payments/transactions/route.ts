import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listTransactions } from "@/lib/payments/list-transactions";
import { listTransactionsContract } from "./contract";

export const GET = defineRoute(listTransactionsContract, async ({ auth, query }) => ({ body: await listTransactions(auth, query) }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
