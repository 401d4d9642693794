import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { authenticateDashboardUser } from "@/lib/identity/authenticate-user";
import { checkSignUpLink, confirmSignUp, signUp } from "@/lib/identity/sign-up";
import { getPrisma } from "@/lib/db/client";
import { signUpLinkFor, tokenOf } from "../dashboard/helpers";

/** Sign-up answers the same for every address; the account comes from the e-mailed link. */

beforeAll(async () => {
  await getPrisma();
});

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["APP_ENV", "EMAIL_DIR", "EMAIL_CONSOLE"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

const newEmail = () => `signup-${randomBytes(5).toString("hex")}@test.local`;
const form = (email: string) => ({ businessName: "Boutique Lien", email, password: "a long enough password" });

describe("sign-up answers", () => {
  it("are byte-identical for a new address and for one that has an account, and only the e-mail differs", async () => {
    const email = newEmail();
    const prisma = await getPrisma();
    const asNew = await signUp(form(email));
    // Nothing exists yet but the request: no merchant, no user, no login.
    expect(await prisma.dashboardUser.count({ where: { email } })).toBe(0);
    expect(await prisma.merchant.count({ where: { email } })).toBe(0);
    expect(await authenticateDashboardUser({ email, password: "a long enough password", ip: "10.1.0.1" })).toBeNull();
    expect((await confirmSignUp(tokenOf(await signUpLinkFor(email)))).ok).toBe(true);

    const asTaken = await signUp({ ...form(email), businessName: "Someone Else", password: "another long password" });
    expect(JSON.stringify(asTaken)).toBe(JSON.stringify(asNew));
    expect(asNew).toEqual({ ok: true, data: { outcome: "check_email", email } });

    const mail = await prisma.emailMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
    expect(mail.map((m) => m.kind)).toEqual(["signup_confirm", "signup_existing_account"]);
    expect(mail[1].body).toMatch(/log in instead: http\S+\/login/);
    expect(mail[1].body).not.toContain("/signup/confirm");
  });
});

describe("sign-up link", () => {
  it("creates the account once: the keys work, the session is for the new user, a second use is refused", async () => {
    const email = newEmail();
    await signUp(form(email));
    const link = await signUpLinkFor(email);
    expect(link).toMatch(/^http:\/\/\S+\/signup\/confirm\?token=sgr_\S+\.\S{43}$/);
    const token = tokenOf(link);
    // Only the secret's hash is stored.
    const row = await (await getPrisma()).signupRequest.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).not.toContain(token.split(".")[1]);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await checkSignUpLink(token)).toEqual({ ok: true, email });
    const first = await confirmSignUp(token);
    if (!first.ok) throw new Error(first.error);
    expect(first.data.email).toBe(email);
    const auth = await authenticateApiKey(new Headers({ "X-API-Key": `${first.data.keys!.publicKey}:${first.data.keys!.secretKey}` }));
    expect(auth.merchant.id).toBe(first.data.merchantId);
    expect(auth.merchant.name).toBe("Boutique Lien");
    const login = await authenticateDashboardUser({ email, password: "a long enough password", ip: "10.1.0.2" });
    expect(login).toEqual(first.data.login);

    expect(await confirmSignUp(token)).toMatchObject({ ok: false, code: "link_used" });
    expect(await checkSignUpLink(token)).toEqual({ ok: false, problem: "used" });
    expect(await (await getPrisma()).merchant.count({ where: { email } })).toBe(1);
  });

  it("two confirmations of one link at once make one account", async () => {
    const email = newEmail();
    await signUp(form(email));
    const token = tokenOf(await signUpLinkFor(email));
    const results = await Promise.all([confirmSignUp(token), confirmSignUp(token), confirmSignUp(token)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(["link_used", "link_used"]);
    expect(await (await getPrisma()).merchant.count({ where: { email } })).toBe(1);
  });

  it("is refused once expired", async () => {
    const email = newEmail();
    await signUp(form(email));
    const token = tokenOf(await signUpLinkFor(email));
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000);
    expect(await checkSignUpLink(token, tomorrow)).toEqual({ ok: false, problem: "expired" });
    expect(await confirmSignUp(token, tomorrow)).toMatchObject({ ok: false, code: "link_expired", error: expect.stringMatching(/expired/) });
    expect(await (await getPrisma()).dashboardUser.count({ where: { email } })).toBe(0);
  });

  it("refuses forged, truncated and hostile tokens without throwing", async () => {
    const email = newEmail();
    await signUp(form(email));
    const token = tokenOf(await signUpLinkFor(email));
    const [id, secret] = token.split(".");
    const flipped = secret.slice(0, -1) + (secret.endsWith("A") ? "B" : "A");
    const forged = [
      `${id}.${flipped}`,
      `${id}.${randomBytes(32).toString("base64url")}`,
      `sgr_00000000000000000000000000.${secret}`,
      token.slice(0, -1),
      id,
      "",
      `${token}\u0000`,
      "x".repeat(100_000),
      null,
      undefined,
      42,
      ["a", "b"],
    ];
    for (const bad of forged) {
      expect(await checkSignUpLink(bad)).toEqual({ ok: false, problem: "invalid" });
      expect(await confirmSignUp(bad)).toMatchObject({ ok: false, code: "link_invalid" });
    }
    expect(await (await getPrisma()).dashboardUser.count({ where: { email } })).toBe(0);
    expect((await confirmSignUp(token)).ok).toBe(true); // the real one still works
  });

  it("two pending sign-ups for one address: the first confirmed wins, the other says the account exists", async () => {
    const email = newEmail();
    await signUp(form(email));
    const first = tokenOf(await signUpLinkFor(email));
    await signUp({ ...form(email), businessName: "Second Try" });
    const second = tokenOf(await signUpLinkFor(email));
    expect(second).not.toBe(first);
    expect((await confirmSignUp(second)).ok).toBe(true);
    expect(await confirmSignUp(first)).toMatchObject({ ok: false, code: "account_exists" });
    expect(await checkSignUpLink(first)).toEqual({ ok: false, problem: "used" });
    const merchants = await (await getPrisma()).merchant.findMany({ where: { email } });
    expect(merchants.map((m) => m.name)).toEqual(["Second Try"]);
  });

  it("in production creates the unverified merchant with no key", async () => {
    process.env.APP_ENV = "production";
    const email = newEmail();
    await signUp(form(email));
    const confirmed = await confirmSignUp(tokenOf(await signUpLinkFor(email)));
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect(confirmed.data.keys).toBeNull();
    const merchant = await (await getPrisma()).merchant.findUniqueOrThrow({ where: { id: confirmed.data.merchantId }, include: { apiKeys: true } });
    expect(merchant.verificationStatus).toBe("unverified");
    expect(merchant.apiKeys).toHaveLength(0);
  });
});

describe("development copies of e-mails", () => {
  it("EMAIL_DIR gets each message as JSON in the sandbox, never in production", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mail-"));
    process.env.EMAIL_DIR = dir;
    const email = newEmail();
    await signUp(form(email));
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const copy = JSON.parse(readFileSync(path.join(dir, files[0]), "utf8"));
    expect(copy).toMatchObject({ to: email, kind: "signup_confirm" });
    expect(copy.body).toContain(await signUpLinkFor(email));

    process.env.APP_ENV = "production";
    await signUp(form(newEmail()));
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
