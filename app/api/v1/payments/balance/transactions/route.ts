import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listBalanceTransactions } from "@/lib/ledger/list-balance-transactions";
import { balanceTransactionsContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(balanceTransactionsContract, async ({ auth, query }) => ({ body: await listBalanceTransactions(auth, query) }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
