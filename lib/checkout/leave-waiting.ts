import { recheckOrder } from "@/lib/orders/orders";
import { cancelCheckout } from "./cancel-checkout";
import { checkoutStage } from "./checkout-stage";
import { findCheckoutPayment } from "./get-checkout";
import { submitCheckoutMethod } from "./submit-checkout-method";

/**
 * "I did not get the prompt": the customer on the waiting screen asks to resend the prompt, to
 * choose another method, or to cancel. The prompt already sent may still be approved (an
 * operator keeps it open for up to 30 minutes), so nothing new is sent and nothing is cancelled
 * while its outcome is unknown — that could take the money twice, or take it for a cancelled
 * payment. First the operator is asked where that attempt stands (the same status enquiry as
 * the poll, applied the same way); then:
 * - the operator says it failed (refused, expired, unknown): the payment is `failed`, so
 *   `resend` submits the same method and number again (a new attempt, new reference),
 *   `cancel` cancels it, `other` leaves the page showing the failure and the method form;
 * - the operator still holds it: `still_open`, and the page says why nothing was sent;
 * - it succeeded or moved on meanwhile: `moved`, the page shows the payment as it is.
 * Null for an unknown token.
 */
export const LEAVE_WAITING_CHOICES = ["resend", "other", "cancel"] as const;
export type LeaveWaitingChoice = (typeof LEAVE_WAITING_CHOICES)[number];
export type LeaveWaitingOutcome = "resent" | "choose" | "cancelled" | "still_open" | "moved";

export async function leaveWaiting(token: string, want: LeaveWaitingChoice, now = new Date()): Promise<LeaveWaitingOutcome | null> {
  const payment = await findCheckoutPayment(token);
  if (!payment) return null;
  if (payment.type !== "checkout" || checkoutStage(payment, now) !== "waiting") return "moved";
  // Only an attempt the operator has (processing) can be asked about; a pending one with its
  // method chosen is being sent by the submit job right now: still open.
  if (payment.status === "processing") await recheckOrder(payment.id);
  const current = (await findCheckoutPayment(token))!;
  if (current.status !== "failed") return checkoutStage(current, new Date()) === "waiting" ? "still_open" : "moved";
  if (want === "cancel") return (await cancelCheckout(token))?.ok ? "cancelled" : "moved";
  if (want === "resend") {
    const resent = await submitCheckoutMethod(token, { provider: current.provider, phone: current.customerPhone });
    return resent?.ok ? "resent" : "choose";
  }
  return "choose";
}
