import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateDashboardUser } from "@/lib/identity/authenticate-user";
import { CHALLENGE_MAX_ATTEMPTS, completeTwoFactorChallenge, startTwoFactorChallenge } from "@/lib/identity/two-factor/challenge";
import { confirmTwoFactorEnrolment, disableTwoFactor, getTwoFactorStatus, regenerateRecoveryCodes, setTeamTwoFactor, startTwoFactorEnrolment } from "@/lib/identity/two-factor/manage-two-factor";
import { resetTwoFactor } from "@/lib/identity/two-factor/reset-two-factor";
import { getPrisma } from "@/lib/db/client";
import { invitedMember, signedUpMerchant } from "../dashboard/helpers";

beforeAll(async () => {
  await getPrisma();
});

/** The code an authenticator app shows for `secret` at `at` (the same library as the server). */
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
const STEP = 30_000;

/** A merchant whose owner has turned two-factor on; its key and recovery codes. */
async function enrolled(at = new Date()) {
  const m = await signedUpMerchant();
  const started = await startTwoFactorEnrolment(m.scope);
  if (!started.ok) throw new Error(started.error);
  const done = await confirmTwoFactorEnrolment(m.scope, { code: await codeAt(started.data.secret, at) }, at);
  if (!done.ok) throw new Error(done.error);
  return { ...m, secret: started.data.secret, uri: started.data.uri, recoveryCodes: done.data.recoveryCodes };
}

describe("two-factor enrolment", () => {
  it("turns on with the first code; the secret is stored sealed and the recovery codes hashed; audited", async () => {
    const m = await enrolled();
    expect(m.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(m.uri).toContain(encodeURIComponent(m.email));
    expect(m.recoveryCodes).toHaveLength(10);
    expect(new Set(m.recoveryCodes).size).toBe(10);
    const prisma = await getPrisma();
    const user = await prisma.dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    expect(user.totpEnabledAt).not.toBeNull();
    expect(user.totpSecret).toMatch(/^t1:/);
    expect(user.totpSecret).not.toContain(m.secret);
    const stored = await prisma.twoFactorRecoveryCode.findMany({ where: { userId: m.scope.userId } });
    expect(stored).toHaveLength(10);
    for (const code of m.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    const audit = await prisma.auditLog.findMany({ where: { merchantId: m.scope.merchantId, action: { startsWith: "two_factor." } } });
    expect(audit.map((a) => a.action)).toEqual(["two_factor.enabled"]);
    expect(JSON.stringify(audit)).not.toContain(m.secret);
    expect(await getTwoFactorStatus(m.scope)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("a wrong code does not turn it on; starting again replaces an unfinished key; once on, it cannot be restarted", async () => {
    const m = await signedUpMerchant();
    const first = await startTwoFactorEnrolment(m.scope);
    if (!first.ok) throw new Error(first.error);
    expect(await confirmTwoFactorEnrolment(m.scope, { code: "000000" })).toMatchObject({ ok: false, code: "wrong_code" });
    const second = await startTwoFactorEnrolment(m.scope);
    if (!second.ok) throw new Error(second.error);
    // The first key's code no longer works: only the latest key can finish the set-up.
    expect(await confirmTwoFactorEnrolment(m.scope, { code: await codeAt(first.data.secret, new Date()) })).toMatchObject({ ok: false, code: "wrong_code" });
    expect(await confirmTwoFactorEnrolment(m.scope, { code: await codeAt(second.data.secret, new Date()) })).toMatchObject({ ok: true });
    expect(await startTwoFactorEnrolment(m.scope)).toMatchObject({ ok: false, code: "invalid_state" });
  });
});

describe("two-factor sign-in", () => {
  it("the password alone gives no session; the challenge takes the app's code once, never the same code twice", async () => {
    const t0 = new Date();
    const m = await enrolled(t0);
    const login = await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.1" });
    expect(login).toMatchObject({ userId: m.scope.userId, twoFactorRequired: true });

    const token = await startTwoFactorChallenge(login!);
    const later = new Date(t0.getTime() + 2 * STEP);
    expect(await completeTwoFactorChallenge(token, "123", later)).toEqual({ ok: false, code: "wrong_code" });
    const code = await codeAt(m.secret, later);
    const ok = await completeTwoFactorChallenge(token, code, later);
    expect(ok).toMatchObject({ ok: true, usedRecoveryCode: false, login: { userId: m.scope.userId, merchantId: m.scope.merchantId } });
    // The challenge is spent; a new one does not take the same code again (replay within its window).
    expect(await completeTwoFactorChallenge(token, code, later)).toEqual({ ok: false, code: "challenge_invalid" });
    const again = await startTwoFactorChallenge(login!);
    expect(await completeTwoFactorChallenge(again, code, later)).toEqual({ ok: false, code: "wrong_code" });
    // The next step's code is fine.
    const next = new Date(later.getTime() + STEP);
    expect(await completeTwoFactorChallenge(again, await codeAt(m.secret, next), next)).toMatchObject({ ok: true });
  });

  it("a recovery code signs in once; a challenge dies after a few wrong codes, or when it expires", async () => {
    const m = await enrolled();
    const login = (await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.2" }))!;
    const recovery = m.recoveryCodes[3];
    const first = await startTwoFactorChallenge(login);
    expect(await completeTwoFactorChallenge(first, recovery.toUpperCase().replace("-", " "), new Date())).toMatchObject({ ok: true, usedRecoveryCode: true });
    const second = await startTwoFactorChallenge(login);
    expect(await completeTwoFactorChallenge(second, recovery, new Date())).toEqual({ ok: false, code: "wrong_code" });
    expect(await getTwoFactorStatus(m.scope)).toMatchObject({ recoveryCodesLeft: 9 });
    const used = await (await getPrisma()).auditLog.findFirst({ where: { merchantId: m.scope.merchantId, action: "two_factor.recovery_code_used" } });
    expect(used?.details).toEqual({ left: 9 });

    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) expect(await completeTwoFactorChallenge(second, "000000", new Date())).toEqual({ ok: false, code: "wrong_code" });
    // Exhausted: even the right code is refused now (back to the password).
    expect(await completeTwoFactorChallenge(second, await codeAt(m.secret, new Date()), new Date())).toEqual({ ok: false, code: "challenge_invalid" });

    const third = await startTwoFactorChallenge(login);
    const late = new Date(Date.now() + 11 * 60_000);
    expect(await completeTwoFactorChallenge(third, await codeAt(m.secret, late), late)).toEqual({ ok: false, code: "challenge_invalid" });
    expect(await completeTwoFactorChallenge(`${third.split(".")[0]}.${"A".repeat(43)}`, await codeAt(m.secret, new Date()), new Date())).toEqual({ ok: false, code: "challenge_invalid" });
  });

  it("code checks are rate limited per user", async () => {
    const m = await enrolled();
    const login = (await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.3" }))!;
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const token = await startTwoFactorChallenge(login);
      for (let j = 0; j < CHALLENGE_MAX_ATTEMPTS; j++) {
        const r = await completeTwoFactorChallenge(token, "000000", new Date());
        if (!r.ok) outcomes.push(r.code);
      }
    }
    expect(outcomes).toContain("rate_limited");
    expect(outcomes.filter((o) => o === "wrong_code").length).toBeLessThanOrEqual(10);
  });

  it("a password change ends pending challenges (the session version moved)", async () => {
    const m = await enrolled();
    const login = (await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.4" }))!;
    const token = await startTwoFactorChallenge(login);
    await (await getPrisma()).dashboardUser.update({ where: { id: m.scope.userId }, data: { sessionVersion: { increment: 1 } } });
    expect(await completeTwoFactorChallenge(token, await codeAt(m.secret, new Date()), new Date())).toEqual({ ok: false, code: "challenge_invalid" });
  });
});

describe("two-factor management", () => {
  it("turning it off and new recovery codes need a current code; both are audited", async () => {
    const t0 = new Date();
    const m = await enrolled(t0);
    expect(await disableTwoFactor(m.scope, { code: "000000" })).toMatchObject({ ok: false, code: "wrong_code" });
    const t1 = new Date(t0.getTime() + STEP);
    const fresh = await regenerateRecoveryCodes(m.scope, { code: await codeAt(m.secret, t1) }, t1);
    if (!fresh.ok) throw new Error(fresh.error);
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    // The old codes are gone: an old one no longer turns it off; a new one does.
    expect(await disableTwoFactor(m.scope, { code: m.recoveryCodes[0] })).toMatchObject({ ok: false, code: "wrong_code" });
    expect(await disableTwoFactor(m.scope, { code: fresh.data.recoveryCodes[0] })).toMatchObject({ ok: true });
    const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    expect([user.totpSecret, user.totpEnabledAt]).toEqual([null, null]);
    const actions = (await (await getPrisma()).auditLog.findMany({ where: { merchantId: m.scope.merchantId, action: { startsWith: "two_factor." } }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["two_factor.enabled", "two_factor.recovery_codes_replaced", "two_factor.disabled"]);
    expect(await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.5" })).not.toHaveProperty("twoFactorRequired");
  });

  it("owners require it for the team once they have it; then nobody can turn theirs off; only owners decide", async () => {
    const owner = await signedUpMerchant();
    expect(await setTeamTwoFactor(owner.scope, { required: "on" })).toMatchObject({ ok: false, code: "invalid_state" });
    const started = await startTwoFactorEnrolment(owner.scope);
    if (!started.ok) throw new Error(started.error);
    const t0 = new Date();
    await confirmTwoFactorEnrolment(owner.scope, { code: await codeAt(started.data.secret, t0) }, t0);
    const dev = await invitedMember(owner.scope, "developer");
    expect(await setTeamTwoFactor(dev.scope, { required: "on" })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await setTeamTwoFactor(owner.scope, { required: "on" })).toEqual({ ok: true, data: { required: true } });
    expect(await getTwoFactorStatus(dev.scope)).toMatchObject({ enabled: false, teamRequires: true });
    const t1 = new Date(t0.getTime() + STEP);
    expect(await disableTwoFactor(owner.scope, { code: await codeAt(started.data.secret, t1) }, t1)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await setTeamTwoFactor(owner.scope, {})).toEqual({ ok: true, data: { required: false } });
    const actions = (await (await getPrisma()).auditLog.findMany({ where: { merchantId: owner.scope.merchantId, action: { startsWith: "two_factor.team" } }, orderBy: { createdAt: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(["two_factor.team_required", "two_factor.team_optional"]);
  });
});

describe("support reset", () => {
  it("turns two-factor off, deletes the recovery codes, ends sessions and pending sign-ins, and is audited", async () => {
    const m = await enrolled();
    const login = (await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.2.0.6" }))!;
    const pending = await startTwoFactorChallenge(login);
    expect(await resetTwoFactor(m.email.toUpperCase(), "ops")).toEqual({ userId: m.scope.userId, merchantId: m.scope.merchantId });
    const prisma = await getPrisma();
    const user = await prisma.dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    expect([user.totpSecret, user.totpEnabledAt, user.sessionVersion]).toEqual([null, null, 1]);
    expect(await prisma.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await completeTwoFactorChallenge(pending, await codeAt(m.secret, new Date()), new Date())).toEqual({ ok: false, code: "challenge_invalid" });
    const row = await prisma.auditLog.findFirstOrThrow({ where: { merchantId: m.scope.merchantId, action: "two_factor.reset" } });
    expect([row.actor, row.details]).toEqual(["ops", { member: m.email }]);
    expect(await resetTwoFactor("nobody@test.local", "ops")).toBeNull();
  });
});
