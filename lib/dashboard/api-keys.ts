import { z } from "zod";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { revokeApiKey, type RevokedKey } from "@/lib/merchants/revoke-api-key";
import { parseGraceHours, rotateApiKeys, type RotatedKeys } from "@/lib/merchants/rotate-api-keys";
import { AppError } from "@/lib/errors";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";
import { listAudit } from "@/lib/audit/list-audit";
import { getMerchant } from "@/lib/merchants/merchant-records";
import { currentPublicKey as currentKeyOf, listUsableApiKeys } from "@/lib/merchants/api-key-records";

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
    listUsableApiKeys(scope, now, prisma),
    listAudit(scope, { limit: 50 }).then((page) => page.rows),
    getMerchant(scope.merchantId, { verificationStatus: true }, prisma),
  ]);
  return {
    graceHours: config.keyRotationGraceHours(),
    verificationStatus: merchant.verificationStatus,
    /** A new pair can be issued (also after a revocation left none); not before verification in production. */
    canRotate: scope.environment === "sandbox" || merchant.verificationStatus === "verified",
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

/** The public key of the current pair (not expiring, not revoked), for the empty states' commands; null when there is none. */
export async function currentPublicKey(scope: DashboardScope): Promise<string | null> {
  return currentKeyOf(scope);
}

/** The grace choices the rotation form offers; "custom" takes `graceHours` (0 to 24). */
export const GRACE_CHOICES = ["24", "1", "0", "custom"] as const;

const rotateInput = z.object({
  confirm: z.literal("rotate", { message: "Confirm the rotation first." }),
  grace: z.enum(GRACE_CHOICES, { message: "Choose how long the current pair keeps working." }).default("24"),
  graceHours: z.string().trim().optional(),
});

/**
 * Rotation from the dashboard: only after an explicit confirmation, with the overlap the
 * merchant picked (24 h, 1 h, none, or a number of hours up to 24); the new secret is returned
 * once. In production a merchant that is not verified has no live keys and cannot rotate.
 * After a revocation left no usable pair, the same form issues a new one.
 */
export async function rotateDashboardKeys(scope: DashboardScope, raw: unknown): Promise<FormResult<RotatedKeys>> {
  const parsed = rotateInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const prisma = await getPrisma();
  const merchant = await getMerchant(scope.merchantId, { verificationStatus: true }, prisma);
  if (scope.environment === "production" && merchant.verificationStatus !== "verified") {
    return { ok: false, code: "invalid_state", error: "There is no key pair to rotate yet: live keys are issued once the account is verified." };
  }
  let graceHours: number;
  try {
    graceHours = parseGraceHours(parsed.data.grace === "custom" ? (parsed.data.graceHours ?? "") : parsed.data.grace);
  } catch (err) {
    const message = (err as AppError).message;
    return { ok: false, code: "validation_error", error: message, fieldErrors: { graceHours: message } };
  }
  return toFormResult(() => rotateApiKeys(scope.merchantId, dashboardActor(scope), { graceHours }));
}

const revokeInput = z.object({
  publicKey: z.string().trim().regex(/^pk_(test|live)_[A-Za-z0-9]{16,64}$/, "Choose the key pair to revoke."),
  confirm: z.literal("revoke", { message: "Confirm the revocation first." }),
});

/**
 * Revocation from the dashboard (a leaked secret): after an explicit confirmation, the pair gets
 * 401 from now on. Only the session merchant's pairs in its environment: any other key is
 * "not found", exactly like an unknown one.
 */
export async function revokeDashboardKey(scope: DashboardScope, raw: unknown): Promise<FormResult<RevokedKey>> {
  const parsed = revokeInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  if (scope.environment !== (parsed.data.publicKey.startsWith("pk_live_") ? "production" : "sandbox")) {
    return { ok: false, code: "not_found", error: `No API key ${parsed.data.publicKey} on this account.` };
  }
  return toFormResult(() => revokeApiKey(scope.merchantId, parsed.data.publicKey, dashboardActor(scope)));
}
