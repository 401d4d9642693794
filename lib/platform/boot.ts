import { reencryptTotpSecrets } from "@/lib/dashboard/two-factor/reencrypt-totp-secrets";
import { appEnv, config, settingOrDefault } from "@/lib/config";
import { findConnectorProblems } from "@/lib/connectors/connector-problems";
import { getDatabase } from "@/lib/db/client";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { emailsOnConsole } from "@/lib/email/send-email";
import { log } from "@/lib/log";
import { seedDemoMerchant, type DemoCredentials } from "@/lib/merchants/seed-demo-merchant";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { claimDatabaseEnvironment } from "./claim-database-environment";
import { reencryptWebhookSecrets } from "@/lib/webhooks/reencrypt-webhook-secrets";
import { webhookSecretKeyring } from "@/lib/webhooks/webhook-secret-keyring";
import { platformWarnings } from "./platform-warnings";
import { exposeShutdown } from "./shutdown";

/** Set on globalThis once the platform is ready (read by scripts/api-fast-path.mjs, outside Next's modules). */
const BOOTED = Symbol.for("payments.booted");

/** Server start-up: database ready, reference catalogue, demo merchant, jobs runner, banner. */
export async function boot() {
  if (!config.databaseUrl()) acquireDataDirLock("server");
  const db = await getDatabase();
  await claimDatabaseEnvironment("server");
  await seedReferenceData(db.prisma);
  webhookSecretKeyring(); // production without WEBHOOK_SECRET_KEYS stops here, not at the first sign-up
  // Rows from before encryption, or sealed with a key that is no longer first: fixed now.
  const reencrypted = await reencryptWebhookSecrets();
  if (reencrypted.rewritten > 0) log.info("webhook secrets re-encrypted", reencrypted);
  const totpResealed = await reencryptTotpSecrets();
  if (totpResealed.rewritten > 0) log.info("two-factor secrets re-encrypted", totpResealed);
  const demo = await seedDemoMerchant();
  // A production instance says at once which routed connector accounts cannot serve.
  for (const problem of await findConnectorProblems(appEnv(), db.prisma)) {
    if (problem.state === "provider_closed") log.warn(`connector account ${problem.account}: ${problem.detail}; ${problem.servedBy ? `served by ${problem.servedBy} meanwhile` : "unavailable"}`, { account: problem.account });
    else log.error(`connector account ${problem.account} is ${problem.state}: ${problem.detail}; its providers are unavailable`, { account: problem.account });
  }
  const runner = config.jobsRunner();
  if (runner === "inline") startInProcessRunner();
  exposeShutdown(); // scripts/serve.mjs calls it on SIGTERM
  printBanner(db.kind, runner, demo);
  for (const warning of platformWarnings()) log.warn(warning);
  // scripts/api-fast-path.mjs serves the API only from here on: before, Next holds requests
  // until this boot (its instrumentation hook) is done; the fast path would not.
  (globalThis as Record<symbol, unknown>)[BOOTED] = true;
}

function printBanner(dbKind: string, runner: string, demo: DemoCredentials | null) {
  if (settingOrDefault("LOG_LEVEL") === "silent") return;
  const url = config.publicUrl();
  const lines = [
    "",
    `  Payments platform — ${appEnv().toUpperCase()}`,
    `  Database: ${dbKind === "pglite" ? `embedded PGlite (${config.pgliteDir()})` : "PostgreSQL"} · jobs: ${runner}`,
    "",
    `  API base URL   ${url}/api/v1`,
    `  API reference  ${url}/docs`,
    `  Dashboard      ${url}/login`,
    ...(emailsOnConsole() ? [`  Sign-up        ${url}/signup   (no mail server: the confirmation link is printed here)`] : []),
    `  Health         ${url}/api/v1/health`,
    ...platformWarnings().map((w) => `  WARNING        ${w}`),
  ];
  if (demo) {
    lines.push(
      "",
      "  Demo merchant (sandbox)",
      `    dashboard login  ${demo.email} / ${demo.password ?? "(set DEMO_PASSWORD to fix it)"}`,
      `    public key       ${demo.publicKey}`,
      `    secret key       ${demo.secretKey ?? "(shown once at creation; rotate with: npm run ops -- keys:rotate --merchant " + demo.merchantId + ")"}`,
    );
    if (demo.webhookSecret) lines.push(`    webhook secret   ${demo.webhookSecret}   (set a URL: npm run ops -- webhook:set --merchant ${demo.email} --url …)`);
    if (demo.secretKey) {
      lines.push("", "  Try it:", `    curl -s ${url}/api/v1/payments/balance -H 'X-API-Key: ${demo.publicKey}:${demo.secretKey}'`);
    }
  }
  lines.push("");
  console.log(lines.join("\n"));
  log.debug("boot complete");
}
