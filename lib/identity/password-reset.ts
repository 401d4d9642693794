import { z } from "zod";
import { config } from "@/lib/config";
import { writeAudit } from "@/lib/audit/write-audit";
import { newLinkToken, parseLinkToken, secretMatches } from "@/lib/auth/link-token";
import { hashPassword } from "@/lib/auth/password";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { getPrisma } from "@/lib/db/client";
import { sendEmail } from "@/lib/email/send-email";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { newId } from "@/lib/ids";
import type { FormResult } from "@/lib/dashboard/form-result";
import { messages, type Locale } from "@/lib/dashboard/i18n";
import { authMessages } from "@/lib/dashboard/i18n-auth";
import { fill } from "@/lib/dashboard/i18n-money";

/**
 * "Forgot password?" (docs/decisions/identity-and-sign-in.md): a single-use link by e-mail.
 * - No account enumeration: the request answers the same for every address, known or not, and
 *   within the budget or over it (only the e-mail is not sent).
 * - Limits: per client IP (RESET_REQUESTS_PER_IP_PER_MINUTE), and per account at most
 *   RESET_EMAILS_PER_HOUR links an hour, so the address cannot be flooded.
 * - The link (`pwr_<id>.<secret>`, only the secret's SHA-256 stored) is good once, for
 *   RESET_TTL_MINUTES; opening it spends nothing (mail scanners open links), the form's POST does.
 * - A reset changes the hash and moves the session version in one update (every session ends),
 *   spends every open link of the user, lifts a login lockout, writes its audit row and tells the
 *   owner by e-mail. Two-factor sign-in is untouched: the code is still asked at the next login.
 */
export const RESET_TTL_MINUTES = 30;
export const RESET_REQUESTS_PER_IP_PER_MINUTE = 5;
export const RESET_EMAILS_PER_HOUR = 3;

export type ResetRequested = { email: string; minutes: number };

export async function requestPasswordReset(raw: { email?: unknown }, options: { ip: string; locale: Locale; now?: Date }): Promise<FormResult<ResetRequested>> {
  const t = authMessages(options.locale).forgot;
  const parsed = z.string().trim().toLowerCase().email().max(254).safeParse(raw.email);
  if (!parsed.success) return { ok: false, code: "validation_error", error: t.invalidEmail, fieldErrors: { email: t.invalidEmail } };
  const email = parsed.data;
  const limit = await checkRateLimit(`dashboard-reset:${options.ip}`, RESET_REQUESTS_PER_IP_PER_MINUTE);
  if (!limit.success) return { ok: false, code: "rate_limited", error: t.rateLimited, values: { email } };
  const now = options.now ?? new Date();
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findUnique({ where: { email }, select: { id: true } });
  if (user) {
    const recent = await prisma.passwordReset.count({ where: { userId: user.id, createdAt: { gt: new Date(now.getTime() - 3_600_000) } } });
    if (recent < RESET_EMAILS_PER_HOUR) {
      const { id, token, tokenHash } = newLinkToken(newId("pwr", now.getTime()));
      const link = `${config.publicUrl()}/login/reset?token=${token}`;
      const e = authMessages(options.locale).email;
      await prisma.$transaction(async (tx) => {
        await tx.passwordReset.create({ data: { id, userId: user.id, tokenHash, expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000), createdAt: now } });
        await sendEmail({ to: email, kind: "password_reset", subject: e.subject, body: fill(e.body, { link, minutes: RESET_TTL_MINUTES }) }, tx);
      });
    }
  }
  return { ok: true, data: { email, minutes: RESET_TTL_MINUTES } };
}

export type ResetLinkProblem = "invalid" | "expired" | "used";

async function findReset(token: unknown, now: Date) {
  const parsed = parseLinkToken(token, "pwr");
  if (!parsed) return { ok: false as const, problem: "invalid" as const };
  const prisma = await getPrisma();
  const reset = await prisma.passwordReset.findUnique({ where: { id: parsed.id }, include: { user: { select: { id: true, email: true, merchantId: true, merchant: { select: { name: true } } } } } });
  // Constant-time either way (secretMatches compares against a dummy when the row is missing).
  if (!secretMatches(parsed.secret, reset?.tokenHash) || !reset) return { ok: false as const, problem: "invalid" as const };
  if (reset.usedAt) return { ok: false as const, problem: "used" as const };
  if (reset.expiresAt <= now) return { ok: false as const, problem: "expired" as const };
  return { ok: true as const, reset };
}

/** What the reset page shows before the form is posted: whose link, or why it is no good. */
export async function checkResetLink(token: unknown, now = new Date()): Promise<{ ok: true; email: string } | { ok: false; problem: ResetLinkProblem }> {
  const found = await findReset(token, now);
  return found.ok ? { ok: true, email: found.reset.user.email } : found;
}

/** The form's POST: the new password (twice) for the link's account. */
export async function resetPassword(raw: { token?: unknown; password?: unknown; confirm?: unknown }, options: { locale: Locale; now?: Date }): Promise<FormResult<{ email: string }>> {
  const t = authMessages(options.locale).reset;
  const rules = messages(options.locale).passwordRules;
  const now = options.now ?? new Date();
  const found = await findReset(raw.token, now);
  if (!found.ok) return { ok: false, code: `link_${found.problem}`, error: t[found.problem] };
  const password = typeof raw.password === "string" ? raw.password : "";
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, code: "validation_error", error: rules.too_short, fieldErrors: { password: rules.too_short } };
  if (password.length > PASSWORD_MAX_LENGTH) return { ok: false, code: "validation_error", error: rules.too_long, fieldErrors: { password: rules.too_long } };
  const { reset } = found;
  const problem = checkPasswordStrength(password, { email: reset.user.email, name: reset.user.merchant.name });
  if (problem) return { ok: false, code: "validation_error", error: rules[problem], fieldErrors: { password: rules[problem] } };
  if (raw.confirm !== password) return { ok: false, code: "validation_error", error: t.mismatch, fieldErrors: { confirm: t.mismatch } };
  const passwordHash = await hashPassword(password);
  const prisma = await getPrisma();
  const done = await prisma.$transaction(async (tx) => {
    // Spent here, conditionally: of two posts of one link, one changes the password.
    const spent = await tx.passwordReset.updateMany({ where: { id: reset.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (spent.count !== 1) return false;
    await tx.passwordReset.updateMany({ where: { userId: reset.userId, usedAt: null }, data: { usedAt: now } });
    await tx.dashboardUser.update({ where: { id: reset.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    // The owner of the address proved it: a lockout from someone else's guesses ends.
    await tx.loginThrottle.deleteMany({ where: { email: reset.user.email } });
    await writeAudit(tx, { merchantId: reset.user.merchantId, environment: null, actor: `dashboard:${reset.user.email}`, action: "password.reset" });
    await sendEmail(
      {
        to: reset.user.email,
        kind: "password_changed",
        subject: "Your dashboard password was changed / Votre mot de passe a été changé",
        body: "Your dashboard password was just reset with a link sent to this address, and every session was logged out. If it was not you, reset it again at once (Forgot password? on the login page) and contact support.\n\nVotre mot de passe vient d’être réinitialisé avec un lien envoyé à cette adresse, et toutes les sessions ont été déconnectées. Si ce n’était pas vous, réinitialisez-le immédiatement (Mot de passe oublié ? sur la page de connexion) et contactez le support.",
      },
      tx,
    );
    return true;
  });
  if (!done) return { ok: false, code: "link_used", error: t.used };
  return { ok: true, data: { email: reset.user.email } };
}
