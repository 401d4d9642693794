import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { getPrisma } from "@/lib/db/client";
import type { Merchant, Plan } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";

export const PLANS: Plan[] = ["standard", "business", "enterprise"];

export async function setMerchantPlan(merchantId: string, plan: Plan, actor: string): Promise<Merchant> {
  if (!PLANS.includes(plan)) throw new AppError("validation_error", `Unknown plan "${plan}". Use one of: ${PLANS.join(", ")}.`);
  const prisma = await getPrisma();
  const merchant = await prisma.$transaction(async (tx) => {
    const existing = await tx.merchant.findUnique({ where: { id: merchantId } });
    if (!existing) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const merchant = await tx.merchant.update({ where: { id: merchantId }, data: { plan } });
    await tx.auditLog.create({
      data: { id: newId("aud"), merchantId, actor, action: "merchant.plan_changed", details: { from: existing.plan, to: plan } },
    });
    return merchant;
  });
  invalidateApiKeyCache();
  return merchant;
}
