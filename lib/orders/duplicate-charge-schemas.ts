import { z } from "zod";

/** The duplicate charge on the wire: the `data` of a `payment.duplicate_charge` event (docs/design/order-lifecycle.md, "Duplicate charges"). */
export const DUPLICATE_CHARGE_STATUSES = ["pending", "processing", "refunded", "held", "released"] as const;

export const duplicateChargeSchema = z
  .object({
    duplicateChargeId: z.string().describe("dup_…"),
    transactionId: z.string().describe("The payment the customer was charged for again (txn_…)."),
    cause: z
      .enum(["paid_twice", "payment_ended"])
      .describe("paid_twice: another attempt of the payment had paid it already; payment_ended: the payment had ended unpaid (cancelled or expired) when this charge went through."),
    amount: z.number().describe("What the operator took again, in the payment's currency. Never part of your balance."),
    currency: z.string(),
    provider: z.string(),
    providerReference: z.string().nullable().describe("The operator's id of the charge, where it gave one."),
    status: z
      .enum(DUPLICATE_CHARGE_STATUSES)
      .describe("pending / processing: being refunded to the customer; refunded; held: not refunded yet, our operations follow it up; released: left to you to settle with your customer (credited to collect.available)."),
    createdAt: z.string(),
  })
  .meta({ id: "DuplicateCharge" });
