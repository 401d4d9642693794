import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { fundSandboxWalletAndReadBalance } from "@/lib/ledger";
import { toMinor } from "@/lib/money";
import { fundWalletContract } from "./contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(fundWalletContract, async ({ body, auth }) => {
  const data = await fundSandboxWalletAndReadBalance({
    environment: auth.environment,
    merchantId: auth.merchant.id,
    currency: body.currency,
    amount: toMinor(body.amount, body.currency),
    category: body.category,
  }, { actor: apiActor(auth) });
  return { body: { success: true, data } };
});

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
