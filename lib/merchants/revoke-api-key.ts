import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/audit/write-audit";

export type RevokedKey = { publicKey: string; revokedAt: Date; alreadyRevoked: boolean };

/**
 * Ends one key pair now (a leaked secret): from this instant it gets 401, whatever grace a
 * rotation gave it. Only a pair of this merchant in this deployment's environment; anything
 * else is "not found" (another merchant's key is never confirmed to exist). Revoking twice
 * keeps the first instant. Audited in the same transaction.
 *
 * This process forgets its cached keys at once; another instance trusts its cache for at most
 * API_KEY_CACHE_MS (5 s by default) more.
 */
export async function revokeApiKey(merchantId: string, publicKey: string, actor: string, now = new Date()): Promise<RevokedKey> {
  const environment = appEnv();
  const prisma = await getPrisma();
  const result = await prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { merchantId, environment, publicKey } });
    if (!key) throw new AppError("not_found", `No API key ${publicKey} on this account.`);
    if (key.revokedAt) return { publicKey, revokedAt: key.revokedAt, alreadyRevoked: true };
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } });
    const remaining = await tx.apiKey.count({
      where: { merchantId, environment, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    });
    await writeAudit(tx, {
      merchantId,
      environment,
      actor,
      action: "api_keys.revoked",
      details: { publicKey, wasCurrent: key.expiresAt === null, usablePairsLeft: remaining },
    });
    return { publicKey, revokedAt: now, alreadyRevoked: false };
  });
  invalidateApiKeyCache();
  return result;
}
