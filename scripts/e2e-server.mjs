#!/usr/bin/env node
/**
 * The server Playwright tests run against: the built app on port 3100 with a fresh embedded
 * database, fast sandbox provider answers and settlement, so tests see real flows quickly.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
rmSync(path.join(root, ".data-e2e"), { recursive: true, force: true });
const server = spawn("node", [path.join(root, "scripts/start.mjs")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`,
    DATA_DIR: ".data-e2e",
    PGLITE_DIR: ".data-e2e/pglite",
    DATABASE_URL: "",
    APP_ENV: "sandbox",
    SANDBOX_PROVIDER_DELAY_MS: process.env.SANDBOX_PROVIDER_DELAY_MS ?? "1500",
    SANDBOX_SETTLEMENT_DELAY_SECONDS: "5",
    JOBS_POLL_MS: "200",
    RATE_LIMIT_PUBLIC_PER_MINUTE: "10000",
    DEMO_EMAIL: "demo@sandbox.local",
    DEMO_PASSWORD: "demo-password-e2e",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
