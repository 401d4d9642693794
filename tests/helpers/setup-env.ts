// Test defaults: each test file gets its own in-memory PGlite unless DATABASE_URL points at
// PostgreSQL (CI runs the same suite there). Providers answer at once; no in-process runner.
process.env.APP_ENV ??= "sandbox";
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR = "memory";
process.env.SANDBOX_PROVIDER_DELAY_MS ??= "0";
process.env.JOBS_RUNNER = "off";
process.env.LOG_LEVEL ??= "silent";
process.env.API_KEY_CACHE_MS ??= "0"; // tests change keys and merchants directly; tests/unit/auth covers the cache
process.env.WEBHOOK_ALLOW_PRIVATE ??= "true"; // the tests' webhook receivers listen on 127.0.0.1 (off by default everywhere else)
process.env.WEBHOOK_SECRET_KEYS ??= "test1:dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktMDAwMDA="; // fixed: parallel test files must not race to generate one
