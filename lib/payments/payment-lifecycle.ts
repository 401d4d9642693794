import { setting } from "@/lib/config";
import { isPlanted } from "@/lib/config/planted-bugs";
import type { PaymentStatus } from "@/lib/db/generated/client";

/**
 * The collect state machine (docs/design/order-lifecycle.md):
 *
 *   pending ──► processing ──► success ──► refunded
 *      │             └──────► failed ──► success   (late success after our timeout, or of an earlier attempt: the money was taken)
 *      │                        └──► pending / cancelled   (checkout only: the customer tries again, or gives up)
 *      ├──► cancelled
 *      ├──► expired
 *      └──► failed (the provider refused the submission)
 *
 * Every change goes through transitionPayment(), which applies it only from an allowed state
 * (conditional UPDATE), so concurrent jobs, callbacks and users can never both win.
 */
export const ALLOWED_TRANSITIONS: Record<PaymentStatus, PaymentStatus[]> = {
  pending: ["processing", "cancelled", "expired", "failed"],
  processing: ["success", "failed"],
  success: ["refunded"],
  failed: ["success", "pending", "cancelled"],
  cancelled: [],
  expired: [],
  refunded: [],
};

export const FINAL_STATUSES: PaymentStatus[] = ["success", "failed", "cancelled", "expired", "refunded"];

export function canTransition(
  payment: { status: PaymentStatus; type: "direct" | "checkout"; errorCode: string | null },
  to: PaymentStatus,
  options: { byEarlierAttempt?: boolean } = {},
): boolean {
  if (payment.status === "success" && to === "success" && isPlanted("callback-applied-twice")) return true;
  if (!ALLOWED_TRANSITIONS[payment.status].includes(to)) return false;
  if (payment.status !== "failed") return true;
  // Only a payment we failed for lack of an answer may still succeed late — or one whose earlier
  // attempt the operator now says was paid (the failure was another attempt's).
  if (to === "success") return payment.errorCode === "timeout" || options.byEarlierAttempt === true;
  // A failed attempt on the hosted page can be retried with another method, or abandoned.
  return payment.type === "checkout";
}

/** Minutes a payment stays payable (docs/design/order-lifecycle.md), configurable per deployment. */
export function expiryMinutes(type: "direct" | "checkout"): number {
  return setting(type === "direct" ? "PAYMENT_DIRECT_EXPIRY_MINUTES" : "PAYMENT_CHECKOUT_EXPIRY_MINUTES");
}

/** How long we keep asking the provider before failing a processing payment with `timeout`. */
export function providerTimeoutMs(): number {
  return setting("PROVIDER_TIMEOUT_SECONDS") * 1000;
}

/** Poll backoff: 2 s, 4 s, 8 s … capped at 60 s (the first answer usually comes within seconds). */
export function pollDelayMs(attempt: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.min(attempt, 5));
}

export const STATUS_MESSAGES: Record<PaymentStatus, string> = {
  pending: "Waiting for the customer to start the payment.",
  processing: "Waiting for the customer to approve the payment on their phone.",
  success: "Payment received.",
  failed: "The payment failed.",
  cancelled: "The payment was cancelled.",
  expired: "The payment expired before the customer paid.",
  refunded: "The payment was refunded.",
};
