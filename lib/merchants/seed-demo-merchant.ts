import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { config, isSandbox, setting } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { assertKeyEnvironment, hashSecret, keyEnvironment, secretHint, generateKeyPair } from "@/lib/auth/api-keys";
import { seedDemoWebhookEndpoint } from "@/lib/webhooks/seed-demo-webhook-endpoint";
import { createMerchant } from "./create-merchant";

/**
 * The sandbox demo merchant (docs/design/operations.md), created on first start. DEMO_PUBLIC_KEY,
 * DEMO_SECRET_KEY, DEMO_EMAIL and DEMO_PASSWORD fix its credentials; otherwise they are
 * generated once and kept in <DATA_DIR>/demo-credentials.json (mode 600, sandbox only) so that
 * every start can print them. Secrets in the database stay hashed. DEMO_WEBHOOK_SECRET fixes
 * its sandbox webhook secret.
 */
export type DemoCredentials = { email: string; password: string | null; publicKey: string; secretKey: string | null; merchantId: string; webhookSecret?: string };

const credentialsFile = () => path.resolve(config.dataDir(), "demo-credentials.json");

function readSavedCredentials(): Partial<DemoCredentials> {
  try {
    return existsSync(credentialsFile()) ? JSON.parse(readFileSync(credentialsFile(), "utf8")) : {};
  } catch {
    return {};
  }
}

function saveCredentials(credentials: DemoCredentials) {
  mkdirSync(path.dirname(credentialsFile()), { recursive: true });
  writeFileSync(credentialsFile(), JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  chmodSync(credentialsFile(), 0o600);
}

/**
 * The demo merchant's user is found by e-mail through `findUserByEmail` (findUserByEmail of
 * lib/identity/users.ts): lib/identity owns the dashboard users and sits above this folder, so the
 * caller (the boot) hands its lookup in.
 */
export type FindUserByEmail = (email: string) => Promise<{ merchantId: string } | null>;

export async function seedDemoMerchant(findUserByEmail: FindUserByEmail): Promise<DemoCredentials | null> {
  const demo = await seedDemoAccount(findUserByEmail);
  // Its sandbox webhook secret (DEMO_WEBHOOK_SECRET when set) lives in the database, not the file.
  if (demo) demo.webhookSecret = await seedDemoWebhookEndpoint(demo.merchantId);
  return demo;
}

async function seedDemoAccount(findUserByEmail: FindUserByEmail): Promise<DemoCredentials | null> {
  if (!isSandbox()) return null;
  const prisma = await getPrisma();
  const saved = readSavedCredentials();
  const email = (setting("DEMO_EMAIL") ?? saved.email ?? "demo@sandbox.local").toLowerCase();
  const demoPublicKey = setting("DEMO_PUBLIC_KEY");
  const demoSecretKey = setting("DEMO_SECRET_KEY");
  const fixedKeys =
    demoPublicKey && demoSecretKey
      ? { publicKey: demoPublicKey, secretKey: demoSecretKey }
      : null;
  if (fixedKeys) {
    for (const key of [fixedKeys.publicKey, fixedKeys.secretKey]) {
      const environment = keyEnvironment(key);
      if (!environment) throw new Error("DEMO_PUBLIC_KEY and DEMO_SECRET_KEY must be a pk_test_…/sk_test_… pair.");
      assertKeyEnvironment(environment, "sandbox", "DEMO_PUBLIC_KEY/DEMO_SECRET_KEY");
    }
  }

  const user = await findUserByEmail(email);
  if (!user) {
    const password = setting("DEMO_PASSWORD") ?? randomBytes(9).toString("base64url");
    const keys = fixedKeys ?? generateKeyPair("sandbox");
    const plan = setting("DEMO_PLAN");
    const { merchant } = await createMerchant({ name: "Demo Merchant", email, password, plan, keys });
    const credentials = { email, password, publicKey: keys.publicKey, secretKey: keys.secretKey, merchantId: merchant.id };
    saveCredentials(credentials);
    return credentials;
  }

  // Existing demo merchant: make sure fixed keys, when given, are a valid pair of it.
  if (fixedKeys) {
    const existing = await prisma.apiKey.findUnique({ where: { publicKey: fixedKeys.publicKey } });
    if (!existing) {
      await prisma.apiKey.create({
        data: {
          id: newId("key"),
          merchantId: user.merchantId,
          environment: "sandbox",
          publicKey: fixedKeys.publicKey,
          secretHash: hashSecret(fixedKeys.secretKey),
          secretHint: secretHint(fixedKeys.secretKey),
        },
      });
    } else if (existing.merchantId === user.merchantId && existing.secretHash !== hashSecret(fixedKeys.secretKey)) {
      await prisma.apiKey.update({
        where: { id: existing.id },
        data: { secretHash: hashSecret(fixedKeys.secretKey), secretHint: secretHint(fixedKeys.secretKey), expiresAt: null, revokedAt: null },
      });
      invalidateApiKeyCache();
    }
    return { email, password: setting("DEMO_PASSWORD") ?? saved.password ?? null, ...fixedKeys, merchantId: user.merchantId };
  }
  const current = await prisma.apiKey.findFirst({
    where: { merchantId: user.merchantId, environment: "sandbox", revokedAt: null, expiresAt: null },
    orderBy: { createdAt: "desc" },
  });
  const savedStillCurrent = saved.publicKey && current?.publicKey === saved.publicKey;
  return {
    email,
    password: saved.password ?? setting("DEMO_PASSWORD") ?? null,
    publicKey: current?.publicKey ?? saved.publicKey ?? "",
    secretKey: savedStillCurrent ? (saved.secretKey ?? null) : null,
    merchantId: user.merchantId,
  };
}
