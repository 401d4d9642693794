/**
 * Where the customer goes back to the merchant: `returnUrl` after a success, `cancelUrl` after a
 * cancel (docs/design/checkout-and-dashboard.md), with `transactionId` and `status` added to the URL's own query (which is
 * kept; ours win over same-named parameters). Other final states stay on the page.
 */
export function redirectTarget(payment: {
  id: string;
  status: string;
  returnUrl: string | null;
  cancelUrl: string | null;
}): string | null {
  const base = payment.status === "success" ? payment.returnUrl : payment.status === "cancelled" ? payment.cancelUrl : null;
  if (!base) return null;
  return withStatus(base, payment.id, payment.status);
}

export function withStatus(base: string, transactionId: string, status: string): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  url.searchParams.set("transactionId", transactionId);
  url.searchParams.set("status", status);
  return url.toString();
}
