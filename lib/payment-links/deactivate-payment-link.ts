import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getPrisma } from "@/lib/db/client";
import type { PaymentLink } from "@/lib/db/generated/client";
import type { LinkScope } from "./create-payment-link";
import { getPaymentLinkOrThrow } from "./get-payment-link";

/**
 * POST /payment-links/{paymentLinkId}/deactivate: the link takes no new payment from now on; its
 * page says so. Payments already started through it go on (a customer who approved on the phone
 * pays). Deactivating twice is harmless and keeps the first time; the change and its audit row
 * commit together. There is no reactivation: a printed QR code that was withdrawn stays
 * withdrawn; make a new link instead.
 */
export async function deactivatePaymentLink(scope: LinkScope, id: string, options: { audit?: AuditBy } = {}, now = new Date()): Promise<PaymentLink> {
  const prisma = await getPrisma();
  const link = await getPaymentLinkOrThrow(scope, id, prisma);
  if (link.deactivatedAt) return link;
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.paymentLink.updateMany({ where: { id: link.id, deactivatedAt: null }, data: { deactivatedAt: now } });
    if (count === 1 && options.audit) {
      await writeAudit(tx, { merchantId: scope.merchantId, environment: scope.environment, actor: options.audit.actor, action: "payment_link.deactivated", details: { paymentLinkId: link.id, slug: link.slug } });
    }
  });
  return getPaymentLinkOrThrow(scope, id, prisma);
}
