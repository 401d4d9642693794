import { appEnv } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import { BRANDING_COLUMNS, presentBranding, type Branding } from "@/lib/branding";
import { linkCheckoutTerms, type LinkCheckoutTerms } from "@/lib/payment-links/link-checkout-terms";
import { getCatalogue } from "@/lib/reference";
import type { Country } from "@/lib/reference";
import { findMerchant } from "@/lib/merchants/merchant-records";
import { findPaymentByCheckoutToken } from "@/lib/payments/payment-records";

/**
 * A hosted checkout is found by its unguessable token only (never by transaction id), in this
 * deployment's environment. Anything that does not look like a token is refused before any
 * database work, so junk URLs cost nothing.
 */
export type Checkout = {
  payment: Payment;
  /** The branding's display name when the merchant set one, else the merchant's name. */
  merchantName: string;
  /** The merchant's accent colour and logo (lib/branding); null: the page's own colours, no logo. */
  branding?: Pick<Branding, "accentColor" | "logo" | "support"> | null;
  country: Country | null;
  /** The name of the payment's provider (the wallet that pays), from the catalogue; null before one is chosen. */
  providerName?: string | null;
  /** The payment link the payment was made through: its success message and its page (lib/payment-links); null otherwise. */
  link?: LinkCheckoutTerms | null;
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export const isWellFormedToken = (token: unknown): token is string => typeof token === "string" && TOKEN_SHAPE.test(token);

/**
 * The payment behind a checkout token, alone: one query. Enough for the live status poll, the
 * cancel and the form submission, which run far more often than the page itself.
 */
export async function findCheckoutPayment(token: unknown, db?: Db): Promise<Payment | null> {
  if (!isWellFormedToken(token)) return null;
  const prisma = db ?? (await getPrisma());
  const payment = await findPaymentByCheckoutToken(token, prisma);
  return payment && payment.environment === appEnv() ? payment : null;
}

/** The payment's collect country from the cached catalogue (no query). */
export async function checkoutCountry(payment: Pick<Payment, "country">): Promise<Country | null> {
  return payment.country ? ((await getCatalogue()).countryByCode.get(payment.country) ?? null) : null;
}

/** Everything the page shows: the payment, its merchant's name and branding (never the logo's bytes), its country. */
export async function getCheckoutByToken(token: unknown, db?: Db): Promise<Checkout | null> {
  const payment = await findCheckoutPayment(token, db);
  if (!payment) return null;
  const prisma = db ?? (await getPrisma());
  const [merchant, link] = await Promise.all([
    findMerchant(payment.merchantId, { name: true, branding: { select: BRANDING_COLUMNS } }, prisma),
    linkCheckoutTerms(payment.paymentLinkId, prisma),
  ]);
  const branding = merchant?.branding ? presentBranding(payment.merchantId, merchant.branding) : null;
  return {
    payment,
    merchantName: branding?.displayName ?? merchant?.name ?? "",
    branding: branding ? { accentColor: branding.accentColor, logo: branding.logo, support: branding.support } : null,
    country: await checkoutCountry(payment),
    providerName: payment.provider ? ((await getCatalogue()).providerByCode.get(payment.provider)?.name ?? null) : null,
    link,
  };
}
