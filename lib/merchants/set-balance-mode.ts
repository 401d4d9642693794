import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { getPrisma } from "@/lib/db/client";
import type { BalanceMode, Merchant } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/audit/write-audit";

export const BALANCE_MODES: BalanceMode[] = ["unified", "separate"];

/**
 * unified: payouts draw on collect; separate: on payout (docs/design/ledger.md). Balances stay where they
 * are: switching to separate does not move funds (the merchant moves them, or funds payout).
 */
export async function setBalanceMode(merchantId: string, mode: BalanceMode, actor: string): Promise<Merchant> {
  if (!BALANCE_MODES.includes(mode)) throw new AppError("validation_error", `Unknown balance mode "${mode}". Use one of: ${BALANCE_MODES.join(", ")}.`);
  const prisma = await getPrisma();
  const merchant = await prisma.$transaction(async (tx) => {
    const existing = await tx.merchant.findUnique({ where: { id: merchantId } });
    if (!existing) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const merchant = await tx.merchant.update({ where: { id: merchantId }, data: { balanceMode: mode } });
    await writeAudit(tx, { merchantId, environment: null, actor, action: "merchant.balance_mode_changed", details: { from: existing.balanceMode, to: mode } });
    return merchant;
  });
  invalidateApiKeyCache();
  return merchant;
}
