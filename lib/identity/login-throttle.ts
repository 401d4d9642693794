import { getPrisma } from "@/lib/db/client";
import { sendEmail } from "@/lib/email/send-email";

/**
 * Per-account login throttle, in the database so every instance sees the same count. It is
 * keyed by the e-mail typed, whether or not it has an account, so its behaviour reveals nothing.
 * After FREE_FAILURES failures each attempt must wait a growing delay (1 s, 2 s, 4 s… up to
 * MAX_DELAY); after LOCK_AFTER failures the address is locked for LOCK_MS and its owner is told
 * by e-mail. A blocked attempt fails with the same generic answer as a wrong password, without
 * spending a password hash. A good login clears the count.
 */
export const LOGIN_THROTTLE = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 60_000, lockAfter: 20, lockMs: 15 * 60_000 } as const;

/** The wait before the next attempt once `failures` attempts have failed. */
export function loginDelayMs(failures: number): number {
  const { freeFailures, baseDelayMs, maxDelayMs } = LOGIN_THROTTLE;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, failures - freeFailures));
}

/**
 * Takes the right to one attempt: false while the address is held. Atomic (one UPDATE), so
 * parallel attempts from many addresses cannot all slip into one delay window: each claim
 * pushes `blocked_until` forward by the current delay before the password is even checked.
 */
export async function claimLoginAttempt(email: string, now = new Date()): Promise<boolean> {
  const prisma = await getPrisma();
  const { freeFailures, baseDelayMs, maxDelayMs } = LOGIN_THROTTLE;
  const claimed = await prisma.$queryRaw<{ failures: number }[]>`
    UPDATE login_throttles
    SET blocked_until = ${now}::timestamptz + (CASE WHEN failures < ${freeFailures} THEN 0
          ELSE LEAST(${maxDelayMs}::float8, ${baseDelayMs}::float8 * power(2, LEAST(30, failures - ${freeFailures}))) END) * interval '1 millisecond',
        updated_at = ${now}::timestamptz
    WHERE email = ${email} AND blocked_until <= ${now}::timestamptz
    RETURNING failures`;
  if (claimed.length > 0) return true;
  // No row updated: either no failure on record (free to try) or held.
  return (await prisma.loginThrottle.count({ where: { email } })) === 0;
}

/** Counts a failed attempt; at LOCK_AFTER failures, locks the address and e-mails its owner (if it has an account). */
export async function recordLoginFailure(email: string, options: { now?: Date; accountExists: boolean }): Promise<{ locked: boolean }> {
  const now = options.now ?? new Date();
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ failures: number; locked_until: Date | null }[]>`
    INSERT INTO login_throttles (email, failures, blocked_until, updated_at) VALUES (${email}, 1, ${now}::timestamptz, ${now}::timestamptz)
    ON CONFLICT (email) DO UPDATE SET failures = login_throttles.failures + 1, updated_at = ${now}::timestamptz
    RETURNING failures, locked_until`;
  const alreadyLocked = row.locked_until !== null && row.locked_until > now;
  const lockNow = row.failures >= LOGIN_THROTTLE.lockAfter && !alreadyLocked;
  const holdUntil = new Date(now.getTime() + (lockNow ? LOGIN_THROTTLE.lockMs : loginDelayMs(row.failures)));
  await prisma.$executeRaw`
    UPDATE login_throttles
    SET blocked_until = GREATEST(blocked_until, ${holdUntil}::timestamptz),
        locked_until = CASE WHEN ${lockNow} THEN ${holdUntil}::timestamptz ELSE locked_until END
    WHERE email = ${email}`;
  if (lockNow && options.accountExists) await sendEmail(lockoutNotice(email, row.failures));
  return { locked: lockNow || alreadyLocked };
}

export async function clearLoginFailures(email: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.loginThrottle.deleteMany({ where: { email } });
}

function lockoutNotice(to: string, failures: number) {
  const minutes = LOGIN_THROTTLE.lockMs / 60_000;
  return {
    to,
    kind: "login_lockout" as const,
    subject: "Your dashboard login was locked / Connexion à votre tableau de bord bloquée",
    body: [
      `Someone tried to log in to your dashboard account with a wrong password ${failures} times.`,
      `Logins to this account are blocked for ${minutes} minutes. If it was not you, someone is trying your password:`,
      "choose a new one now with “Forgot password?” on the login page (that also lifts the block),",
      "or once the block ends, log in and change it in Settings.",
      "",
      `Quelqu’un a essayé ${failures} fois de se connecter à votre compte avec un mauvais mot de passe.`,
      `Les connexions à ce compte sont bloquées pendant ${minutes} minutes. Si ce n’était pas vous, quelqu’un essaie votre`,
      "mot de passe : choisissez-en un nouveau dès maintenant avec « Mot de passe oublié ? » sur la page de connexion (cela",
      "lève aussi le blocage), ou à la fin du blocage, connectez-vous et changez-le dans Paramètres.",
    ].join("\n"),
  };
}
