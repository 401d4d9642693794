import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { payoutSchema } from "@/lib/payouts/payout-schemas";

export const payoutStatusContract = defineContract({
  operationId: "getPayoutStatus",
  method: "GET",
  path: "/payouts/status/{payoutId}",
  summary: "Payout status",
  description: "All populated fields of the payout. Failed payouts carry errorCode and errorMessage.",
  tags: ["Payouts"],
  auth: "apiKey",
  request: { params: z.object({ payoutId: z.string().max(64) }) },
  success: { status: 200, description: "The payout", schema: payoutSchema },
  errors: [404],
});
