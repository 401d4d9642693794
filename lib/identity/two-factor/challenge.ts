import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { newLinkToken, parseLinkToken, secretMatches } from "@/lib/auth/link-token";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { newId } from "@/lib/ids";
import { writeAudit } from "@/lib/audit/write-audit";
import { loadSessionScope, type DashboardLogin } from "../authenticate-user";
import { checkTotp, openTotpSecret } from "./totp";
import { looksLikeRecoveryCode, spendRecoveryCode } from "./recovery-codes";

/** How long the second step may take after the password was accepted. */
export const CHALLENGE_TTL_MINUTES = 10;
/** Wrong codes one challenge takes before it ends (then the password is asked again). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Code checks per user per minute, across challenges (a new password step does not reset it). */
const CODE_CHECKS_PER_MINUTE = 10;

/**
 * Step one done (the password was right) for a user with two-factor sign-in: a challenge the
 * browser holds in a short-lived cookie. Returns its token (`mfa_<id>.<secret>`; only the
 * secret's hash is stored).
 */
export async function startTwoFactorChallenge(login: DashboardLogin, now = new Date()): Promise<string> {
  const { id, token, tokenHash } = newLinkToken(newId("mfa"));
  const prisma = await getPrisma();
  await prisma.twoFactorChallenge.create({
    data: { id, userId: login.userId, tokenHash, sessionVersion: login.sessionVersion, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MINUTES * 60_000) },
  });
  return token;
}

export type ChallengeOutcome =
  | { ok: true; login: DashboardLogin; usedRecoveryCode: boolean }
  | { ok: false; code: "challenge_invalid" | "wrong_code" | "rate_limited" };

/**
 * Step two: a TOTP code (or one recovery code) for the challenge. A good code spends the
 * challenge and returns the login the session is issued for; a TOTP code is good once (its time
 * step is stored). Wrong codes count against the challenge (CHALLENGE_MAX_ATTEMPTS) and against
 * the user (CODE_CHECKS_PER_MINUTE); an unknown, spent, expired or exhausted challenge is
 * `challenge_invalid` (back to the password).
 */
export async function completeTwoFactorChallenge(token: unknown, rawCode: unknown, now = new Date()): Promise<ChallengeOutcome> {
  const invalid = { ok: false as const, code: "challenge_invalid" as const };
  const parsed = parseLinkToken(token, "mfa");
  if (!parsed) return invalid;
  const prisma = await getPrisma();
  const challenge = await prisma.twoFactorChallenge.findUnique({ where: { id: parsed.id } });
  if (!secretMatches(parsed.secret, challenge?.tokenHash) || !challenge) return invalid;
  if (challenge.usedAt || challenge.expiresAt <= now || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS) return invalid;
  const limit = await checkRateLimit(`dashboard-2fa:${challenge.userId}`, CODE_CHECKS_PER_MINUTE);
  if (!limit.success) return { ok: false, code: "rate_limited" };
  const code = typeof rawCode === "string" ? rawCode.slice(0, 40) : "";

  const result = await prisma.$transaction(async (tx) => {
    // Counted first, in the row: parallel guesses on one challenge all count.
    const counted = await tx.twoFactorChallenge.updateMany({ where: { id: challenge.id, usedAt: null, attempts: { lt: CHALLENGE_MAX_ATTEMPTS } }, data: { attempts: { increment: 1 } } });
    if (counted.count !== 1) return "invalid" as const;
    const user = await tx.dashboardUser.findUnique({ where: { id: challenge.userId } });
    if (!user?.totpSecret || !user.totpEnabledAt || user.sessionVersion !== challenge.sessionVersion) return "invalid" as const;
    let usedRecoveryCode = false;
    const step = await checkTotp(openTotpSecret(user.totpSecret, user.id), code, user.totpLastStep, now);
    if (step !== null) {
      // Conditional on the step seen: the same code sent twice at once passes once.
      const moved = await tx.dashboardUser.updateMany({ where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] }, data: { totpLastStep: step } });
      if (moved.count !== 1) return "wrong" as const;
    } else if (looksLikeRecoveryCode(code) && (await spendRecoveryCode(tx, user.id, code, now))) {
      usedRecoveryCode = true;
      await writeAudit(tx, { merchantId: user.merchantId, environment: null, actor: `dashboard:${user.email}`, action: "two_factor.recovery_code_used", details: { left: await tx.twoFactorRecoveryCode.count({ where: { userId: user.id, usedAt: null } }) } });
    } else return "wrong" as const;
    await tx.twoFactorChallenge.update({ where: { id: challenge.id }, data: { usedAt: now } });
    return { usedRecoveryCode };
  });
  if (result === "invalid") return invalid;
  if (result === "wrong") return { ok: false, code: "wrong_code" };
  const user = await prisma.dashboardUser.findUniqueOrThrow({ where: { id: challenge.userId }, select: { merchantId: true, sessionVersion: true } });
  const scope = await loadSessionScope({ userId: challenge.userId, merchantId: user.merchantId, environment: appEnv(), sessionVersion: user.sessionVersion });
  if (!scope) return invalid; // the merchant was suspended meanwhile
  const { userId, email, merchantId, environment } = scope;
  return { ok: true, login: { userId, email, merchantId, environment, sessionVersion: user.sessionVersion }, usedRecoveryCode: result.usedRecoveryCode };
}
