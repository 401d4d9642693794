import { z } from "zod";

/** Request and response schemas of refunds (docs/design/refunds.md), used by the contracts and the payment views. */
export const REFUND_STATUSES = ["pending", "processing", "success", "failed"] as const;

export const refundRequestBody = z
  .strictObject({
    amount: z
      .union([z.number(), z.string()])
      .optional()
      .describe("In the payment currency's major unit; at most what is left to refund. Omitted: everything left (a full refund)."),
    reason: z.string().trim().min(1).max(255).optional().describe("Why (kept with the refund, shown in the dashboard and webhooks)."),
  })
  .describe("Both fields are optional: `{}` refunds everything that is left.");

export type RefundRequestBody = z.output<typeof refundRequestBody>;

export const refundSchema = z.object({
  refundId: z.string().describe("rf_…"),
  transactionId: z.string().describe("The refunded payment (txn_…)."),
  status: z.enum(REFUND_STATUSES).describe("pending (funds held) → processing (with the operator) → success | failed (funds returned to your balance)."),
  amount: z.number().describe("What goes back to the customer, in the payment's currency. The collect fee is not returned. Whole units when the payment's channel has `wholeUnits` (M-Pesa Kenya…), else 400 invalid_amount."),
  currency: z.string(),
  reason: z.string().nullable(),
  provider: z.string(),
  providerReference: z.string().nullable(),
  errorCode: z
    .enum(["invalid_recipient", "insufficient_balance", "provider_error", "limit_exceeded", "account_blocked"])
    .nullable()
    .or(z.string().nullable())
    .describe("Set when failed (the payout codes)."),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
}).meta({ id: "Refund" });
