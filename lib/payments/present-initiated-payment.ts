import type { Payment } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";
import { feesOf } from "./payment-views";
import { getCatalogue } from "@/lib/reference";
import { assetUrl } from "@/lib/reference/asset-url";
import { listMethodsForCheckout } from "@/lib/checkout/list-checkout-methods";
import { checkoutUrl, type InitiatedPayment } from "./initiate-payment";

/** The initiate response (spec): the payment plus how to send the customer to pay it. */
export async function presentInitiatedPayment(payment: Payment | InitiatedPayment) {
  const catalogue = await getCatalogue();
  const redirectUrl = checkoutUrl(payment);
  const methodOf = (code: string) => {
    const channel = catalogue.channels.find(
      (c) => c.providerCode === code && c.countryCode === payment.country && c.currency === payment.currency && c.direction === "collect",
    );
    return { code, name: channel?.displayName ?? code, logoUrl: assetUrl(channel?.logoPath ?? null) };
  };
  // A checkout's deep links: exactly the methods its page lists (never bank transfer or crypto,
  // which the page cannot serve, nor a method whose bounds refuse the amount).
  const methods = payment.type === "direct" ? [payment.provider!] : (await listMethodsForCheckout(payment)).map((m) => m.provider);
  return {
    success: true as const,
    data: {
      transactionId: payment.id,
      status: "pending" as const,
      type: "collect" as const,
      amount: fromMinor(payment.amount, payment.currency),
      currency: payment.currency,
      fees: feesOf(payment),
      paymentMethod: payment.type === "direct" ? methodOf(payment.provider!) : null,
      country: payment.country!,
      redirectUrl,
      externalReference: payment.externalReference,
      expiresAt: payment.expiresAt.toISOString(),
      createdAt: payment.createdAt.toISOString(),
      metadata: (payment.metadata as Record<string, unknown> | null) ?? null,
      qrCode: null,
      deepLinks: Object.fromEntries(methods.map((code) => [code, `${redirectUrl}?method=${encodeURIComponent(code)}`])),
      // A redirect flow (docs/design/connectors.md): the customer must be sent to pay. Our hosted page forwards
      // them to the operator's page as soon as the operator has opened it (a second or so).
      ...("redirectFlow" in payment && payment.redirectFlow ? { nextAction: { type: "redirect" as const, url: redirectUrl } } : {}),
    },
  };
}
