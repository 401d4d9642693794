import { defineConfig } from "@playwright/test";

const port = process.env.E2E_PORT ?? "3100";
const expiryPort = process.env.E2E_EXPIRY_PORT ?? "3101";
// CI runs the suite in two shards side by side, each with its own two servers, data and results
// (.ci/run): E2E_PORT, E2E_EXPIRY_PORT, E2E_DATA_DIR and E2E_OUTPUT_DIR keep them apart.
const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";

/** Browser tests in Debian's Chromium (never a downloaded browser: see STACK notes in README). */
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  // Two minutes a test, 15 s an assertion: CI runs these beside the test suites on two cores, where
  // a page that renders in 200 ms idle took seconds (docs/decisions/ci-and-tests.md).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded on the retry of a failed test only: recording every test costs CPU that CI runs
    // beside the other suites.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "pipe",
    },
    {
      // A second instance whose checkout payments expire after 6 s (tests/e2e/checkout.spec.ts),
      // a low sign-up limit per address, and the API served through Next's routing rather than
      // the fast path (tests/e2e/forwarded-for.spec.ts checks the per-IP limits on both).
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${expiryPort}/api/v1/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "pipe",
      env: { E2E_PORT: expiryPort, E2E_DATA_DIR: `${dataDir}-expiry`, PAYMENT_CHECKOUT_EXPIRY_MINUTES: "0.1", DASHBOARD_SIGNUPS_PER_MINUTE: "3", API_FAST_PATH: "off" },
    },
  ],
});
