import type { Payment } from "@/lib/db/generated/client";
import { redirectTarget } from "./redirect-target";

/**
 * What the hosted page shows for a payment at a given moment (docs/design/order-lifecycle.md, docs/design/checkout-and-dashboard.md):
 * - `choose`: a checkout payment waiting for the customer to pick a method and number;
 * - `waiting`: a method was submitted (or the payment is direct) and the provider prompt is on
 *   its way or on the phone;
 * - final: `success`, `failed`, `cancelled`, `expired`, `refunded`.
 * A pending payment past `expiresAt` is shown expired even before the sweep marks it so.
 * `payable`: the customer may still (re)submit a method: pending-and-unchosen, or a failed
 * checkout attempt while the payment has not expired.
 */
export type CheckoutStage = "choose" | "waiting" | "success" | "failed" | "cancelled" | "expired" | "refunded";

type StageInput = Pick<Payment, "type" | "status" | "provider" | "expiresAt">;

export function checkoutStage(payment: StageInput, now = new Date()): CheckoutStage {
  const expired = now.getTime() >= payment.expiresAt.getTime();
  switch (payment.status) {
    case "pending":
      if (expired) return "expired";
      return payment.type === "checkout" && !payment.provider ? "choose" : "waiting";
    case "processing":
      return "waiting";
    default:
      return payment.status;
  }
}

export function isPayable(payment: StageInput, now = new Date()): boolean {
  if (payment.type !== "checkout" || now.getTime() >= payment.expiresAt.getTime()) return false;
  return (payment.status === "pending" && !payment.provider) || payment.status === "failed";
}

/** The customer may cancel while nothing is on the way to the phone, or after a failed attempt. */
export function isCancellable(payment: StageInput, now = new Date()): boolean {
  if (payment.type !== "checkout") return false;
  if (payment.status === "failed") return true;
  return payment.status === "pending" && now.getTime() < payment.expiresAt.getTime();
}

/** The customer-safe status of a checkout: no phone, no name, no secret, no merchant data. */
export type CheckoutStatus = {
  stage: CheckoutStage;
  status: Payment["status"];
  errorCode: string | null;
  expiresAt: string;
  payable: boolean;
  redirectUrl: string | null;
  /** A redirect flow's operator page (Wave, Orange) once the operator has opened it: the customer goes there to pay. */
  operatorUrl: string | null;
};

export function checkoutStatusOf(payment: Payment, now = new Date()): CheckoutStatus {
  return {
    stage: checkoutStage(payment, now),
    status: payment.status,
    errorCode: payment.status === "failed" ? payment.errorCode : null,
    expiresAt: payment.expiresAt.toISOString(),
    payable: isPayable(payment, now),
    redirectUrl: redirectTarget(payment),
    operatorUrl: operatorUrlOf(payment),
  };
}

/** Only while the attempt is in flight: after a final answer the operator's page is stale. */
export function operatorUrlOf(payment: Pick<Payment, "status" | "providerRedirectUrl">): string | null {
  return payment.status === "processing" ? payment.providerRedirectUrl : null;
}
