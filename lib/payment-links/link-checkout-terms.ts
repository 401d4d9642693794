import { getPrisma, type Db } from "@/lib/db/client";

/**
 * What the hosted checkout of a payment made through a link must honour (lib/checkout reads it):
 * the link's methods (empty: every method), its success message, and its slug (to start again
 * from its page). Only lib/db here, so the checkout can import it without importing the rest of
 * lib/payment-links (which builds on the checkout).
 */
export type LinkCheckoutTerms = { slug: string; methods: string[]; successMessage: string | null };

export async function linkCheckoutTerms(paymentLinkId: string | null, db?: Db): Promise<LinkCheckoutTerms | null> {
  if (!paymentLinkId) return null;
  const prisma = db ?? (await getPrisma());
  return prisma.paymentLink.findUnique({ where: { id: paymentLinkId }, select: { slug: true, methods: true, successMessage: true } });
}

export const termsAllow = (terms: LinkCheckoutTerms | null, provider: string) => !terms || terms.methods.length === 0 || terms.methods.includes(provider);
