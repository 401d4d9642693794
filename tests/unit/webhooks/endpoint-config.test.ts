import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getPrisma } from "@/lib/db/client";
import { isAppError } from "@/lib/errors";
import { findUserByEmail } from "@/lib/identity/users";
import { seedDemoMerchant } from "@/lib/merchants/seed-demo-merchant";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { seedDemoWebhookEndpoint } from "@/lib/webhooks/seed-demo-webhook-endpoint";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { signWebhook } from "@/lib/webhooks/sign-webhook";
import { signingSecrets } from "@/lib/webhooks/signing-secrets";
import { openWebhookSecret } from "@/lib/webhooks/seal-webhook-secret";
import { generateWebhookSecret } from "@/lib/webhooks/webhook-secret";
import { createTestMerchant } from "../../helpers/merchants";

afterEach(() => {
  process.env.APP_ENV = "sandbox";
  delete process.env.DEMO_WEBHOOK_SECRET;
});

const auditActions = async (merchantId: string) =>
  (await (await getPrisma()).auditLog.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } })).map((a) => a.action);

describe("webhook endpoint configuration", () => {
  it("is created once per merchant and environment, with a whsec_ secret (stored encrypted) and no URL", async () => {
    const m = await createTestMerchant();
    const [a, b] = await Promise.all([getOrCreateEndpoint(m.merchant.id, "sandbox"), getOrCreateEndpoint(m.merchant.id, "sandbox")]);
    expect(a.secret).toBe(b.secret);
    expect(a.secret).not.toContain("whsec_");
    expect(openWebhookSecret(a.secret, a)).toMatch(/^whsec_/);
    expect(a.url).toBeNull();
    const live = await getOrCreateEndpoint(m.merchant.id, "production");
    expect(openWebhookSecret(live.secret, live)).not.toBe(openWebhookSecret(a.secret, a));
  });

  it("setWebhookUrl checks the URL against the environment's rules and audits the change", async () => {
    const m = await createTestMerchant();
    const view = await setWebhookUrl(m.merchant.id, "sandbox", "http://127.0.0.1:4000/hooks", "ops");
    expect(view).toMatchObject({ url: "http://127.0.0.1:4000/hooks", status: "enabled" });
    expect(JSON.stringify(view)).not.toContain("whsec_");

    process.env.APP_ENV = "production";
    const refused = await setWebhookUrl(m.merchant.id, "production", "http://10.0.0.1/hooks", "ops").catch((e) => e);
    expect(isAppError(refused) && refused.code).toBe("validation_error");
    expect((await setWebhookUrl(m.merchant.id, "production", "https://hooks.merchant.example/psp", "ops")).url).toBe("https://hooks.merchant.example/psp");
    process.env.APP_ENV = "sandbox";

    expect((await setWebhookUrl(m.merchant.id, "sandbox", null, "ops")).status).toBe("not_configured");
    expect(await auditActions(m.merchant.id)).toEqual(["webhook.url_set", "webhook.url_set", "webhook.url_set"]);
  });

  it("a new URL, or webhook:enable, clears a 410 disable", async () => {
    const m = await createTestMerchant();
    const id = m.merchant.id;
    await setWebhookUrl(id, "sandbox", "https://a.example/hooks", "ops");
    const prisma = await getPrisma();
    const disable = () =>
      prisma.webhookEndpoint.update({ where: { merchantId_environment: { merchantId: id, environment: "sandbox" } }, data: { disabledAt: new Date(), disabledReason: "410" } });
    await disable();
    expect((await setWebhookUrl(id, "sandbox", "https://a.example/hooks", "ops")).status).toBe("disabled"); // same URL: still gone
    expect((await setWebhookUrl(id, "sandbox", "https://b.example/hooks", "ops")).status).toBe("enabled");
    await disable();
    expect((await enableWebhookEndpoint(id, "sandbox", "ops")).status).toBe("enabled");
  });

  it("rotation keeps the previous secret signing for 24 h; the secret is revealed once, audited, and a rotation counts as showing it", async () => {
    const m = await createTestMerchant();
    const first = await revealWebhookSecret(m.merchant.id, "sandbox", "ops");
    await expect(revealWebhookSecret(m.merchant.id, "sandbox", "ops")).rejects.toMatchObject({ code: "invalid_state" });
    const now = new Date();
    const { secret, previousValidUntil } = await rotateWebhookSecret(m.merchant.id, "sandbox", "ops", now);
    expect(secret).not.toBe(first);
    expect(previousValidUntil.getTime() - now.getTime()).toBe(24 * 3600_000);
    const after = await getOrCreateEndpoint(m.merchant.id, "sandbox");
    expect(JSON.stringify(after)).not.toContain("whsec_"); // both secrets encrypted at rest
    expect(signingSecrets(after, now)).toEqual([secret, first]);
    expect(signingSecrets(after, new Date(previousValidUntil.getTime() + 1))).toEqual([secret]);
    await expect(revealWebhookSecret(m.merchant.id, "sandbox", "ops")).rejects.toMatchObject({ code: "invalid_state" });
    expect(await auditActions(m.merchant.id)).toEqual(["webhook.secret_revealed", "webhook.secret_rotated"]);
    const audit = await (await getPrisma()).auditLog.findMany({ where: { merchantId: m.merchant.id } });
    expect(JSON.stringify(audit)).not.toContain("whsec_");
  });
});

describe("demo merchant webhook secret", () => {
  it("DEMO_WEBHOOK_SECRET fixes the demo merchant's sandbox secret, replacing a generated one", async () => {
    const m = await createTestMerchant();
    const generated = await seedDemoWebhookEndpoint(m.merchant.id);
    expect(generated).toMatch(/^whsec_/);
    expect(await seedDemoWebhookEndpoint(m.merchant.id)).toBe(generated); // stable without the variable
    const fixed = generateWebhookSecret();
    process.env.DEMO_WEBHOOK_SECRET = fixed;
    expect(await seedDemoWebhookEndpoint(m.merchant.id)).toBe(fixed);
    expect(signingSecrets(await getOrCreateEndpoint(m.merchant.id, "sandbox"))).toEqual([fixed]);
    // A receiver configured with the fixed secret verifies what we sign.
    const body = '{"id":"evt_demo"}';
    expect(new Webhook(fixed).verify(body, signWebhook({ id: "evt_demo", body, secrets: [fixed] }))).toEqual({ id: "evt_demo" });
  });

  it("refuses a malformed DEMO_WEBHOOK_SECRET without echoing it", async () => {
    const m = await createTestMerchant();
    process.env.DEMO_WEBHOOK_SECRET = "whsec_tooShortSecret";
    const err = await seedDemoWebhookEndpoint(m.merchant.id).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).not.toContain("tooShortSecret");
  });

  it("seedDemoMerchant creates the demo merchant's webhook endpoint and returns its secret", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "demo-"));
    const saved = { DATA_DIR: process.env.DATA_DIR, DEMO_EMAIL: process.env.DEMO_EMAIL };
    process.env.DATA_DIR = dataDir;
    process.env.DEMO_EMAIL = `demo-${Date.now()}-${Math.random().toString(36).slice(2)}@sandbox.local`;
    process.env.DEMO_WEBHOOK_SECRET = generateWebhookSecret();
    try {
      const demo = await seedDemoMerchant(findUserByEmail);
      expect(demo?.webhookSecret).toBe(process.env.DEMO_WEBHOOK_SECRET);
      expect(signingSecrets(await getOrCreateEndpoint(demo!.merchantId, "sandbox"))).toEqual([process.env.DEMO_WEBHOOK_SECRET]);
      expect((await seedDemoMerchant(findUserByEmail))?.webhookSecret).toBe(process.env.DEMO_WEBHOOK_SECRET); // second start
    } finally {
      for (const [k, v] of Object.entries(saved)) v === undefined ? delete process.env[k] : (process.env[k] = v);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
