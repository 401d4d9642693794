import { getServerSession } from "next-auth";
import { encode } from "next-auth/jwt";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { loadSessionScope, type DashboardLogin } from "@/lib/dashboard/authenticate-user";
import { messages, pickLocale, type Locale } from "@/lib/dashboard/i18n";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { resolveTimeZone, TIME_ZONE_COOKIE } from "@/lib/dashboard/time-zone";
import { authOptions, SESSION_MAX_AGE_SECONDS, sessionClaims, sessionCookie } from "./auth-options";
import { displayZone } from "./format";

/** The verified session's scope, or null. Once per request (layout and page share it). */
export const currentScope = cache(async (): Promise<DashboardScope | null> => {
  const session = (await getServerSession(authOptions())) as { userId?: unknown; merchantId?: unknown; environment?: unknown; sessionVersion?: unknown } | null;
  if (!session) return null;
  return loadSessionScope(session);
});

/**
 * Every dashboard page and action starts here: no session, no data (back to login). It also
 * fixes the zone this request shows times in (settings, else the browser's cookie, else UTC).
 */
export async function requireScope(): Promise<DashboardScope> {
  const scope = await currentScope();
  if (!scope) redirect("/login");
  displayZone().timeZone = resolveTimeZone(scope.timeZone, (await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return scope;
}

/**
 * Issues the session cookie for a checked login, from a server action (login, sign-up, password
 * change): the same next-auth JWT getServerSession reads, so no password goes back through the
 * browser or a client-side signIn.
 */
export async function startSession(login: DashboardLogin): Promise<void> {
  const secret = authOptions().secret!;
  const value = await encode({ token: sessionClaims(login), secret, maxAge: SESSION_MAX_AGE_SECONDS });
  const { name, secure } = sessionCookie();
  (await cookies()).set(name, value, { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Drops this browser's session cookie (the sessions themselves end with endAllSessions). */
export async function dropSessionCookie(): Promise<void> {
  const { name, secure } = sessionCookie();
  (await cookies()).set(name, "", { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: 0 });
}

export const currentLocale = cache(async (): Promise<Locale> => {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale(c.get("lang")?.value, h.get("accept-language"));
});

export async function t() {
  return messages(await currentLocale());
}
