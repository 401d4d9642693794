import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { encode, decode } from "next-auth/jwt";
import { authOptions, SESSION_MAX_AGE_SECONDS } from "@/app/_dashboard/auth-options";
import { signedUpMerchant } from "./helpers";

// The embedded database's first start (migrations) is not part of any test's time.
beforeAll(async () => {
  await getPrisma();
});

describe("next-auth options", () => {
  it("JWT sessions of 12 hours that activity does not extend", () => {
    process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-123";
    const options = authOptions();
    expect(SESSION_MAX_AGE_SECONDS).toBe(12 * 3600);
    expect(options.session).toEqual({ strategy: "jwt", maxAge: 12 * 3600, updateAge: 12 * 3600 });
    expect(options.jwt?.maxAge).toBe(12 * 3600);
  });

  it("authorize returns the merchant and environment the session will carry; a wrong password gets null", async () => {
    process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-123";
    const m = await signedUpMerchant();
    const provider = authOptions().providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    const req = { headers: { "x-forwarded-for": "10.1.1.1" } };
    expect(await provider.options.authorize({ email: m.email, password: m.password }, req)).toEqual({ id: m.scope.userId, email: m.email, merchantId: m.scope.merchantId, environment: "sandbox", sessionVersion: 0 });
    expect(await provider.options.authorize({ email: m.email, password: "nope" }, req)).toBeNull();
  });

  it("next-auth's own sign-out ends every session of the user", async () => {
    process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-123";
    const m = await signedUpMerchant();
    await authOptions().events!.signOut!({ token: { userId: m.scope.userId }, session: undefined as never });
    const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    expect(user.sessionVersion).toBe(1);
  });

  it("an expired token is not a session", async () => {
    const secret = "test-secret-test-secret-test-secret-123";
    const token = await encode({ secret, token: { userId: "usr_x" }, maxAge: -60 });
    // getServerSession treats a failed decode as "no session".
    await expect(decode({ secret, token })).rejects.toThrow(/exp/);
    const fresh = await encode({ secret, token: { userId: "usr_x" }, maxAge: SESSION_MAX_AGE_SECONDS });
    expect(await decode({ secret, token: fresh })).toMatchObject({ userId: "usr_x" });
  });
});

describe("GET /api/auth/session (next-auth's session callback)", () => {
  it("a live session gets its claims; a logged-out one, or a removed user's, gets nothing personal", async () => {
    process.env.NEXTAUTH_SECRET = "test-secret-test-secret-test-secret-123";
    const m = await signedUpMerchant();
    const options = authOptions();
    const token = { sub: m.scope.userId, email: m.email, userId: m.scope.userId, merchantId: m.scope.merchantId, environment: "sandbox", sessionVersion: 0 };
    const session = { user: { email: m.email, name: null, image: null }, expires: new Date(Date.now() + 3600_000).toISOString() };
    const live = await options.callbacks!.session!({ session, token } as never);
    expect(live).toMatchObject({ user: { email: m.email }, merchantId: m.scope.merchantId });

    // Logged out everywhere: the cookie still decodes, but its session version has ended.
    await options.events!.signOut!({ token: { userId: m.scope.userId }, session: undefined as never });
    const after = await options.callbacks!.session!({ session, token } as never);
    expect(after).toEqual({});
    expect(JSON.stringify(after)).not.toContain(m.email);
    // A token of no user at all.
    expect(await options.callbacks!.session!({ session, token: { ...token, userId: "usr_nobody" } } as never)).toEqual({});
  });
});
