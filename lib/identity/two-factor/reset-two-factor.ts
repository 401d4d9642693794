import { writeAudit } from "@/lib/audit/write-audit";
import { getPrisma } from "@/lib/db/client";

/**
 * Support's way back in for a member who lost both the app and the recovery codes (an operator,
 * after checking who is asking): two-factor off, recovery codes deleted, every session and
 * pending sign-in of the member ended (session version), and the audit row, in one transaction.
 * If the team requires two-factor, the member is sent to set it up again at their next sign-in.
 */
export async function resetTwoFactor(email: string, actor: string): Promise<{ userId: string; merchantId: string } | null> {
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    const user = await tx.dashboardUser.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user) return null;
    await tx.dashboardUser.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null, sessionVersion: { increment: 1 } } });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: user.id } });
    await writeAudit(tx, { merchantId: user.merchantId, environment: null, actor, action: "two_factor.reset", details: { member: user.email } });
    return { userId: user.id, merchantId: user.merchantId };
  });
}
