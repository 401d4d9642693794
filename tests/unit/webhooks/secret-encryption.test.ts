import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reencryptTotpSecrets } from "@/lib/identity/two-factor/reencrypt-totp-secrets";
import { openTotpSecret, sealTotpSecret } from "@/lib/identity/two-factor/totp";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { reencryptWebhookSecrets } from "@/lib/webhooks/reencrypt-webhook-secrets";
import { isSealedWithCurrentKey, openWebhookSecret, sealWebhookSecret } from "@/lib/webhooks/seal-webhook-secret";
import { signingSecrets } from "@/lib/webhooks/signing-secrets";
import { generateWebhookSecret } from "@/lib/webhooks/webhook-secret";
import { parseWebhookSecretKeys, webhookSecretKeyring } from "@/lib/webhooks/webhook-secret-keyring";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * Webhook signing secrets are encrypted at rest with a key from the environment
 * (rotatable); rows written before encryption keep working and get re-encrypted.
 * Every key list below keeps the suite's key first whenever rows are re-encrypted: on
 * PostgreSQL other test files share the table and must still read their rows.
 */
const suiteKeys = process.env.WEBHOOK_SECRET_KEYS!;
const saved = { APP_ENV: process.env.APP_ENV, DATA_DIR: process.env.DATA_DIR };
afterEach(() => {
  process.env.WEBHOOK_SECRET_KEYS = suiteKeys;
  process.env.APP_ENV = saved.APP_ENV;
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.DATA_DIR;
});

const newKey = (kid: string) => `${kid}:${randomBytes(32).toString("base64")}`;
const owner = { merchantId: "mch_owner", environment: "sandbox" };

describe("sealing", () => {
  it("round-trips, with a fresh IV each time, and binds the secret to its merchant and environment", () => {
    const secret = generateWebhookSecret();
    const a = sealWebhookSecret(secret, owner);
    const b = sealWebhookSecret(secret, owner);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret.slice(6));
    expect(a).toMatch(/^v1:test1:/);
    expect(openWebhookSecret(a, owner)).toBe(secret);
    expect(() => openWebhookSecret(a, { ...owner, merchantId: "mch_other" })).toThrow();
    expect(() => openWebhookSecret(a, { ...owner, environment: "production" })).toThrow();
    const parts = a.split(":");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => openWebhookSecret(parts.join(":"), owner)).toThrow();
  });

  it("refuses malformed key lists without echoing key material", () => {
    const material = randomBytes(16).toString("base64");
    for (const raw of [`k1:${material}`, "no-colon", "", `k1:${randomBytes(32).toString("base64")},k1:${randomBytes(32).toString("base64")}`]) {
      let message = "";
      try {
        parseWebhookSecretKeys(raw);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).not.toBe("");
      expect(message).not.toContain(material);
    }
  });

  it("is required in production; in the sandbox a key is generated once into DATA_DIR (mode 600)", () => {
    delete process.env.WEBHOOK_SECRET_KEYS;
    process.env.APP_ENV = "production";
    expect(() => webhookSecretKeyring()).toThrow(/WEBHOOK_SECRET_KEYS must be set in production/);
    process.env.APP_ENV = "sandbox";
    const dir = mkdtempSync(path.join(tmpdir(), "whkeys-"));
    process.env.DATA_DIR = dir;
    try {
      const first = webhookSecretKeyring().current;
      const file = path.join(dir, "webhook-secret-keys");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8")).toContain(`${first.kid}:`);
      expect(webhookSecretKeyring().current.key.equals(first.key)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("key rotation and rows from before encryption", () => {
  it("an older key still decrypts; re-encryption moves rows to the first key; then the old key can go", async () => {
    const m = await createTestMerchant();
    const old = newKey("old");
    process.env.WEBHOOK_SECRET_KEYS = old; // the endpoint is created under the old key
    const endpoint = await getOrCreateEndpoint(m.merchant.id, "sandbox");
    const secret = signingSecrets(endpoint)[0];
    expect(endpoint.secret).toMatch(/^v1:old:/);

    process.env.WEBHOOK_SECRET_KEYS = `${suiteKeys},${old}`;
    expect(isSealedWithCurrentKey(endpoint.secret)).toBe(false);
    expect(signingSecrets(endpoint)).toEqual([secret]); // still readable
    const out = await runOps("webhook:reencrypt", "--json");
    expect(JSON.parse(out).rewritten).toBeGreaterThanOrEqual(1);
    const after = await getOrCreateEndpoint(m.merchant.id, "sandbox");
    expect(after.secret).toMatch(/^v1:test1:/);

    process.env.WEBHOOK_SECRET_KEYS = suiteKeys; // old key dropped
    expect(signingSecrets(after)).toEqual([secret]);
    expect(JSON.parse(await runOps("webhook:reencrypt", "--json")).rewritten).toBe(0); // idempotent
  });

  it("two-factor secrets move to the first key too, so removing the old key locks nobody out", async () => {
    const m = await createTestMerchant();
    const prisma = await getPrisma();
    const user = await prisma.dashboardUser.create({ data: { id: `usr_totp_${Date.now()}`, merchantId: m.merchant.id, email: `totp-${Date.now()}@test.local`, passwordHash: "x" } });
    const old = newKey("old");
    process.env.WEBHOOK_SECRET_KEYS = old;
    await prisma.dashboardUser.update({ where: { id: user.id }, data: { totpSecret: sealTotpSecret("JBSWY3DPEHPK3PXP", user.id) } });

    process.env.WEBHOOK_SECRET_KEYS = `${suiteKeys},${old}`;
    const result = JSON.parse(await runOps("webhook:reencrypt", "--json"));
    expect(result.totp.rewritten).toBeGreaterThanOrEqual(1);
    process.env.WEBHOOK_SECRET_KEYS = suiteKeys; // old key dropped
    const stored = (await prisma.dashboardUser.findUniqueOrThrow({ where: { id: user.id } })).totpSecret!;
    expect(stored).toMatch(/^t1:test1:/);
    expect(openTotpSecret(stored, user.id)).toBe("JBSWY3DPEHPK3PXP");
    expect((await reencryptTotpSecrets()).rewritten).toBe(0); // idempotent
  });

  it("a plaintext row keeps signing and is encrypted by the re-encryption", async () => {
    const m = await createTestMerchant();
    const plain = generateWebhookSecret();
    const previous = generateWebhookSecret();
    const prisma = await getPrisma();
    await prisma.webhookEndpoint.create({
      data: { merchantId: m.merchant.id, environment: "sandbox", secret: plain, previousSecret: previous, previousSecretExpiresAt: new Date(Date.now() + 3600_000) },
    });
    expect(signingSecrets(await getOrCreateEndpoint(m.merchant.id, "sandbox"))).toEqual([plain, previous]);
    await reencryptWebhookSecrets();
    const row = await getOrCreateEndpoint(m.merchant.id, "sandbox");
    expect(JSON.stringify(row)).not.toContain("whsec_");
    expect(signingSecrets(row)).toEqual([plain, previous]);
  });
});

async function runOps(name: string, ...argv: string[]) {
  const lines: string[] = [];
  await opsCommands.find((c) => c.name === name)!.run(parseOpsArgs(argv), (l) => lines.push(l));
  return lines.join("\n");
}
