import { z } from "zod";
import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { verifyPassword } from "@/lib/auth/password";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { AppError } from "@/lib/errors";
import { intFromEnv } from "@/lib/config";
import type { DashboardScope } from "./scope";

const credentials = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
});

/** Login attempts allowed per client IP + email per minute. */
export const loginAttemptsPerMinute = () => intFromEnv("DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE", 10);

// Compared against when the email is unknown, so both paths cost one scrypt (no user enumeration by timing).
const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$" + "A".repeat(86);

/**
 * Checks a dashboard login. Rate-limited per IP + email before the (slow) password check:
 * rate_limited once over the limit. null for a wrong email or password (one message for both).
 */
export async function authenticateDashboardUser(input: { email?: unknown; password?: unknown; ip: string }): Promise<DashboardScope | null> {
  const parsed = credentials.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const limit = await checkRateLimit(`dashboard-login:${input.ip}:${email}`, loginAttemptsPerMinute());
  if (!limit.success) throw new AppError("rate_limited", "Too many login attempts. Wait a minute and try again.");
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findUnique({ where: { email }, include: { merchant: { select: { status: true } } } });
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return null;
  if (user.merchant.status !== "active") throw new AppError("forbidden", "This merchant account is suspended.");
  return { userId: user.id, email: user.email, merchantId: user.merchantId, environment: appEnv() };
}

/**
 * Re-checks a session's subject on every request: the user must still exist, belong to the
 * same merchant, and the session must have been issued by this environment's deployment.
 */
export async function loadSessionScope(claims: { userId?: unknown; merchantId?: unknown; environment?: unknown }): Promise<DashboardScope | null> {
  if (typeof claims.userId !== "string" || typeof claims.merchantId !== "string") return null;
  if (claims.environment !== appEnv()) return null;
  const prisma = await getPrisma();
  const user = await prisma.dashboardUser.findUnique({ where: { id: claims.userId }, include: { merchant: { select: { status: true } } } });
  if (!user || user.merchantId !== claims.merchantId || user.merchant.status !== "active") return null;
  return { userId: user.id, email: user.email, merchantId: user.merchantId, environment: appEnv() };
}
