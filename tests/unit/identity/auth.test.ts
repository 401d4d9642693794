import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { authenticateDashboardUser, loadSessionScope } from "@/lib/identity/authenticate-user";
import { resolveAuthSecret } from "@/lib/identity/auth-secret";
import { signUp } from "@/lib/identity/sign-up";
import { getPrisma } from "@/lib/db/client";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { signedUpMerchant, signUpAndConfirm } from "../dashboard/helpers";

// The embedded database's first start (migrations) is not part of any test's time.
beforeAll(async () => {
  await getPrisma();
});

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["APP_ENV", "NEXTAUTH_SECRET", "DATA_DIR", "DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("sign-up", () => {
  it("creates the merchant, its dashboard user, a working sandbox key pair and a webhook secret", async () => {
    const m = await signedUpMerchant();
    expect(m.keys.publicKey).toMatch(/^pk_/);
    expect(m.keys.secretKey).toMatch(/^sk_/);
    const prisma = await getPrisma();
    const merchant = await prisma.merchant.findUniqueOrThrow({ where: { id: m.scope.merchantId }, include: { apiKeys: true, webhookEndpoints: true } });
    expect(merchant.name).toBe("Boutique Test");
    expect(merchant.apiKeys).toHaveLength(1);
    expect(merchant.apiKeys[0].environment).toBe("sandbox");
    expect(merchant.webhookEndpoints[0].secret).toBeTruthy();
    // The secret shown once is the one the API accepts; only its hash is stored.
    expect(merchant.apiKeys[0].secretHash).not.toContain(m.keys.secretKey);
    const auth = await authenticateApiKey(new Headers(m.headers));
    expect(auth.merchant.id).toBe(m.scope.merchantId);
  });

  it("returns field errors for a short password, a bad email and a missing name", async () => {
    const result = await signUp({ businessName: "", email: "not-an-email", password: "short" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe("validation_error");
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual(["businessName", "email", "password"]);
    expect(result.fieldErrors?.password).toBe("Use at least 10 characters.");
  });

  it("a failed sign-up hands back what was typed (never the password), in the form's language", async () => {
    const typed = { businessName: "B", email: "awa@boutique", password: "short", country: "CI" };
    const en = await signUp(typed);
    expect(en).toMatchObject({ ok: false, code: "validation_error", values: { businessName: "B", email: "awa@boutique", country: "CI" } });
    if (en.ok) return;
    expect(en.values).not.toHaveProperty("password");
    expect(JSON.stringify(en)).not.toContain("short\"");
    const fr = await signUp(typed, { locale: "fr" });
    expect(fr).toMatchObject({
      ok: false,
      error: "Corrigez les champs signalés.",
      fieldErrors: { businessName: expect.stringContaining("nom de votre entreprise"), email: expect.stringContaining("adresse e-mail valide"), password: "Utilisez au moins 10 caractères." },
      values: { email: "awa@boutique" },
    });
  });

  it("a second sign-up with a taken email creates nothing, says only 'check your e-mail', and tells the owner by e-mail", async () => {
    const m = await signedUpMerchant();
    const prisma = await getPrisma();
    const merchants = await prisma.merchant.count();
    const again = await signUp({ businessName: "Other", email: m.email.toUpperCase(), password: "another long password" });
    expect(again).toEqual({ ok: true, data: { outcome: "check_email", email: m.email } });
    expect(await prisma.merchant.count()).toBe(merchants);
    const mail = await prisma.emailMessage.findMany({ where: { to: m.email, kind: { not: "signup_confirm" } } });
    expect(mail.map((e) => e.kind)).toEqual(["signup_existing_account"]);
    expect(mail[0].body).not.toContain("another long password");
  });

  it("refuses a common password or one built on the e-mail or business name, in the form's language", async () => {
    const email = `awa-${Date.now()}@boutique-awa.test`;
    const common = await signUp({ businessName: "Boutique Awa", email, password: "Password2024!" });
    expect(common).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { password: expect.stringMatching(/too common/) } });
    const personal = await signUp({ businessName: "Boutique Awa", email, password: "boutiqueawa2024" }, { locale: "fr" });
    expect(personal).toMatchObject({ ok: false, fieldErrors: { password: expect.stringMatching(/nom de votre entreprise/) } });
    expect(await (await getPrisma()).dashboardUser.count({ where: { email } })).toBe(0);
  });

  it("in production creates no key pair: the merchant waits for verification", async () => {
    process.env.APP_ENV = "production";
    const result = await signUpAndConfirm({ businessName: "Live Shop", email: `live-${Date.now()}@test.local`, password: "a long enough password" });
    expect(result.data.keys).toBeNull();
    const prisma = await getPrisma();
    expect(await prisma.apiKey.count({ where: { merchantId: result.data.merchantId } })).toBe(0);
    expect((await prisma.merchant.findUniqueOrThrow({ where: { id: result.data.merchantId } })).verificationStatus).toBe("unverified");
  });
});

/** What a login carries for a member without two-factor: who and where, and the session version. */
const loginOf = (s: { userId: string; email: string; merchantId: string; environment: string }) => ({ userId: s.userId, email: s.email, merchantId: s.merchantId, environment: s.environment, sessionVersion: 0 });

describe("login", () => {
  it("accepts the right password (email case-insensitive) and rejects a wrong one or an unknown email", async () => {
    const m = await signedUpMerchant();
    const ok = await authenticateDashboardUser({ email: m.email.toUpperCase(), password: m.password, ip: "10.0.0.1" });
    expect(ok).toEqual(loginOf(m.scope));
    expect(await authenticateDashboardUser({ email: m.email, password: "wrong password", ip: "10.0.0.1" })).toBeNull();
    expect(await authenticateDashboardUser({ email: "nobody@test.local", password: m.password, ip: "10.0.0.1" })).toBeNull();
    expect(await authenticateDashboardUser({ email: m.email, password: undefined, ip: "10.0.0.1" })).toBeNull();
  });

  it("rate-limits attempts per IP and email, even with the right password once over the limit", async () => {
    process.env.DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE = "3";
    const m = await signedUpMerchant();
    for (let i = 0; i < 3; i++) expect(await authenticateDashboardUser({ email: m.email, password: "wrong", ip: "10.0.0.2" })).toBeNull();
    // Twice the limit more, at once: the sliding window still counts most of them should the
    // minute turn before the next attempt (a slow, loaded machine), so that attempt is over.
    const over = await Promise.allSettled(Array.from({ length: 3 }, () => authenticateDashboardUser({ email: m.email, password: "wrong", ip: "10.0.0.2" })));
    expect(over.some((r) => r.status === "rejected" && (r.reason as { code?: string }).code === "rate_limited")).toBe(true);
    await expect(authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.0.0.2" })).rejects.toMatchObject({ code: "rate_limited" });
    // Another IP is a different bucket.
    expect(await authenticateDashboardUser({ email: m.email, password: m.password, ip: "10.0.0.3" })).toEqual(loginOf(m.scope));
  });

  it("a session is honoured only for its own user, merchant and environment", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    expect(await loadSessionScope({ userId: a.scope.userId, merchantId: a.scope.merchantId, environment: "sandbox", sessionVersion: 0 })).toEqual(a.scope);
    expect(await loadSessionScope({ userId: a.scope.userId, merchantId: b.scope.merchantId, environment: "sandbox", sessionVersion: 0 })).toBeNull();
    expect(await loadSessionScope({ userId: a.scope.userId, merchantId: a.scope.merchantId, environment: "production", sessionVersion: 0 })).toBeNull();
    expect(await loadSessionScope({ userId: "usr_gone", merchantId: a.scope.merchantId, environment: "sandbox", sessionVersion: 0 })).toBeNull();
    // A token issued before this change carries no version: not a session any more.
    expect(await loadSessionScope({ userId: a.scope.userId, merchantId: a.scope.merchantId, environment: "sandbox" })).toBeNull();
    expect(await loadSessionScope({})).toBeNull();
  });
});

describe("NEXTAUTH_SECRET", () => {
  it("uses the configured secret", () => {
    process.env.NEXTAUTH_SECRET = "configured-secret-value-that-is-long-enough";
    expect(resolveAuthSecret()).toBe("configured-secret-value-that-is-long-enough");
  });

  it("in the sandbox without one, generates it once and keeps it in DATA_DIR (mode 600)", () => {
    delete process.env.NEXTAUTH_SECRET;
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "dash-secret-"));
    const first = resolveAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret()).toBe(first);
    const file = path.join(process.env.DATA_DIR, "nextauth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("production refuses to run without one", () => {
    delete process.env.NEXTAUTH_SECRET;
    process.env.APP_ENV = "production";
    expect(() => resolveAuthSecret()).toThrow(/NEXTAUTH_SECRET must be set/);
  });
});

describe("sign-up rate limit", () => {
  it("limits sign-ups per client IP", async () => {
    process.env.DASHBOARD_SIGNUPS_PER_MINUTE = "2";
    const body = () => ({ businessName: "Spam Co", email: `spam-${Math.random().toString(36).slice(2)}@test.local`, password: "long enough password" });
    // At once: the limit is checked before the (slow) password hash, so all three checks fall in
    // the same window; one after another on a loaded machine, the third could land in the next.
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const answers = await Promise.all([signUp(body(), { ip }), signUp(body(), { ip }), signUp(body(), { ip })]);
    expect(answers.filter((a) => a.ok)).toHaveLength(2);
    expect(answers.filter((a) => !a.ok)).toMatchObject([{ ok: false, code: "rate_limited" }]);
    expect((await signUp(body(), { ip: "10.9.251.10" })).ok).toBe(true);
    delete process.env.DASHBOARD_SIGNUPS_PER_MINUTE;
  });
});
