import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { cancelPayout } from "@/lib/payouts/cancel-payout";
import { payoutView } from "@/lib/payouts/payout-views";
import { cancelPayoutContract } from "./contract";

export const POST = defineRoute(cancelPayoutContract, async ({ auth, params }) => ({
  body: payoutView(await cancelPayout(auth, params.payoutId, { audit: { actor: apiActor(auth) } })),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
