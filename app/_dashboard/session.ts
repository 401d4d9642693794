import { decode, encode, type JWT } from "next-auth/jwt";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { loadSessionScope, type DashboardLogin } from "@/lib/identity/authenticate-user";
import { messages, pickLocale, type Locale } from "@/lib/dashboard/i18n";
import { can, refusal, type Permission } from "@/lib/identity/roles";
import type { DashboardMember } from "@/lib/dashboard/scope";
import type { FormResult } from "@/lib/dashboard/form-result";
import { resolveTimeZone, TIME_ZONE_COOKIE } from "@/lib/identity/time-zone";
import { resolveAuthSecret } from "@/lib/identity/auth-secret";
import { SESSION_MAX_AGE_SECONDS, sessionClaims, sessionCookie } from "./auth-options";
import { displayZone } from "./format";

/**
 * The verified session's scope, or null. Once per request (layout and page share it). The cookie
 * is decoded with next-auth's own `decode` (what getServerSession does inside): getServerSession
 * runs next-auth's whole handler and re-encrypts a fresh token on every call, which a server
 * component cannot even send back (half a millisecond per page view). An expired,
 * tampered or foreign token decodes to an error: no session.
 */
export const currentScope = cache(async (): Promise<DashboardMember | null> => {
  const token = (await cookies()).get(sessionCookie().name)?.value;
  if (!token) return null;
  const claims = await decodeSession(token, resolveAuthSecret());
  if (!claims) return null;
  return loadSessionScope(claims as Parameters<typeof loadSessionScope>[0]);
});

/**
 * Tokens already decoded, by value: decoding derives the key (HKDF) and decrypts at every call,
 * 3 % of a page view's CPU, for the same few tokens again and again. A token's claims never
 * change (it is authenticated encryption: another value is another token); its expiry is checked
 * again at each use, and the user's session version still is, in the database (loadSessionScope).
 */
const decodedTokens = { secret: "", claims: new Map<string, JWT>() };
const DECODED_TOKENS_KEPT = 1000;
const CLOCK_TOLERANCE_MS = 15_000; // next-auth's decode

async function decodeSession(token: string, secret: string): Promise<JWT | null> {
  if (decodedTokens.secret !== secret) decodedTokens.claims = new Map();
  decodedTokens.secret = secret;
  const known = decodedTokens.claims.get(token);
  if (known && typeof known.exp === "number" && known.exp * 1000 + CLOCK_TOLERANCE_MS > Date.now()) return known;
  const claims = await decode({ token, secret }).catch(() => null);
  if (!claims) {
    decodedTokens.claims.delete(token);
    return null;
  }
  if (decodedTokens.claims.size >= DECODED_TOKENS_KEPT) decodedTokens.claims.clear();
  decodedTokens.claims.set(token, claims);
  return claims;
}

/** Where a member without two-factor goes when the team requires it. */
export const TWO_FACTOR_ENROL_PATH = "/dashboard/settings/two-factor";

/** Whether the team's two-factor rule holds this member back from `permission` (their own settings stay open). */
const mustEnrol = (scope: DashboardMember, permission: Permission) => permission !== "self" && scope.teamRequiresTwoFactor && !scope.twoFactorEnabled;

/**
 * Every dashboard page (and export route) starts here, naming what it needs (lib/identity/roles.ts):
 * no session, no data (back to login); a member whose team requires two-factor and who has not
 * set it up goes to enrol; a role without the permission gets the refusal page, which says what
 * the role lacks and whom to ask. It also fixes the zone this request shows times in (settings,
 * else the browser's cookie, else UTC).
 */
export async function requireScope(permission: Permission): Promise<DashboardMember> {
  const scope = await currentScope();
  if (!scope) redirect("/login");
  if (mustEnrol(scope, permission)) redirect(`${TWO_FACTOR_ENROL_PATH}?required=1`);
  if (!can(scope.role, permission)) redirect(`/dashboard/not-allowed?need=${permission}`);
  displayZone().timeZone = resolveTimeZone(scope.timeZone, (await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return scope;
}

/**
 * Every server action starts here, naming what it needs: no session sends to login (as pages
 * do); a refusal (role, or two-factor not set up while the team requires it) comes back as the
 * form's error, so the person reads why on the page they are on, and nothing is done.
 */
export async function actionScope(permission: Permission): Promise<{ scope: DashboardMember; refused?: never } | { refused: Extract<FormResult<never>, { ok: false }>; scope?: never }> {
  const scope = await currentScope();
  if (!scope) redirect("/login");
  if (mustEnrol(scope, permission)) {
    const error = (await currentLocale()) === "fr" ? "Votre équipe exige la connexion en deux étapes : activez-la d’abord dans Paramètres." : "Your team requires two-factor sign-in: set it up in Settings first.";
    return { refused: { ok: false, code: "two_factor_required", error } };
  }
  if (!can(scope.role, permission)) return { refused: refusal(scope.role, permission, await currentLocale()) };
  displayZone().timeZone = resolveTimeZone(scope.timeZone, (await cookies()).get(TIME_ZONE_COOKIE)?.value);
  return { scope };
}

/**
 * Issues the session cookie for a checked login, from a server action (login, sign-up, password
 * change): the same next-auth JWT getServerSession reads, so no password goes back through the
 * browser or a client-side signIn.
 */
export async function startSession(login: DashboardLogin): Promise<void> {
  const secret = resolveAuthSecret();
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
