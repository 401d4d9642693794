import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { getPrisma } from "@/lib/db/client";
import type { Merchant, Plan } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/audit/write-audit";

export const PLANS: Plan[] = ["standard", "business", "enterprise"];

export async function setMerchantPlan(merchantId: string, plan: Plan, actor: string): Promise<Merchant> {
  if (!PLANS.includes(plan)) throw new AppError("validation_error", `Unknown plan "${plan}". Use one of: ${PLANS.join(", ")}.`);
  const prisma = await getPrisma();
  const merchant = await prisma.$transaction(async (tx) => {
    const existing = await tx.merchant.findUnique({ where: { id: merchantId } });
    if (!existing) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const merchant = await tx.merchant.update({ where: { id: merchantId }, data: { plan } });
    await writeAudit(tx, { merchantId, environment: null, actor, action: "merchant.plan_changed", details: { from: existing.plan, to: plan } });
    return merchant;
  });
  invalidateApiKeyCache();
  return merchant;
}
