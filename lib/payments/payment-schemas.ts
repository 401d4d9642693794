import { z } from "zod";
import { refundSchema } from "@/lib/refunds/refund-schemas";

/** Response schemas of the collect endpoints (spec "Collect transaction"), used by the contracts. */
const status = z.enum(["pending", "processing", "success", "failed", "cancelled", "expired", "refunded"]);
const nullableString = z.string().nullable();
/** Every collect response shows what we will take, as payouts do. */
const fees = z
  .number()
  .nullable()
  .describe("Our fee on this collect, in `currency`, taken from the amount when it succeeds (the provider's tariff); null while a checkout payment has no method chosen.");
const paymentLinkId = nullableString.describe("The payment link the customer paid through (POST /payment-links); null for a payment made by the API.");
const refundFields = {
  refundedAmount: z.number().describe("Total of the successful refunds; the status becomes `refunded` when it reaches `amount`."),
  refunds: z.array(refundSchema).describe("Every refund of the payment, oldest first (POST /payments/{transactionId}/refund)."),
};

export const paymentStatusSchema = z.object({
  transactionId: z.string(),
  type: z.literal("collect"),
  status,
  amount: z.number(),
  currency: z.string(),
  fees,
  provider: nullableString.describe("Provider code; null for a checkout payment until the customer picks a method."),
  country: nullableString,
  merchantReference: z.string().describe("Your externalReference."),
  customerPhone: nullableString,
  customerName: nullableString,
  customerEmail: nullableString,
  message: z.string().describe("Human-readable status."),
  errorCode: z.enum(["insufficient_funds", "user_cancelled", "timeout", "provider_error", "invalid_phone"]).nullable().or(nullableString),
  errorMessage: nullableString,
  expiresAt: nullableString.describe("Set while the payment can still be paid."),
  completedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  paymentLinkId,
  ...refundFields,
}).meta({ id: "Payment" });

export const paymentDetailSchema = z.object({
  transactionId: z.string(),
  merchantReference: z.string(),
  type: z.literal("collect"),
  status,
  amount: z.number(),
  currency: z.string(),
  fees,
  provider: nullableString,
  providerReference: nullableString,
  customerPhone: nullableString,
  customerName: nullableString,
  customerEmail: nullableString,
  description: nullableString,
  completedAt: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  paymentLinkId,
  ...refundFields,
}).meta({ id: "PaymentDetail" });

export const paymentPublicSchema = z.object({
  transactionId: z.string(),
  status,
  amount: z.number(),
  currency: z.string(),
});

export const initiatedPaymentSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transactionId: z.string(),
    status: z.literal("pending"),
    type: z.literal("collect"),
    amount: z.number(),
    currency: z.string(),
    fees,
    paymentMethod: z
      .object({ code: z.string(), name: z.string(), logoUrl: z.string().nullable() })
      .nullable()
      .describe("The provider of a direct payment; null for checkout (the customer picks on the hosted page)."),
    country: z.string(),
    redirectUrl: z.string().describe("Hosted page to send the customer to (checkout), or where they follow a direct payment."),
    externalReference: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    qrCode: z.string().nullable().describe("Always null in this version."),
    deepLinks: z.record(z.string(), z.string()).describe("Per provider code, a link to the hosted page with that method chosen: exactly the methods the page offers for this amount (mobile money; never bank transfer or crypto)."),
    nextAction: z
      .object({ type: z.literal("redirect"), url: z.string() })
      .optional()
      .describe("Direct payments whose operator collects on its own page (Wave, Orange Money web payment): send the customer to `url`; absent for a push to the phone."),
  }),
});

export const transactionListSchema = z.object({
  data: z.array(
    z.object({
      transactionId: z.string(),
      type: z.enum(["collect", "payout"]),
      status: z.string(),
      amount: z.number(),
      currency: z.string(),
      provider: nullableString,
      externalReference: z.string().nullable(),
      customerName: nullableString,
      createdAt: z.string(),
      paidAt: z.string().optional().describe("Only when paid."),
      paymentLinkId: nullableString.describe("Collect: the payment link it was paid through, else null; always null for a payout."),
    }),
  ),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
}).meta({ id: "TransactionList" });
