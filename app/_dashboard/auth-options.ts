import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { config } from "@/lib/config";
import { authenticateDashboardUser } from "@/lib/dashboard/authenticate-user";
import { resolveAuthSecret } from "@/lib/dashboard/auth-secret";
import { AppError } from "@/lib/errors";

/** Dashboard sessions last 12 hours from login; they are never extended by activity. */
export const SESSION_MAX_AGE_SECONDS = 12 * 3600;

function firstHeader(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

export function authOptions(): NextAuthOptions {
  // next-auth v4 builds its callback URLs from NEXTAUTH_URL; default it to our public origin.
  process.env.NEXTAUTH_URL ??= config.publicUrl();
  return {
    secret: resolveAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const forwarded = firstHeader(req?.headers, "x-forwarded-for")?.split(",")[0]?.trim();
          const ip = forwarded || firstHeader(req?.headers, "x-real-ip") || "unknown";
          try {
            const scope = await authenticateDashboardUser({ email: credentials?.email, password: credentials?.password, ip });
            if (!scope) return null;
            return { id: scope.userId, email: scope.email, merchantId: scope.merchantId, environment: scope.environment };
          } catch (err) {
            // next-auth passes the message to the login form as `error`.
            if (err instanceof AppError && err.code === "rate_limited") throw new Error("rate_limited");
            if (err instanceof AppError) throw new Error(err.code);
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as { id: string; merchantId?: string; environment?: string };
          token.userId = u.id;
          token.merchantId = u.merchantId;
          token.environment = u.environment;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, userId: token.userId, merchantId: token.merchantId, environment: token.environment } as typeof session;
      },
    },
  };
}
