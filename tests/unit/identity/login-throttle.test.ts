import { randomBytes, scrypt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { needsRehash, scryptParams } from "@/lib/auth/password";
import { authenticateDashboardUser, endAllSessions, loadSessionScope } from "@/lib/identity/authenticate-user";
import { changePassword } from "@/lib/identity/change-password";
import { claimLoginAttempt, LOGIN_THROTTLE, loginDelayMs, recordLoginFailure } from "@/lib/identity/login-throttle";
import { getPrisma } from "@/lib/db/client";
import { signedUpMerchant } from "../dashboard/helpers";

beforeAll(async () => {
  await getPrisma();
});

// Every attempt comes from its own address: the per-IP limit is not what is tested here.
let n = 0;
const ip = () => `10.20.${Math.floor(++n / 250)}.${n % 250}`;
const attempt = (email: string, password: string) => authenticateDashboardUser({ email, password, ip: ip() });
const prisma = () => getPrisma();

/** Moves the held time into the past, as if the delay had been waited out. */
async function waitOut(email: string) {
  await (await prisma()).loginThrottle.update({ where: { email }, data: { blockedUntil: new Date(Date.now() - 1) } });
}

describe("per-account login throttle", () => {
  it("delays grow after 5 failures: 1 s, 2 s, 4 s… capped at a minute", () => {
    expect([0, 4, 5, 6, 7, 10, 11, 19].map(loginDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });

  it("after 5 wrong passwords the next attempt, even the right one, fails the same way until the delay has passed", async () => {
    const m = await signedUpMerchant();
    for (let i = 0; i < 5; i++) expect(await attempt(m.email, `wrong password ${i}`)).toBeNull();
    expect(await attempt(m.email, m.password)).toBeNull(); // held for 1 s: generic failure
    await waitOut(m.email);
    expect(await attempt(m.email, m.password)).toMatchObject({ userId: m.scope.userId });
    // A good login clears the count.
    expect(await (await prisma()).loginThrottle.findUnique({ where: { email: m.email } })).toBeNull();
  });

  it("counts across client addresses (a botnet shares one budget per account)", async () => {
    const m = await signedUpMerchant();
    for (let i = 0; i < 5; i++) await attempt(m.email, "wrong password");
    const row = await (await prisma()).loginThrottle.findUniqueOrThrow({ where: { email: m.email } });
    expect(row.failures).toBe(5);
    expect(row.blockedUntil.getTime()).toBeGreaterThan(Date.now());
  });

  it("throttles unknown addresses the same way (no hint which e-mails have accounts) but e-mails nobody", async () => {
    const email = `nobody-${randomBytes(4).toString("hex")}@test.local`;
    for (let i = 0; i < LOGIN_THROTTLE.lockAfter; i++) {
      await recordLoginFailure(email, { accountExists: false });
    }
    expect(await claimLoginAttempt(email)).toBe(false);
    expect(await (await prisma()).emailMessage.count({ where: { to: email } })).toBe(0);
  });

  it("parallel attempts past the free failures: only one gets through per delay", async () => {
    const m = await signedUpMerchant();
    for (let i = 0; i < 5; i++) await recordLoginFailure(m.email, { accountExists: true });
    await waitOut(m.email);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimLoginAttempt(m.email)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it(`locks after ${LOGIN_THROTTLE.lockAfter} failures for 15 minutes, e-mails the owner once, and the right password still fails`, async () => {
    const m = await signedUpMerchant();
    let result: { locked: boolean } = { locked: false };
    for (let i = 0; i < LOGIN_THROTTLE.lockAfter; i++) result = await recordLoginFailure(m.email, { accountExists: true });
    expect(result.locked).toBe(true);
    const row = await (await prisma()).loginThrottle.findUniqueOrThrow({ where: { email: m.email } });
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await attempt(m.email, m.password)).toBeNull();
    const mail = await (await prisma()).emailMessage.findMany({ where: { to: m.email, kind: { not: "signup_confirm" } } });
    expect(mail.map((e) => e.kind)).toEqual(["login_lockout"]);
    expect(mail[0].body).toMatch(/15 minutes/);
    // More failures while locked send no second notice.
    await recordLoginFailure(m.email, { accountExists: true });
    expect(await (await prisma()).emailMessage.count({ where: { to: m.email, kind: "login_lockout" } })).toBe(1);
  });
});

describe("re-hash on login", () => {
  it("a password stored at N=2^15 is re-hashed at today's cost by the next good login", async () => {
    const m = await signedUpMerchant();
    const salt = randomBytes(16);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(m.password, salt, 64, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (e, k) => (e ? reject(e) : resolve(k))),
    );
    const old = ["scrypt", 1 << 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    await (await prisma()).dashboardUser.update({ where: { id: m.scope.userId }, data: { passwordHash: old } });
    expect(await attempt(m.email, m.password)).toMatchObject({ userId: m.scope.userId });
    const stored = (await (await prisma()).dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } })).passwordHash;
    expect(stored.startsWith(`scrypt$${scryptParams().N}$8$1$`)).toBe(true);
    expect(needsRehash(stored)).toBe(false);
    expect(await attempt(m.email, m.password)).toMatchObject({ userId: m.scope.userId });
  });
});

describe("sessions end at once", () => {
  const claims = (m: Awaited<ReturnType<typeof signedUpMerchant>>, sessionVersion: number) => ({ userId: m.scope.userId, merchantId: m.scope.merchantId, environment: "sandbox", sessionVersion });

  it("logout (endAllSessions) ends every session of the user, not another user's", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const laptop = await attempt(a.email, a.password);
    const phone = await attempt(a.email, a.password);
    expect(await loadSessionScope(claims(a, laptop!.sessionVersion))).toEqual(a.scope);
    await endAllSessions(a.scope.userId);
    expect(await loadSessionScope(claims(a, laptop!.sessionVersion))).toBeNull();
    expect(await loadSessionScope(claims(a, phone!.sessionVersion))).toBeNull();
    expect(await loadSessionScope(claims(b, 0))).toEqual(b.scope);
    // A new login gets the new version.
    const again = await attempt(a.email, a.password);
    expect(again!.sessionVersion).toBe(1);
    expect(await loadSessionScope(claims(a, 1))).toEqual(a.scope);
  });

  it("a password change ends every other session, hands back a fresh one, and tells the owner", async () => {
    const m = await signedUpMerchant();
    const wrong = await changePassword(m.scope, { currentPassword: "not it at all", newPassword: "a brand new passphrase" });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { currentPassword: "The current password is wrong." } });
    const weak = await changePassword(m.scope, { currentPassword: m.password, newPassword: "password2024" }, { locale: "fr" });
    expect(weak).toMatchObject({ ok: false, fieldErrors: { newPassword: expect.stringMatching(/trop courant/) } });
    const changed = await changePassword(m.scope, { currentPassword: m.password, newPassword: "a brand new passphrase" });
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(await loadSessionScope(claims(m, 0))).toBeNull();
    expect(await loadSessionScope(claims(m, changed.data.login.sessionVersion))).toEqual(m.scope);
    expect(await attempt(m.email, m.password)).toBeNull();
    expect(await attempt(m.email, "a brand new passphrase")).toMatchObject({ userId: m.scope.userId });
    expect((await (await prisma()).emailMessage.findMany({ where: { to: m.email, kind: { not: "signup_confirm" } } })).map((e) => e.kind)).toEqual(["password_changed"]);
  });

  it("a removed user's sessions end with the user", async () => {
    const m = await signedUpMerchant();
    await (await prisma()).dashboardUser.delete({ where: { id: m.scope.userId } });
    expect(await loadSessionScope(claims(m, 0))).toBeNull();
  });
});
