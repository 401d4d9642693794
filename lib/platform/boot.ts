import { reencryptTotpSecrets } from "@/lib/identity/two-factor/reencrypt-totp-secrets";
import { appEnv, config, setting, settingOrDefault } from "@/lib/config";
import { findConnectorProblems } from "@/lib/connectors/connector-problems";
import { getDatabase } from "@/lib/db/client";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { type JobsEventSender, setJobsEventSender } from "@/lib/jobs/wake-job-runner";
import { emailsOnConsole } from "@/lib/email/send-email";
import { log } from "@/lib/log";
import { findUserByEmail } from "@/lib/identity/users";
import { seedDemoMerchant, type DemoCredentials } from "@/lib/merchants/seed-demo-merchant";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { claimDatabaseEnvironment } from "./claim-database-environment";
import { reencryptWebhookSecrets } from "@/lib/webhooks/reencrypt-webhook-secrets";
import { webhookSecretKeyring } from "@/lib/webhooks/webhook-secret-keyring";
import { platformJobs } from "./jobs";
import { periodicTasks } from "./periodic-tasks";
import { platformWarnings } from "./platform-warnings";
import { exposeShutdown } from "./shutdown";

/** Set on globalThis once the platform is ready (read by scripts/api-fast-path.mjs, outside Next's modules). */
const BOOTED = Symbol.for("payments.booted");

/**
 * What the server's entry (instrumentation.ts) hands to boot: Inngest's event sender when
 * JOBS_RUNNER=inngest (the composition root injects it into the job wake; lib/ never loads the
 * Inngest client itself).
 */
export type BootOptions = { sendJobsEvent?: JobsEventSender };

/** Server start-up: database ready, reference catalogue, demo merchant, jobs runner, banner. */
export async function boot(options: BootOptions = {}) {
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
  const demo = await seedDemoMerchant(findUserByEmail);
  // A production instance says at once which routed connector accounts cannot serve.
  for (const problem of await findConnectorProblems(appEnv(), db.prisma)) {
    if (problem.state === "provider_closed") log.warn(`connector account ${problem.account}: ${problem.detail}; ${problem.servedBy ? `served by ${problem.servedBy} meanwhile` : "unavailable"}`, { account: problem.account });
    else log.error(`connector account ${problem.account} is ${problem.state}: ${problem.detail}; its providers are unavailable`, { account: problem.account });
  }
  const runner = config.jobsRunner();
  if (runner === "inngest") setJobsEventSender(options.sendJobsEvent ?? null);
  if (runner === "inline") startInProcessRunner({ jobs: platformJobs, periodicTasks });
  exposeShutdown(); // scripts/serve.mjs calls it on SIGTERM
  printBanner(db.kind, runner, demo);
  for (const warning of platformWarnings()) log.warn(warning);
  // scripts/api-fast-path.mjs serves the API only from here on: before, Next holds requests
  // until this boot (its instrumentation hook) is done; the fast path would not.
  (globalThis as Record<symbol, unknown>)[BOOTED] = true;
}

function printBanner(dbKind: string, runner: string, demo: DemoCredentials | null) {
  if (settingOrDefault("LOG_LEVEL") === "silent") return;
  // Under `npm start`'s supervisor every API process boots; the first one speaks for all.
  if ((setting("SERVER_INSTANCE") ?? 1) > 1) return;
  console.log(startBanner(dbKind, runner, demo).join("\n"));
  log.debug("boot complete");
}

/** The start banner: where things are, the demo merchant, and what to try, all of which work while this server runs. */
export function startBanner(dbKind: string, runner: string, demo: DemoCredentials | null): string[] {
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
      // What works while this server runs: the dashboard and the API. An ops command would need
      // the embedded database, which this server holds.
      `    secret key       ${demo.secretKey ?? `(shown once at creation; rotate it on ${url}/dashboard/api-keys)`}`,
    );
    if (demo.webhookSecret) lines.push(`    webhook secret   ${demo.webhookSecret}   (set your URL on ${url}/dashboard/webhooks, or with PUT /api/v1/webhooks/endpoint below)`);
    if (demo.secretKey) {
      const key = `-H 'X-API-Key: ${demo.publicKey}:${demo.secretKey}'`;
      lines.push(
        "",
        "  Try it:",
        `    curl -s ${url}/api/v1/payments/balance ${key}`,
        `    curl -s -X PUT ${url}/api/v1/webhooks/endpoint ${key} -H 'Content-Type: application/json' -d '{"url":"https://your-app.example/webhooks"}'`,
      );
    }
  }
  lines.push("");
  return lines;
}
