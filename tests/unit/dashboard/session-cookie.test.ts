import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { getPrisma } from "@/lib/db/client";
import { resolveAuthSecret } from "@/lib/identity/auth-secret";
import { recordStatements } from "../../helpers/record-statements";
import { signedUpMerchant } from "./helpers";

/**
 * The dashboard reads its session straight from next-auth's cookie (app/_dashboard/session.ts,
 * no getServerSession, which re-encrypted a token per page view). Only Next's cookie
 * jar is stubbed here; the token is a real one, made the way login makes it.
 */
const jar = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  cookies: async () => ({ get: (name: string) => (jar.cookies.has(name) ? { name, value: jar.cookies.get(name) } : undefined), set: () => undefined }),
  headers: async () => new Headers(),
}));

const { currentScope } = await import("@/app/_dashboard/session");
const COOKIE = "next-auth.session-token";

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-123";
  await getPrisma();
});
beforeEach(() => jar.cookies.clear());

describe("the dashboard session cookie", () => {
  it("a token from login is the member's scope; none, a tampered one, an expired one or another secret's is no session", async () => {
    const m = await signedUpMerchant();
    const claims = { sub: m.scope.userId, userId: m.scope.userId, email: m.email, merchantId: m.scope.merchantId, environment: "sandbox", sessionVersion: 0 };
    const secret = resolveAuthSecret();

    expect(await currentScope()).toBeNull();

    jar.cookies.set(COOKIE, await encode({ token: claims, secret, maxAge: 3600 }));
    // Checked against the database at every request, in one statement (user, merchant).
    const { result, statements } = await recordStatements(() => currentScope());
    expect(result).toMatchObject({ userId: m.scope.userId, merchantId: m.scope.merchantId, environment: "sandbox", role: "owner" });
    expect(statements).toHaveLength(1);

    const good = jar.cookies.get(COOKIE)!;
    jar.cookies.set(COOKIE, good.slice(0, -4) + (good.endsWith("AAAA") ? "BBBB" : "AAAA"));
    expect(await currentScope()).toBeNull();

    jar.cookies.set(COOKIE, await encode({ token: claims, secret, maxAge: -60 }));
    expect(await currentScope()).toBeNull();

    jar.cookies.set(COOKIE, await encode({ token: claims, secret: "another-secret-another-secret-another", maxAge: 3600 }));
    expect(await currentScope()).toBeNull();

    // A token seen before (kept decoded) still ends at its expiry.
    jar.cookies.set(COOKIE, await encode({ token: claims, secret, maxAge: 60 }));
    expect(await currentScope()).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60_000 + 16_000); // past its expiry and next-auth's 15 s tolerance
      expect(await currentScope()).toBeNull();
    } finally {
      vi.useRealTimers();
    }

    // A token of a session ended since (logout, password change) carries an older version.
    jar.cookies.set(COOKIE, await encode({ token: { ...claims, sessionVersion: -1 }, secret, maxAge: 3600 }));
    expect(await currentScope()).toBeNull();
  });
});
