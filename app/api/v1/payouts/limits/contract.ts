import { defineContract } from "@/lib/http/contract";
import { payoutLimitsSchema } from "@/lib/payouts/payout-schemas";

export const payoutLimitsContract = defineContract({
  operationId: "getPayoutLimits",
  method: "GET",
  path: "/payouts/limits",
  summary: "Payout limits",
  description:
    "Daily and monthly windows (UTC) and per-transaction bounds, in the settlement currency; `used` counts payouts that are not failed or cancelled. " +
    "Initiate enforces exactly these (400 limit_exceeded).",
  tags: ["Payouts"],
  auth: "apiKey",
  success: { status: 200, description: "The limits", schema: payoutLimitsSchema },
});
