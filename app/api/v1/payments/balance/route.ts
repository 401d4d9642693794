import { scopeOfApiAuth } from "@/lib/auth/authenticate";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { presentBalances, readBalances } from "@/lib/ledger";
import { balanceContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(balanceContract, async ({ auth }) => {
  const view = await readBalances(scopeOfApiAuth(auth));
  return { body: { success: true, data: presentBalances(view) } };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
