import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { config, isSet, overrideSetting, setting } from "@/lib/config";
import { authenticateDashboardUser, endAllSessions, loadSessionScope, type DashboardLogin } from "@/lib/identity/authenticate-user";
import { resolveAuthSecret } from "@/lib/identity/auth-secret";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";

/** Dashboard sessions last 12 hours from login; they are never extended by activity. */
export const SESSION_MAX_AGE_SECONDS = 12 * 3600;

/** next-auth's session cookie: `__Secure-` prefixed and Secure when we are served over https. */
export function sessionCookie(): { name: string; secure: boolean } {
  const secure = (setting("NEXTAUTH_URL") ?? config.publicUrl()).startsWith("https://");
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, secure };
}

/** What a session token carries: one place for next-auth's callback and our own login (session.ts). */
export function sessionClaims(login: DashboardLogin): JWT {
  return { sub: login.userId, email: login.email, userId: login.userId, merchantId: login.merchantId, environment: login.environment, sessionVersion: login.sessionVersion };
}

/** next-auth v4 hands authorize a plain header object; clientIp reads a Headers. */
function toHeaders(raw: unknown): Headers {
  if (raw instanceof Headers) return raw;
  const headers = new Headers();
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, string | string[] | undefined>)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

export function authOptions(): NextAuthOptions {
  // next-auth v4 builds its callback URLs from NEXTAUTH_URL; default it to our public origin.
  if (!isSet("NEXTAUTH_URL")) overrideSetting("NEXTAUTH_URL", config.publicUrl());
  return {
    secret: resolveAuthSecret(),
    useSecureCookies: sessionCookie().secure,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      // The forms post to our own server actions (app/_dashboard/actions.ts); this provider keeps
      // next-auth's own credentials endpoint on the same checks and throttles.
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          try {
            const login = await authenticateDashboardUser({ email: credentials?.email, password: credentials?.password, ip: clientIp(toHeaders(req?.headers)) });
            if (!login) return null;
            // This endpoint has no second step: a user with two-factor signs in through the login page.
            if (login.twoFactorRequired) throw new AppError("forbidden", "Sign in through the login page: your account uses two-factor sign-in.");
            return { id: login.userId, email: login.email, merchantId: login.merchantId, environment: login.environment, sessionVersion: login.sessionVersion };
          } catch (err) {
            // next-auth passes the message to the login form as `error`.
            if (err instanceof AppError) throw new Error(err.code);
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; email: string; merchantId: string; environment: DashboardLogin["environment"]; sessionVersion: number };
          return { ...token, ...sessionClaims({ userId: u.id, email: u.email, merchantId: u.merchantId, environment: u.environment, sessionVersion: u.sessionVersion }) };
        }
        return token;
      },
      async session({ session, token }) {
        // GET /api/auth/session decodes any cookie that was once valid: a logged-out one (its
        // session version ended), a removed member's or a suspended merchant's still decodes. It
        // answers as for no cookie at all, nothing personal in it, unless the session holds now.
        if (!(await loadSessionScope(token as Parameters<typeof loadSessionScope>[0]))) return {} as typeof session;
        return { ...session, userId: token.userId, merchantId: token.merchantId, environment: token.environment, sessionVersion: token.sessionVersion } as typeof session;
      },
    },
    events: {
      // next-auth's own sign-out endpoint ends every session too, like our logout action.
      async signOut({ token }) {
        if (typeof token?.userId === "string") await endAllSessions(token.userId);
      },
    },
  };
}
