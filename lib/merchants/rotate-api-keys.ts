import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { appEnv, config, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { generateKeyPair } from "@/lib/auth/api-keys";

export type RotatedKeys = {
  publicKey: string;
  secretKey: string;
  environment: AppEnvironment;
  /** When the previous pair(s) stop working. */
  previousValidUntil: Date;
};

/**
 * Rotation (DESIGN §5): a new pair is created; every pair still current keeps working for the
 * grace period (24 h), then gets 401. Pairs already expiring keep their earlier deadline.
 * Written to the audit log in the same transaction.
 */
export async function rotateApiKeys(merchantId: string, actor: string, now = new Date()): Promise<RotatedKeys> {
  const environment = appEnv();
  const prisma = await getPrisma();
  const previousValidUntil = new Date(now.getTime() + config.keyRotationGraceHours() * 3600_000);
  const keys = generateKeyPair(environment);
  await prisma.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({ where: { id: merchantId }, select: { id: true } });
    if (!merchant) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const expired = await tx.apiKey.updateMany({
      where: { merchantId, environment, revokedAt: null, expiresAt: null },
      data: { expiresAt: previousValidUntil },
    });
    await tx.apiKey.create({
      data: {
        id: newId("key"),
        merchantId,
        environment,
        publicKey: keys.publicKey,
        secretHash: keys.secretHash,
        secretHint: keys.secretHint,
      },
    });
    await tx.auditLog.create({
      data: {
        id: newId("aud"),
        merchantId,
        environment,
        actor,
        action: "api_keys.rotated",
        details: { newPublicKey: keys.publicKey, previousPairs: expired.count, previousValidUntil: previousValidUntil.toISOString() },
      },
    });
  });
  invalidateApiKeyCache();
  return { publicKey: keys.publicKey, secretKey: keys.secretKey, environment, previousValidUntil };
}
