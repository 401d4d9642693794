import { appEnv } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { PaymentLink } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { LinkScope } from "./create-payment-link";
import { SLUG_PATTERN } from "./payment-link-schemas";

/** The merchant's link or 404: another merchant's link, or the other environment's, does not exist for you. */
export async function getPaymentLinkOrThrow(scope: LinkScope, id: string, db?: Db): Promise<PaymentLink> {
  const prisma = db ?? (await getPrisma());
  const link = await prisma.paymentLink.findFirst({ where: { id, merchantId: scope.merchantId, environment: scope.environment } });
  if (!link) throw new AppError("not_found", `Payment link ${id} not found.`);
  return link;
}

/**
 * The link behind /pay/<slug>, in this deployment's environment. Anything not shaped like a slug
 * is refused before any database work, so junk URLs cost nothing.
 */
export async function findLinkBySlug(slug: unknown, db?: Db): Promise<PaymentLink | null> {
  if (typeof slug !== "string" || slug.length > 64 || !SLUG_PATTERN.test(slug)) return null;
  const prisma = db ?? (await getPrisma());
  return prisma.paymentLink.findUnique({ where: { environment_slug: { environment: appEnv(), slug } } });
}

/** The merchant's link's title (a payment's page names the link it came through), or null. */
export async function findLinkTitle(merchantId: string, id: string, db?: Db): Promise<{ id: string; title: string } | null> {
  return (db ?? (await getPrisma())).paymentLink.findFirst({ where: { id, merchantId }, select: { id: true, title: true } });
}
