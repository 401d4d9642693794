import type { Payment } from "@/lib/db/generated/client";
import { isAppError } from "@/lib/errors";
import { cancelLoadedPayment } from "@/lib/payments/cancel-payment";
import { isCancellable } from "./checkout-stage";
import { findCheckoutPayment } from "./get-checkout";

/**
 * The customer gives up on the hosted page: a checkout payment that is pending (nothing on its
 * way to the phone yet, or not expired) or whose last attempt failed becomes `cancelled`, with
 * the payment.cancelled event, through cancelLoadedPayment. Cancelling twice is a no-op.
 * Null for an unknown token.
 */
export type CancelCheckoutResult = { ok: true; payment: Payment } | { ok: false; payment: Payment };

export async function cancelCheckout(token: string, now = new Date()): Promise<CancelCheckoutResult | null> {
  const payment = await findCheckoutPayment(token);
  if (!payment) return null;
  if (payment.status === "cancelled") return { ok: true, payment };
  if (!isCancellable(payment, now)) return { ok: false, payment };
  try {
    return { ok: true, payment: await cancelLoadedPayment(payment, "customer") };
  } catch (err) {
    if (isAppError(err) && err.code === "invalid_state") return { ok: false, payment };
    throw err;
  }
}
