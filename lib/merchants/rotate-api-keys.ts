import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { appEnv, config, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { generateKeyPair } from "@/lib/auth/api-keys";
import { writeAudit } from "@/lib/audit/write-audit";

export type RotatedKeys = {
  publicKey: string;
  secretKey: string;
  environment: AppEnvironment;
  /** The overlap the rotation gave the previous pair(s), in hours (0 = they stopped at once). */
  graceHours: number;
  /** When the previous pair(s) stop working. */
  previousValidUntil: Date;
};

/** The spec's promise ("the previous key stays valid for 24 hours") is the longest overlap we give. */
export const MAX_ROTATION_GRACE_HOURS = 24;

/**
 * A grace period a merchant or operator asked for: a number of hours from 0 to 24, fractions
 * allowed (0.5 = 30 min). Throws a 400 `validation_error` otherwise.
 */
export function parseGraceHours(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  const hours = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_ROTATION_GRACE_HOURS) {
    const message = `The grace period must be a number of hours from 0 to ${MAX_ROTATION_GRACE_HOURS}.`;
    throw new AppError("validation_error", message, { details: [{ path: "graceHours", message }] });
  }
  return hours;
}

/**
 * Rotation (docs/design/authentication-and-limits.md): a new pair is created; every pair still usable keeps working for the
 * grace period the caller chose (0 to 24 h, KEY_ROTATION_GRACE_HOURS = 24 by default), then
 * gets 401. A pair already expiring keeps its deadline unless the new one is sooner: rotating
 * with no grace after a leak ends every older pair at once. Written to the audit log in the
 * same transaction, with the chosen grace.
 */
export async function rotateApiKeys(
  merchantId: string,
  actor: string,
  options: { graceHours?: number; now?: Date } = {},
): Promise<RotatedKeys> {
  const environment = appEnv();
  const now = options.now ?? new Date();
  const graceHours = options.graceHours === undefined ? Math.min(config.keyRotationGraceHours(), MAX_ROTATION_GRACE_HOURS) : parseGraceHours(options.graceHours);
  const prisma = await getPrisma();
  const previousValidUntil = new Date(now.getTime() + Math.round(graceHours * 3600_000));
  const keys = generateKeyPair(environment);
  await prisma.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({ where: { id: merchantId }, select: { id: true } });
    if (!merchant) throw new AppError("not_found", `Merchant ${merchantId} not found.`);
    const usable = { merchantId, environment, revokedAt: null };
    const current = await tx.apiKey.updateMany({ where: { ...usable, expiresAt: null }, data: { expiresAt: previousValidUntil } });
    const shortened = await tx.apiKey.updateMany({ where: { ...usable, expiresAt: { gt: previousValidUntil } }, data: { expiresAt: previousValidUntil } });
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
    await writeAudit(tx, {
      merchantId,
      environment,
      actor,
      action: "api_keys.rotated",
      details: {
        newPublicKey: keys.publicKey,
        previousPairs: current.count,
        graceHours,
        previousValidUntil: previousValidUntil.toISOString(),
        ...(shortened.count > 0 ? { expiringPairsShortened: shortened.count } : {}),
      },
    });
  });
  invalidateApiKeyCache();
  return { publicKey: keys.publicKey, secretKey: keys.secretKey, environment, graceHours, previousValidUntil };
}
