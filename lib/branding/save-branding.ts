import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { BRANDING_COLUMNS } from "./present-branding";

export type BrandingColumns = Prisma.MerchantBrandingGetPayload<{ select: typeof BRANDING_COLUMNS }>;

/**
 * Writes a merchant's branding in the caller's transaction (its audit row goes in the same one):
 * the row as it was (null: none yet) and as it is now.
 */
export async function saveBranding(
  tx: Tx,
  merchantId: string,
  data: Omit<Prisma.MerchantBrandingUncheckedCreateInput, "merchantId">,
): Promise<{ before: BrandingColumns | null; after: BrandingColumns }> {
  const before = await tx.merchantBranding.findUnique({ where: { merchantId }, select: { ...BRANDING_COLUMNS } });
  const after = await tx.merchantBranding.upsert({ where: { merchantId }, create: { merchantId, ...data }, update: data, select: BRANDING_COLUMNS });
  return { before, after };
}
