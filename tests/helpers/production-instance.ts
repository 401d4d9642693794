import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { verifyMerchant } from "@/lib/merchants/verify-merchant";
import { createTestMerchant } from "./merchants";

/**
 * A production-mode instance inside a test file (docs/design/environments.md, docs/design/connectors.md): APP_ENV=production for the
 * file, a verified merchant with live keys, and connectors configured the way an operator does
 * it, through the ops commands. For the seam's own flow test (fake operator) and for the e2e
 * flows of real connectors against their contract simulators.
 */
const saved: Record<string, string | undefined> = {};

/** Sets env vars for the file (restore with restoreEnv in afterAll). */
export function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in saved)) saved[key] = process.env[key];
    process.env[key] = value;
  }
}

export function restoreEnv() {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
    delete saved[key];
  }
  invalidateApiKeyCache();
}

export const enterProduction = (extra: Record<string, string> = {}) => setEnv({ APP_ENV: "production", ...extra });

/** A merchant verified by an operator, with its live key pair and ready-made auth headers. */
export async function createLiveMerchant(overrides: Parameters<typeof createTestMerchant>[0] = {}) {
  // Signed up as every merchant is (sandbox keys), then verified by an operator: live keys.
  const appEnv = process.env.APP_ENV;
  process.env.APP_ENV = "sandbox";
  const created = await createTestMerchant(overrides).finally(() => (process.env.APP_ENV = appEnv));
  const verified = await verifyMerchant(created.merchant.id, "test-operator");
  const credentials = `${verified.keys.publicKey}:${verified.keys.secretKey}`;
  return { merchant: created.merchant, credentials, headers: { "X-API-Key": credentials } };
}

/** Runs an ops command as `npm run ops -- …` would; throws what it throws. */
export async function ops(...argv: string[]): Promise<{ code: number; output: string }> {
  const [name, ...rest] = argv;
  const command = opsCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no ops command ${name}`);
  const lines: string[] = [];
  const code = (await command.run(parseOpsArgs(rest), (line) => lines.push(line))) ?? 0;
  return { code, output: lines.join("\n") };
}
