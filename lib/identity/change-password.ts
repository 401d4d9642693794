import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { sendEmail } from "@/lib/email/send-email";
import { checkRateLimit } from "@/lib/http/rate-limit";
import type { DashboardLogin } from "./authenticate-user";
import { type FormResult, validationFailure } from "@/lib/dashboard/form-result";
import { messages, type Locale } from "@/lib/dashboard/i18n";
import type { DashboardScope } from "@/lib/dashboard/scope";

/** Password checks per user per minute (each costs a scrypt hash, and the current one is guessable here). */
const CHANGES_PER_MINUTE = 5;

/**
 * Changes the signed-in user's password: the current one first, the new one through the same
 * strength rules as sign-up. The session version moves with the new hash in one update, which
 * ends every session of the user; the caller re-issues one for this browser from the returned
 * login. The owner is told by e-mail.
 */
export async function changePassword(scope: DashboardScope, raw: unknown, options: { locale?: Locale } = {}): Promise<FormResult<{ login: DashboardLogin }>> {
  const m = messages(options.locale ?? "en");
  const schema = z.object({
    currentPassword: z.string().min(1, m.settings.wrongCurrent).max(PASSWORD_MAX_LENGTH, m.settings.wrongCurrent),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, m.passwordRules.too_short).max(PASSWORD_MAX_LENGTH, m.passwordRules.too_long),
  });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const limit = await checkRateLimit(`dashboard-password:${scope.userId}`, CHANGES_PER_MINUTE);
  if (!limit.success) return { ok: false, code: "rate_limited", error: m.login.rateLimited };
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId }, include: { merchant: { select: { name: true } } } });
  if (!user || !(await verifyPassword(parsed.data.currentPassword, user.passwordHash))) {
    return { ok: false, code: "validation_error", error: m.settings.wrongCurrent, fieldErrors: { currentPassword: m.settings.wrongCurrent } };
  }
  const problem = checkPasswordStrength(parsed.data.newPassword, { email: user.email, name: user.merchant.name });
  if (problem) return { ok: false, code: "validation_error", error: m.passwordRules[problem], fieldErrors: { newPassword: m.passwordRules[problem] } };
  const updated = await prisma.dashboardUser.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(parsed.data.newPassword), sessionVersion: { increment: 1 } },
  });
  await sendEmail({
    to: user.email,
    kind: "password_changed",
    subject: "Your dashboard password was changed / Votre mot de passe a été changé",
    body: "Your dashboard password was just changed and every other session was logged out. If it was not you, contact support at once.\n\nVotre mot de passe vient d’être changé et toutes les autres sessions ont été déconnectées. Si ce n’était pas vous, contactez le support immédiatement.",
  });
  return { ok: true, data: { login: { ...scope, sessionVersion: updated.sessionVersion } } };
}
