import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { balanceResponse } from "../../payments/balance/contract";

export const settleSandboxResponse = z.object({
  success: z.literal(true),
  data: balanceResponse.shape.data.extend({
    settled: z.number().int().min(0).describe("How many collect credits moved from `pending` to `available`"),
  }),
});

export const settleSandboxContract = defineContract({
  operationId: "settleSandboxBalances",
  method: "POST",
  path: "/sandbox/settle",
  summary: "Settle pending collections now (sandbox only)",
  description:
    "The sandbox settles a successful collection's net amount from `pending` to `available` 60 s after it succeeds (SANDBOX_SETTLEMENT_DELAY_SECONDS); this settles every pending credit of the caller now, as the timer would, so a refund or a payout can use the money at once. No body. Answers the balances after it. 404 in production, where settlement follows the operators.",
  tags: ["Sandbox"],
  auth: "apiKey",
  environments: ["sandbox"],
  success: { status: 200, description: "Settled", schema: settleSandboxResponse },
  errors: [401, 403, 404, 429],
});
