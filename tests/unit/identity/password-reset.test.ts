import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { authenticateDashboardUser, loadSessionScope } from "@/lib/identity/authenticate-user";
import { checkResetLink, requestPasswordReset, RESET_EMAILS_PER_HOUR, RESET_TTL_MINUTES, resetPassword } from "@/lib/identity/password-reset";
import { getPrisma } from "@/lib/db/client";
import { signedUpMerchant } from "../dashboard/helpers";

beforeAll(async () => {
  await getPrisma();
});

const en = { locale: "en" as const };
const ip = () => `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function linksTo(email: string) {
  const mails = await (await getPrisma()).emailMessage.findMany({ where: { to: email, kind: "password_reset" }, orderBy: { createdAt: "asc" } });
  return mails.map((m) => new URL(m.body.match(/https?:\/\/\S+\/login\/reset\?token=\S+/)![0]).searchParams.get("token")!);
}

describe("password reset by e-mailed link", () => {
  it("answers the same for an unknown address; a known one gets a single-use link; the reset ends every session, spends the other links and is audited", async () => {
    const m = await signedUpMerchant();
    const prisma = await getPrisma();
    const unknown = await requestPasswordReset({ email: "nobody-here@test.local" }, { ip: ip(), ...en });
    const known = await requestPasswordReset({ email: m.email.toUpperCase() }, { ip: ip(), ...en });
    expect(unknown).toEqual({ ok: true, data: { email: "nobody-here@test.local", minutes: RESET_TTL_MINUTES } });
    expect(known).toEqual({ ok: true, data: { email: m.email, minutes: RESET_TTL_MINUTES } });
    expect(await prisma.emailMessage.count({ where: { to: "nobody-here@test.local" } })).toBe(0);
    await requestPasswordReset({ email: m.email }, { ip: ip(), ...en });
    const [first, second] = await linksTo(m.email);
    expect(await prisma.passwordReset.findMany({ where: { userId: m.scope.userId } })).toHaveLength(2);
    // Only the secret's hash is stored.
    expect(JSON.stringify(await prisma.passwordReset.findMany())).not.toContain(first.split(".")[1]);

    // Opening the link spends nothing; a weak or mismatched password is refused on its field.
    expect(await checkResetLink(first)).toEqual({ ok: true, email: m.email });
    expect(await resetPassword({ token: first, password: "short", confirm: "short" }, en)).toMatchObject({ ok: false, fieldErrors: { password: expect.any(String) } });
    expect(await resetPassword({ token: first, password: "a new long passphrase", confirm: "another one" }, en)).toMatchObject({ ok: false, fieldErrors: { confirm: expect.any(String) } });

    const login = await authenticateDashboardUser({ email: m.email, password: m.password, ip: ip() });
    expect(await loadSessionScope({ ...login! })).not.toBeNull();
    expect(await resetPassword({ token: first, password: "a new long passphrase", confirm: "a new long passphrase" }, en)).toEqual({ ok: true, data: { email: m.email } });
    // The session issued before is over; the old password no longer works, the new one does.
    expect(await loadSessionScope({ ...login! })).toBeNull();
    expect(await authenticateDashboardUser({ email: m.email, password: m.password, ip: ip() })).toBeNull();
    expect(await authenticateDashboardUser({ email: m.email, password: "a new long passphrase", ip: ip() })).not.toBeNull();
    // Single use, and the other link is spent with it.
    expect(await resetPassword({ token: first, password: "yet another passphrase", confirm: "yet another passphrase" }, en)).toMatchObject({ ok: false, code: "link_used" });
    expect(await checkResetLink(second)).toEqual({ ok: false, problem: "used" });
    expect(await checkResetLink(`${first.split(".")[0]}.${"A".repeat(43)}`)).toEqual({ ok: false, problem: "invalid" });
    expect(await prisma.auditLog.findFirst({ where: { merchantId: m.scope.merchantId, action: "password.reset" } })).toMatchObject({ actor: `dashboard:${m.email}` });
    expect(await prisma.emailMessage.count({ where: { to: m.email, kind: "password_changed" } })).toBe(1);
  });

  it("expires; at most a few links an hour per account, with the same answer; a rate limit per network", async () => {
    const m = await signedUpMerchant();
    const from = ip();
    const t0 = new Date(Date.now() - 40 * 60_000);
    await requestPasswordReset({ email: m.email }, { ip: from, ...en, now: t0 });
    const [old] = await linksTo(m.email);
    expect(await checkResetLink(old)).toEqual({ ok: false, problem: "expired" });
    expect(await resetPassword({ token: old, password: "a new long passphrase", confirm: "a new long passphrase" }, en)).toMatchObject({ ok: false, code: "link_expired" });

    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 1; i++) expect(await requestPasswordReset({ email: m.email }, { ip: ip(), ...en })).toMatchObject({ ok: true });
    // The one 40 minutes ago counts in the hour.
    expect(await linksTo(m.email)).toHaveLength(RESET_EMAILS_PER_HOUR);

    const net = ip();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await requestPasswordReset({ email: `x${i}@test.local` }, { ip: net, locale: "fr" }));
    expect(answers.at(-1)).toMatchObject({ ok: false, code: "rate_limited", error: expect.stringContaining("Patientez") });
    expect(await requestPasswordReset({ email: "not an address" }, { ip: ip(), ...en })).toMatchObject({ ok: false, fieldErrors: { email: expect.any(String) } });
  });
});
