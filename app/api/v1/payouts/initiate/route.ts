import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { initiatePayout } from "@/lib/payouts/initiate-payout";
import { payoutView } from "@/lib/payouts/payout-views";
import { initiatePayoutContract } from "./contract";

export const POST = defineRoute(initiatePayoutContract, async ({ auth, body, idempotency }) => ({
  body: payoutView(
    await initiatePayout(auth, body, {
      audit: { actor: apiActor(auth) },
      // With X-Idempotency-Key: the key's record, with this answer, in the payout's own statement.
      record: idempotency && ((payout) => idempotency.cte(payoutView(payout))),
    }),
  ),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
