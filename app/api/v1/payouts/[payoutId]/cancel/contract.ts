import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { payoutSchema } from "@/lib/payouts/payout-schemas";

export const cancelPayoutContract = defineContract({
  operationId: "cancelPayout",
  method: "POST",
  path: "/payouts/{payoutId}/cancel",
  summary: "Cancel a pending payout",
  description: "Only while `pending` (not yet sent to the provider); the held funds, fees included, return to the wallet. Otherwise 422 invalid_state.",
  tags: ["Payouts"],
  auth: "apiKey",
  request: { params: z.object({ payoutId: z.string().max(64) }) },
  success: { status: 200, description: "The cancelled payout", schema: payoutSchema },
  errors: [404, 422],
});
