import { writeAudit } from "@/lib/audit/write-audit";
import { getPrisma, type Tx } from "@/lib/db/client";
import { checkRateLimit } from "@/lib/http/rate-limit";
import type { FormResult } from "@/lib/dashboard/form-result";
import { dashboardActor, type DashboardScope } from "@/lib/dashboard/scope";
import { type QrPath, qrPath } from "@/lib/http/qr-path";
import { looksLikeRecoveryCode, replaceRecoveryCodes, spendRecoveryCode } from "./recovery-codes";
import { checkTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpUri } from "./totp";
import { getMerchant, setTeamRequiresTwoFactor } from "@/lib/merchants/merchant-records";

/** Code checks per user per minute while managing two-factor (enrol, disable, new codes). */
const CHECKS_PER_MINUTE = 10;

export type TwoFactorStatus = { enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number; teamRequires: boolean };

export async function getTwoFactorStatus(scope: DashboardScope): Promise<TwoFactorStatus> {
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findFirstOrThrow({ where: { id: scope.userId, merchantId: scope.merchantId }, include: { merchant: { select: { requireTwoFactor: true } } } });
  const left = await prisma.twoFactorRecoveryCode.count({ where: { userId: user.id, usedAt: null } });
  return { enabled: user.totpEnabledAt !== null, enabledAt: user.totpEnabledAt, recoveryCodesLeft: left, teamRequires: user.merchant.requireTwoFactor };
}

/**
 * Enrolment, step one: a new secret for the authenticator app (shown as a key and an otpauth
 * URI), stored sealed but not active until a code from it is checked. Starting again replaces
 * an unfinished enrolment; a user who already has two-factor must turn it off first.
 */
export async function startTwoFactorEnrolment(scope: DashboardScope): Promise<FormResult<{ secret: string; uri: string; qr: QrPath }>> {
  const prisma = await getPrisma();
  const secret = newTotpSecret();
  const updated = await prisma.dashboardUser.updateMany({ where: { id: scope.userId, merchantId: scope.merchantId, totpEnabledAt: null }, data: { totpSecret: sealTotpSecret(secret, scope.userId), totpLastStep: null } });
  if (updated.count !== 1) return { ok: false, code: "invalid_state", error: "Two-factor sign-in is already on." };
  const uri = totpUri(scope.email, secret);
  return { ok: true, data: { secret, uri, qr: qrPath(uri) } };
}

/**
 * Enrolment, step two: the first code from the app turns two-factor on and issues the recovery
 * codes (returned once, stored hashed), with its audit row in the same transaction.
 */
export async function confirmTwoFactorEnrolment(scope: DashboardScope, raw: { code?: unknown }, now = new Date()): Promise<FormResult<{ recoveryCodes: string[] }>> {
  const limited = await twoFactorRateLimited(scope);
  if (limited) return limited;
  const code = typeof raw.code === "string" ? raw.code : "";
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ recoveryCodes: string[] }>> => {
    const user = await tx.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId } });
    if (!user?.totpSecret || user.totpEnabledAt) return { ok: false, code: "invalid_state", error: user?.totpEnabledAt ? "Two-factor sign-in is already on." : "Start the set-up again: no key is waiting for a code." };
    const step = await checkTotp(openTotpSecret(user.totpSecret, user.id), code, null, now);
    if (step === null) return wrongCode();
    const done = await tx.dashboardUser.updateMany({ where: { id: user.id, totpEnabledAt: null, totpSecret: user.totpSecret }, data: { totpEnabledAt: now, totpLastStep: step } });
    if (done.count !== 1) return { ok: false, code: "invalid_state", error: "The set-up changed meanwhile: start again." };
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "two_factor.enabled", details: { member: user.email } });
    return { ok: true, data: { recoveryCodes } };
  });
}

/**
 * Turns two-factor off, with a current code or a recovery code (a stolen session alone cannot).
 * Refused while the team requires it.
 */
export async function disableTwoFactor(scope: DashboardScope, raw: { code?: unknown }, now = new Date()): Promise<FormResult<{ disabled: true }>> {
  const limited = await twoFactorRateLimited(scope);
  if (limited) return limited;
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ disabled: true }>> => {
    const user = await tx.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId }, include: { merchant: { select: { requireTwoFactor: true } } } });
    if (!user?.totpSecret || !user.totpEnabledAt) return { ok: false, code: "invalid_state", error: "Two-factor sign-in is not on." };
    if (user.merchant.requireTwoFactor) return { ok: false, code: "forbidden", error: "Your team requires two-factor sign-in: it cannot be turned off while an owner requires it." };
    if (!(await provesTwoFactor(tx, user, raw.code, now))) return wrongCode();
    await tx.dashboardUser.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: user.id } });
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "two_factor.disabled", details: { member: user.email } });
    return { ok: true, data: { disabled: true } };
  });
}

/** A new set of recovery codes (the old ones stop working), with a current code. */
export async function regenerateRecoveryCodes(scope: DashboardScope, raw: { code?: unknown }, now = new Date()): Promise<FormResult<{ recoveryCodes: string[] }>> {
  const limited = await twoFactorRateLimited(scope);
  if (limited) return limited;
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ recoveryCodes: string[] }>> => {
    const user = await tx.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId } });
    if (!user?.totpSecret || !user.totpEnabledAt) return { ok: false, code: "invalid_state", error: "Two-factor sign-in is not on." };
    if (!(await provesTwoFactor(tx, user, raw.code, now))) return wrongCode();
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "two_factor.recovery_codes_replaced", details: { member: user.email } });
    return { ok: true, data: { recoveryCodes } };
  });
}

/**
 * Owners require (or stop requiring) two-factor of every member. To require it the owner must
 * have it on (else the rule would send them away from the page that sets it).
 */
export async function setTeamTwoFactor(scope: DashboardScope, raw: { required?: unknown }): Promise<FormResult<{ required: boolean }>> {
  const required = raw.required === "on" || raw.required === "true";
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ required: boolean }>> => {
    const me = await tx.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId } });
    if (me?.role !== "owner") return { ok: false, code: "forbidden", error: "Only an owner can change this." };
    if (required && !me.totpEnabledAt) return { ok: false, code: "invalid_state", error: "Turn on two-factor sign-in for yourself first (Settings), then require it for the team." };
    const merchant = await getMerchant(scope.merchantId, { requireTwoFactor: true }, tx);
    if (merchant.requireTwoFactor === required) return { ok: true, data: { required } };
    await setTeamRequiresTwoFactor(tx, scope.merchantId, required);
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: required ? "two_factor.team_required" : "two_factor.team_optional" });
    return { ok: true, data: { required } };
  });
}

/** A current TOTP code (good once) or an unused recovery code (spent): also the step-up check of an approval (lib/dashboard/approvals.ts). */
export async function provesTwoFactor(tx: Tx, user: { id: string; totpSecret: string | null; totpLastStep: bigint | null }, rawCode: unknown, now: Date): Promise<boolean> {
  const code = typeof rawCode === "string" ? rawCode.slice(0, 40) : "";
  const step = await checkTotp(openTotpSecret(user.totpSecret!, user.id), code, user.totpLastStep, now);
  if (step !== null) {
    const moved = await tx.dashboardUser.updateMany({ where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] }, data: { totpLastStep: step } });
    return moved.count === 1;
  }
  return looksLikeRecoveryCode(code) && spendRecoveryCode(tx, user.id, code, now);
}

const wrongCode = (): FormResult<never> => ({ ok: false, code: "wrong_code", error: "This code is not right (or was already used). Enter the current 6-digit code from your app.", fieldErrors: { code: "Enter the current 6-digit code from your app." } });

/** The per-user budget of code checks, shared by every place a code is checked. */
export async function twoFactorRateLimited(scope: DashboardScope): Promise<FormResult<never> | null> {
  const limit = await checkRateLimit(`dashboard-2fa:${scope.userId}`, CHECKS_PER_MINUTE);
  return limit.success ? null : { ok: false, code: "rate_limited", error: "Too many attempts. Wait a minute and try again." };
}
