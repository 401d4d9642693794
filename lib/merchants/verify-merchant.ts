import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { assertKeyEnvironment, generateKeyPair } from "@/lib/auth/api-keys";
import { appEnv } from "@/lib/config";
import { writeAudit } from "@/lib/audit/write-audit";

export type VerifiedMerchant = {
  merchantId: string;
  email: string;
  /** The first live key pair; the secret is only ever shown here. */
  keys: { publicKey: string; secretKey: string; environment: "production" };
  /** False when the operator verified without a dashboard submission (API-only merchants). */
  hadSubmission: boolean;
};

/**
 * An operator's verification (docs/design/checkout-and-dashboard.md): the merchant becomes `verified` and gets its first
 * live (production) key pair, in one transaction with the audit entry. Refused when it already
 * has a live pair: rotation is `keys:rotate` then.
 */
export async function verifyMerchant(merchantId: string, actor: string, now = new Date()): Promise<VerifiedMerchant> {
  assertKeyEnvironment("production", appEnv(), "a live key pair (merchant:verify)");
  const prisma = await getPrisma();
  const keys = generateKeyPair("production");
  return prisma.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({ where: { id: merchantId } });
    if (!merchant) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const live = await tx.apiKey.count({ where: { merchantId, environment: "production", revokedAt: null } });
    if (live > 0) throw new AppError("invalid_state", `Merchant ${merchantId} already has live keys; use keys:rotate to replace them.`);
    await tx.merchant.update({ where: { id: merchantId }, data: { verificationStatus: "verified" } });
    const submission = await tx.merchantVerification.updateMany({ where: { merchantId }, data: { reviewedAt: now, reviewedBy: actor } });
    await tx.apiKey.create({
      data: { id: newId("key"), merchantId, environment: "production", publicKey: keys.publicKey, secretHash: keys.secretHash, secretHint: keys.secretHint },
    });
    await writeAudit(tx, {
      merchantId,
      environment: "production",
      actor,
      action: "merchant.verified",
      details: { from: merchant.verificationStatus, livePublicKey: keys.publicKey },
    });
    return {
      merchantId,
      email: merchant.email,
      keys: { publicKey: keys.publicKey, secretKey: keys.secretKey, environment: "production" as const },
      hadSubmission: submission.count > 0,
    };
  });
}
