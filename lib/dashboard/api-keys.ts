import { z } from "zod";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { rotateApiKeys, type RotatedKeys } from "@/lib/merchants/rotate-api-keys";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";

export type ApiKeyView = {
  publicKey: string;
  secretHint: string;
  createdAt: Date;
  /** null: current pair; a date: the pair stops working then (rotation grace). */
  expiresAt: Date | null;
  /** Milliseconds left for an expiring pair. */
  remainingMs: number | null;
};

export type AuditEntryView = { id: string; action: string; actor: string; details: unknown; createdAt: Date };

/** The environment's usable key pairs (current and those in their grace period) and the audit log. */
export async function getApiKeysPage(scope: DashboardScope, now = new Date()) {
  const prisma = await getPrisma();
  const [keys, audit, merchant] = await Promise.all([
    prisma.apiKey.findMany({
      where: { merchantId: scope.merchantId, environment: scope.environment, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      orderBy: { createdAt: "desc" },
    }),
    prisma.auditLog.findMany({
      where: { merchantId: scope.merchantId, OR: [{ environment: scope.environment }, { environment: null }] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
    }),
    prisma.merchant.findUniqueOrThrow({ where: { id: scope.merchantId }, select: { verificationStatus: true } }),
  ]);
  return {
    graceHours: config.keyRotationGraceHours(),
    verificationStatus: merchant.verificationStatus,
    keys: keys.map<ApiKeyView>((k) => ({
      publicKey: k.publicKey,
      secretHint: k.secretHint,
      createdAt: k.createdAt,
      expiresAt: k.expiresAt,
      remainingMs: k.expiresAt ? k.expiresAt.getTime() - now.getTime() : null,
    })),
    audit: audit.map<AuditEntryView>((a) => ({ id: a.id, action: a.action, actor: a.actor, details: a.details, createdAt: a.createdAt })),
  };
}

const rotateInput = z.object({ confirm: z.literal("rotate", { message: "Confirm the rotation first." }) });

/**
 * Rotation from the dashboard: only after an explicit confirmation; the new secret is returned
 * once. In production a merchant without live keys (not verified yet) cannot rotate.
 */
export async function rotateDashboardKeys(scope: DashboardScope, raw: unknown): Promise<FormResult<RotatedKeys>> {
  const parsed = rotateInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const prisma = await getPrisma();
  const hasKeys = await prisma.apiKey.count({ where: { merchantId: scope.merchantId, environment: scope.environment, revokedAt: null } });
  if (hasKeys === 0) return { ok: false, code: "invalid_state", error: "There is no key pair to rotate yet: live keys are issued once the account is verified." };
  return toFormResult(() => rotateApiKeys(scope.merchantId, dashboardActor(scope)));
}
