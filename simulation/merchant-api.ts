import { POST as checkoutPay } from "@/app/checkout/[token]/pay/route";
import { POST as cancelPaymentRoute } from "@/app/api/v1/payments/[transactionId]/cancel/route";
import { POST as refundRoute } from "@/app/api/v1/payments/[transactionId]/refund/route";
import { POST as initiatePaymentRoute } from "@/app/api/v1/payments/initiate/route";
import { POST as cancelPayoutRoute } from "@/app/api/v1/payouts/[payoutId]/cancel/route";
import { POST as bulkRoute } from "@/app/api/v1/payouts/bulk/route";
import { POST as initiatePayoutRoute } from "@/app/api/v1/payouts/initiate/route";
import { POST as quoteRoute } from "@/app/api/v1/payouts/quote/route";

/**
 * What a merchant's integration does, through the platform's real route handlers with real
 * Requests (as Next calls them), and what a customer does on the hosted checkout page.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type ApiAnswer = { status: number; json: any };

const API = "http://localhost:3000/api/v1";

async function call(handler: Handler, path: string, key: string, body: unknown, params: Record<string, string> = {}, idempotencyKey?: string): Promise<ApiAnswer> {
  const headers = new Headers({ "X-API-Key": key, "content-type": "application/json" });
  if (idempotencyKey) headers.set("Idempotency-Key", idempotencyKey);
  const response = await handler(new Request(`${API}${path}`, { method: "POST", headers, body: JSON.stringify(body ?? {}) }), { params: Promise.resolve(params) });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = { unparsed: text.slice(0, 200) };
  }
  return { status: response.status, json };
}

export const merchantApi = {
  initiatePayment: (key: string, body: Record<string, unknown>, idempotencyKey?: string) => call(initiatePaymentRoute, "/payments/initiate", key, body, {}, idempotencyKey),
  cancelPayment: (key: string, id: string) => call(cancelPaymentRoute, `/payments/${id}/cancel`, key, {}, { transactionId: id }),
  refund: (key: string, id: string, body: Record<string, unknown>) => call(refundRoute, `/payments/${id}/refund`, key, body, { transactionId: id }),
  quote: (key: string, body: Record<string, unknown>) => call(quoteRoute, "/payouts/quote", key, body),
  initiatePayout: (key: string, body: Record<string, unknown>, idempotencyKey?: string) => call(initiatePayoutRoute, "/payouts/initiate", key, body, {}, idempotencyKey),
  bulkPayouts: (key: string, body: Record<string, unknown>) => call(bulkRoute, "/payouts/bulk", key, body),
  cancelPayout: (key: string, id: string) => call(cancelPayoutRoute, `/payouts/${id}/cancel`, key, {}, { payoutId: id }),
};

/**
 * The customer picks a method and types a number on the hosted checkout page (a same-origin form
 * POST, as the browser sends it). Null when the page took it; else why the page refused it.
 */
export async function payOnCheckout(publicUrl: string, token: string, provider: string, phone: string): Promise<string | null> {
  const request = new Request(`${publicUrl}/checkout/${token}/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: publicUrl, host: new URL(publicUrl).host, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ provider, phone }).toString(),
  });
  const response = await checkoutPay(request, { params: Promise.resolve({ token }) });
  await response.text();
  if (response.status !== 303) return `${response.status}`;
  const error = new URL(response.headers.get("location") ?? "/", publicUrl).searchParams.get("error");
  return error;
}
