import { z } from "zod";
import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { hashPassword, needsRehash, scryptParams, verifyPassword } from "@/lib/auth/password";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { AppError } from "@/lib/errors";
import { MERCHANTS_TABLE_SQL } from "@/lib/merchants/merchant-records";
import { setting } from "@/lib/config";
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure } from "./login-throttle";
import type { DashboardMember, DashboardScope } from "@/lib/dashboard/scope";

const credentials = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});

/**
 * What a session is issued for: the scope plus the user's session version (see loadSessionScope).
 * `twoFactorRequired`: the password was right but the user has two-factor sign-in, so no session
 * may be issued before the code (lib/identity/two-factor/challenge.ts).
 */
export type DashboardLogin = DashboardScope & { sessionVersion: number; twoFactorRequired?: true };

/** Login attempts allowed per client IP + email per minute. */
export const loginAttemptsPerMinute = () => setting("DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE");

// Compared against when the email is unknown, so both paths cost one scrypt at today's
// parameters (no user enumeration by timing).
function dummyHash(): string {
  const { N, r, p } = scryptParams();
  return `scrypt$${N}$${r}$${p}$${"A".repeat(22)}$${"A".repeat(86)}`;
}

/**
 * Checks a dashboard login. Rate-limited per client IP + email before anything else
 * (rate_limited once over), then the per-account throttle (lib/identity/login-throttle): while
 * it holds the address, even the right password gets null. null for a wrong email or password
 * (one answer for all three). A good login with a hash made at older scrypt parameters stores a
 * fresh hash. A user with two-factor sign-in gets `twoFactorEnabled: true`: the caller must not
 * issue a session before the second step (lib/identity/two-factor/challenge.ts).
 */
export async function authenticateDashboardUser(input: { email?: unknown; password?: unknown; ip: string }): Promise<DashboardLogin | null> {
  const parsed = credentials.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const limit = await checkRateLimit(`dashboard-login:${input.ip}:${email}`, loginAttemptsPerMinute());
  if (!limit.success) throw new AppError("rate_limited", "Too many login attempts. Wait a minute and try again.");
  if (!(await claimLoginAttempt(email))) return null;
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findUnique({ where: { email }, include: { merchant: { select: { status: true, requireTwoFactor: true } } } });
  const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash());
  if (!user || !ok) {
    await recordLoginFailure(email, { accountExists: !!user });
    return null;
  }
  await clearLoginFailures(email);
  if (needsRehash(user.passwordHash)) {
    // Only if unchanged meanwhile (a concurrent password change wins).
    await prisma.dashboardUser.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash: await hashPassword(password) } });
  }
  if (user.merchant.status !== "active") throw new AppError("forbidden", "This merchant account is suspended.");
  const login: DashboardLogin = { userId: user.id, email: user.email, merchantId: user.merchantId, environment: appEnv(), sessionVersion: user.sessionVersion };
  return user.totpEnabledAt ? { ...login, twoFactorRequired: true } : login;
}

type UserWithMerchant = { id: string; email: string; merchantId: string; role: DashboardMember["role"]; totpEnabledAt: Date | null; timeZone: string | null; merchant: { requireTwoFactor: boolean } };

function memberOf(user: UserWithMerchant): DashboardMember {
  return {
    userId: user.id,
    email: user.email,
    merchantId: user.merchantId,
    environment: appEnv(),
    role: user.role,
    twoFactorEnabled: user.totpEnabledAt !== null,
    teamRequiresTwoFactor: user.merchant.requireTwoFactor,
    ...(user.timeZone ? { timeZone: user.timeZone } : {}),
  };
}

/**
 * Re-checks a session's subject on every request: the user must still exist, belong to the
 * same merchant, the session must have been issued by this environment's deployment, and its
 * session version must be the user's current one (logout, a password change or the user's
 * removal bump it, which ends every session at once).
 */
export async function loadSessionScope(claims: { userId?: unknown; merchantId?: unknown; environment?: unknown; sessionVersion?: unknown }): Promise<DashboardMember | null> {
  if (typeof claims.userId !== "string" || typeof claims.merchantId !== "string") return null;
  if (claims.environment !== appEnv()) return null;
  const prisma = await getPrisma();
  // One statement on every dashboard request (Prisma's include made it two), reading
  // only what the scope needs: not the password hash nor the two-factor secret.
  const [user] = await prisma.$queryRaw<SessionRow[]>`
    SELECT u.id, u.email, u.merchant_id, u.role::text AS role, u.totp_enabled_at, u.time_zone, u.session_version,
           m.status::text AS merchant_status, m.require_two_factor
    FROM dashboard_users u JOIN ${MERCHANTS_TABLE_SQL} m ON m.id = u.merchant_id
    WHERE u.id = ${claims.userId}`;
  if (!user || user.merchant_id !== claims.merchantId || user.merchant_status !== "active") return null;
  if (claims.sessionVersion !== user.session_version) return null;
  return memberOf({
    id: user.id,
    email: user.email,
    merchantId: user.merchant_id,
    role: user.role,
    totpEnabledAt: user.totp_enabled_at,
    timeZone: user.time_zone,
    merchant: { requireTwoFactor: user.require_two_factor },
  });
}

type SessionRow = {
  id: string;
  email: string;
  merchant_id: string;
  role: DashboardMember["role"];
  totp_enabled_at: Date | null;
  time_zone: string | null;
  session_version: number;
  merchant_status: string;
  require_two_factor: boolean;
};

/** Ends every dashboard session of the user (logout, password change, removal). */
export async function endAllSessions(userId: string): Promise<void> {
  const prisma = await getPrisma();
  await prisma.dashboardUser.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
