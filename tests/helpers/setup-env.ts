// Test defaults: each test file gets its own in-memory PGlite, or under `npm run test:pg` its own
// PostgreSQL database (CI runs the same suite there). Providers answer at once; no in-process runner.
import { afterAll } from "vitest";
import { closeDatabase } from "@/lib/db/client";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";
import { startFileFresh } from "./fresh-file-state";
import { useOwnDatabase } from "./per-file-database";

await startFileFresh();
// The request log writes its buffer on a timer: written now, into this file's database, or the
// timer would write it into the next file's, in the middle of that file's statements.
afterAll(async () => {
  await flushApiRequestLog();
  await closeDatabase();
});

process.env.APP_ENV ??= "sandbox";
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = "memory";
else if (process.env.TEST_PG_PER_FILE === "1") await useOwnDatabase();
process.env.SANDBOX_PROVIDER_DELAY_MS ??= "0";
// A password hash at scrypt 2^12 (4 MB) instead of 2^17 (128 MB): milliseconds instead of seconds
// under load; tests/unit/auth/password.test.ts checks the production cost.
process.env.PASSWORD_SCRYPT_LOG2_N ??= "12";
process.env.JOBS_RUNNER = "off";
process.env.LOG_LEVEL ??= "silent";
process.env.API_KEY_CACHE_MS ??= "0"; // tests change keys and merchants directly; tests/unit/auth covers the cache
process.env.WEBHOOK_ALLOW_PRIVATE ??= "true"; // the tests' webhook receivers listen on 127.0.0.1 (off by default everywhere else)
process.env.WEBHOOK_SECRET_KEYS ??= "test1:dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktMDAwMDA="; // fixed: parallel test files must not race to generate one
process.env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE ??= "0"; // hundreds of deliberate 401s share one address here; tests/api/platform/route-wrapper.test.ts turns it on
