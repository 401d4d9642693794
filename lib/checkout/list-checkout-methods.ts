import { appEnv } from "@/lib/config";
import type { Payment } from "@/lib/db/generated/client";
import { linkCheckoutTerms, termsAllow } from "@/lib/payment-links/link-checkout-terms";
import { channelTakes } from "@/lib/reference";
import { checkoutChannels } from "@/lib/payments/checkout-channels";

/**
 * The methods a customer can pay this payment with: active collect channels of its country and
 * currency that take its amount (bounds; whole units where the operator takes no cents), available in this environment (a route to a usable
 * connector account, lib/connectors/get-route), in catalogue order.
 * Mobile money only: the page's flow is "number, then approve on the phone"; bank transfer and
 * crypto need flows of their own (account details, a wallet address) that this page lacks.
 * A payment made through a payment link offers only the link's methods when it names some.
 */
export type CheckoutMethod = { provider: string; name: string; logoPath: string | null; color: string };

export async function listMethodsForCheckout(
  payment: Pick<Payment, "country" | "currency" | "amount"> & { environment?: Payment["environment"]; paymentLinkId?: string | null },
): Promise<CheckoutMethod[]> {
  if (!payment.country) return [];
  const [channels, terms] = await Promise.all([checkoutChannels(payment.environment ?? appEnv(), payment.country, payment.currency), linkCheckoutTerms(payment.paymentLinkId ?? null)]);
  return channels
    .filter((c) => channelTakes(c, payment.amount) && termsAllow(terms, c.providerCode))
    .map((c) => ({ provider: c.providerCode, name: c.displayName, logoPath: safeLogoPath(c.logoPath), color: safeColor(c.color) }));
}

/** Logos are our own files under public/ (same origin, allowed by the page's CSP). */
function safeLogoPath(path: string | null): string | null {
  return path && /^\/[A-Za-z0-9/_.-]+\.(svg|png|webp)$/.test(path) ? path : null;
}

/** Colors go into a style sheet: only plain hex colors pass. */
export function safeColor(color: string): string {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color) ? color : "#5b6475";
}
