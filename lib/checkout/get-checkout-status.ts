import { checkoutStatusOf, type CheckoutStatus } from "./checkout-stage";
import { findCheckoutPayment } from "./get-checkout";

/** For the page's live updates: the customer-safe status of a checkout, or null for an unknown token. */
export async function checkoutStatus(token: string, now = new Date()): Promise<CheckoutStatus | null> {
  const payment = await findCheckoutPayment(token);
  return payment ? checkoutStatusOf(payment, now) : null;
}
