#!/usr/bin/env node
/**
 * The server Playwright tests run against: the built app on port 3100 with a fresh embedded
 * database, fast sandbox provider answers and settlement, so tests see real flows quickly.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// E2E_DATA_DIR lets a second instance (other knobs, e.g. a short checkout expiry) run beside it.
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";
rmSync(path.join(root, dataDir), { recursive: true, force: true });
const server = spawn("node", [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`,
    DATA_DIR: dataDir,
    PGLITE_DIR: `${dataDir}/pglite`,
    DATABASE_URL: "",
    APP_ENV: "sandbox",
    SANDBOX_PROVIDER_DELAY_MS: process.env.SANDBOX_PROVIDER_DELAY_MS ?? "1500",
    SANDBOX_SETTLEMENT_DELAY_SECONDS: "5",
    JOBS_POLL_MS: "200",
    // "I did not get the prompt" after 4 s rather than 45 (tests/e2e/ux.spec.ts).
    CHECKOUT_PROMPT_HELP_SECONDS: "4",
    // Sign-up links: the browser tests read each e-mail from here (tests/e2e/helpers/dashboard.ts);
    // the embedded database has one owner, this server, so they cannot read email_messages.
    EMAIL_DIR: path.join(root, dataDir, "mail"),
    EMAIL_CONSOLE: "false",
    WEBHOOK_ALLOW_PRIVATE: "true", // the browser tests' webhook receivers listen on 127.0.0.1
    RATE_LIMIT_PUBLIC_PER_MINUTE: "10000",
    // Every browser test comes from 127.0.0.1 and many log in as the demo merchant within a minute.
    DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: "1000",
    // Password hashes at scrypt 2^12 rather than production's 2^17: sign-ups and logins take
    // milliseconds, not seconds, on a machine the suites share (lib/auth/password.ts).
    PASSWORD_SCRYPT_LOG2_N: "12",
    // The short-expiry instance sets a low sign-up limit (tests/e2e/forwarded-for.spec.ts).
    DASHBOARD_SIGNUPS_PER_MINUTE: process.env.DASHBOARD_SIGNUPS_PER_MINUTE ?? "1000",
    PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE: "1000",
    DEMO_EMAIL: "demo@sandbox.local",
    DEMO_PASSWORD: "demo-password-e2e",
    // Fixed sandbox keys so browser tests can create payments through the public API.
    DEMO_PUBLIC_KEY: "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2",
    DEMO_SECRET_KEY: "sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2",
    // Fixed so the SDK's quickstart test (tests/e2e/sdk.spec.ts) can verify the webhooks it receives.
    DEMO_WEBHOOK_SECRET: "whsec_iRTUFasu5R8LkG0oP9G3ulpBAE82cPgb9oL8KZzNBPo=",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
