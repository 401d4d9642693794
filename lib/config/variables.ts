import { z } from "zod";

/**
 * Every environment variable the platform reads, with its type, range, default and meaning: the
 * one place these rules live. lib/config reads values through it, validates the whole set at
 * start-up (validateEnvironment), and `npm run config:docs` writes the README's table from it.
 *
 * Defaults are written as the raw string an operator would set, and parsed by the same schema.
 * Secrets required in production have no default: the sandbox generates them (DATA_DIR files).
 */
type Kind<T = unknown> = { schema: z.ZodType<T, string>; type: string };

export type Variable = Kind<unknown> & {
  /** Raw default; absent = unset. */
  default?: string;
  /** Shown instead of the default in the docs when the default is not a constant. */
  defaultDoc?: string;
  doc: string;
  /** Never echoed (validation messages name the variable, not the value). */
  secret?: boolean;
  /** Unset in APP_ENV=production refuses the start. A function for conditional rules. */
  requiredInProduction?: true | ((env: Record<string, string | undefined>) => boolean);
  /** Read by a library or the platform host, not by our code: documented and checked, never read. */
  external?: string;
};

const INT_RE = /^-?\d+$/;

function int(min: number, max = Number.MAX_SAFE_INTEGER): Kind<number> {
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `${min}–${max}`;
  return {
    type: `integer ${range}`,
    schema: z
      .string()
      .trim()
      .regex(INT_RE, { message: "must be an integer" })
      .transform(Number)
      .pipe(z.number().int().min(min, { message: `must be at least ${min}` }).max(max, { message: `must be at most ${max}` })),
  };
}

const TRUE = ["1", "true", "yes", "on"];
const FALSE = ["0", "false", "no", "off"];
const bool: Kind<boolean> = {
  type: "boolean",
  schema: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => TRUE.includes(v) || FALSE.includes(v), { message: "must be true or false" })
    .transform((v) => TRUE.includes(v)),
};

function oneOf<const T extends readonly [string, ...string[]]>(values: T): Kind<T[number]> {
  return { type: values.map((v) => `\`${v}\``).join(" \\| "), schema: z.enum(values, { message: `must be one of ${values.join(", ")}` }) };
}

function url(protocols: string[]): Kind<string> {
  return {
    type: `${protocols.join("/")} URL`,
    schema: z
      .string()
      .trim()
      .refine(
        (v) => {
          try {
            return protocols.includes(new URL(v).protocol.replace(/:$/, ""));
          } catch {
            return false;
          }
        },
        { message: `must be a ${protocols.join(" or ")} URL` },
      ),
  };
}

/** Minutes may be fractional (a test shortens a checkout's life to 6 s). */
function minutes(max: number): Kind<number> {
  return {
    type: `minutes, > 0 and ≤ ${max}`,
    schema: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { message: "must be a positive number" })
      .transform(Number)
      .pipe(z.number().positive({ message: "must be above 0" }).max(max, { message: `must be at most ${max}` })),
  };
}

const text: Kind<string> = { type: "string", schema: z.string().trim().min(1, { message: "must not be empty" }) };

function secret(minLength: number): Kind<string> {
  return { type: `secret, ≥ ${minLength} chars`, schema: z.string().trim().min(minLength, { message: `must be at least ${minLength} characters` }) };
}

/** A decimal amount in major units ("100", "2500.50"). */
const amount: Kind<string> = { type: "decimal ≥ 0", schema: z.string().trim().regex(/^\d+(\.\d+)?$/, { message: "must be a non-negative decimal amount" }) };

/** `kid:base64key[,…]`, each key 32 bytes (lib/webhooks/webhook-secret-keyring parses it). */
const keyring: Kind<string> = {
  type: "`kid:base64key[,…]`",
  schema: z
    .string()
    .trim()
    .refine(
      (v) =>
        v.split(",").every((part) => {
          const m = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(part.trim());
          return m !== null && Buffer.from(m[2], "base64").length === 32;
        }),
      { message: "must be kid:base64key[,…] with 32-byte keys" },
    ),
};

export const VARIABLES = {
  // Deployment
  APP_ENV: { ...oneOf(["sandbox", "production"]), default: "sandbox", doc: "`sandbox` (test keys, provider simulator) or `production` (live keys, verified merchants)" },
  PORT: { ...int(1, 65535), default: "3000", doc: "where the server listens" },
  HOSTNAME: { ...text, doc: "address the server binds (`0.0.0.0` in the container image); unset = all interfaces" },
  API_FAST_PATH: {
    ...oneOf(["on", "off"]),
    default: "on",
    doc: "`on`: `/api/v1` requests go straight to their route handlers, without Next's request routing (scripts/api-fast-path.mjs, read by scripts/serve.mjs); `off`: everything through Next",
  },
  SERVER_MAX_HEAP_MB: {
    ...int(64, 65_536),
    default: "160",
    doc: "V8 old-space cap of the server started by `npm start` (read by scripts/start.mjs; the image sets the same in its CMD): the live heap is 55–75 MB, and without a cap V8 lets garbage grow RSS past 500 MB",
  },
  WORKER_MAX_HEAP_MB: {
    ...int(32, 65_536),
    default: "96",
    doc: "V8 old-space cap of the job workers `npm start` runs (read by scripts/start.mjs): a worker's live heap is small, and the cap keeps its RSS low",
  },
  API_PROCESSES: {
    ...int(1, 256),
    defaultDoc: "one per core, less the job workers (at least 1); 1 on the embedded database",
    doc: "API server processes `npm start` runs on PostgreSQL, sharing the port (node:cluster) under one supervisor (scripts/start.mjs)",
  },
  JOB_WORKERS: {
    ...int(0, 64),
    defaultDoc: "1 on PostgreSQL when `JOBS_RUNNER` is unset or `worker` and no Inngest is set; else 0",
    doc: "`npm run worker` processes `npm start` runs beside the API processes (which then get `JOBS_RUNNER=worker`), under the same supervisor",
  },
  SERVER_INSTANCE: { ...int(1, 256), external: "set by `npm start`", doc: "the API process's number under `npm start`'s supervisor; only the first prints the start-up banner" },
  PUBLIC_URL: {
    ...url(["http", "https"]),
    defaultDoc: "`http://localhost:$PORT`",
    requiredInProduction: true,
    doc: "the origin used in links we hand out (checkout `redirectUrl`, docs, e-mails)",
  },
  PUBLIC_BASE_URL: { ...url(["http", "https"]), defaultDoc: "`PUBLIC_URL`", doc: "the public origin operators call back: `<PUBLIC_BASE_URL>/api/v1/connectors/<accountId>/callback`" },
  SANDBOX_PUBLIC_URL: { ...url(["http", "https"]), doc: "the sandbox deployment's origin, listed in the OpenAPI document's `servers` (this deployment's own comes from `PUBLIC_URL`)" },
  PRODUCTION_PUBLIC_URL: { ...url(["http", "https"]), doc: "the production deployment's origin, listed in the OpenAPI document's `servers`" },
  APP_VERSION: { ...text, defaultDoc: "package version", doc: "version reported by health, metrics and traces" },
  HTTP_SHUTDOWN_GRACE_MS: { ...int(0, 120_000), default: "10000", doc: "on SIGTERM, how long the server waits for in-flight requests after it stops accepting new ones" },
  VERCEL: { ...text, external: "set by Vercel", doc: "`1` on Vercel: the client address comes from Vercel's own headers" },

  // Database
  DATABASE_URL: { ...url(["postgres", "postgresql"]), doc: "PostgreSQL 15+ (`postgresql://…`); unset = embedded PGlite (one process)" },
  DATABASE_POOL_SIZE: { ...int(1, 500), default: "10", doc: "PostgreSQL connections per instance (app and each worker)" },
  DATABASE_PREPARED_STATEMENTS: {
    ...oneOf(["on", "off"]),
    default: "on",
    doc: "`on`: the hot paths' statements are prepared once per PostgreSQL connection (lib/db/run-sql.ts); `off` behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21)",
  },
  MERCHANT_WRITE_CONCURRENCY: {
    ...int(1, 500),
    default: "8",
    doc: "write requests (POST…) of one merchant running at once per instance; the next wait their turn. Keep it below DATABASE_POOL_SIZE so other merchants always find a connection",
  },
  MERCHANT_WRITE_QUEUE: { ...int(0, 100_000), default: "200", doc: "write requests of one merchant waiting for a slot per instance; past it, 429 with Retry-After" },
  PGLITE_DIR: { ...text, default: ".data/pglite", doc: "embedded database folder (`memory` = throwaway)" },
  PGLITE_LOAD_DATA_DIR: {
    ...text,
    doc: "with `PGLITE_DIR=memory`: a PGlite data-folder dump (`dumpDataDir`, uncompressed tar) to start from instead of an empty database (the tests start each file from one migrated copy)",
  },
  DATA_DIR: { ...text, default: ".data", doc: "local state: demo credentials, the sandbox's generated secrets" },
  MIGRATIONS_DIR: { ...text, default: "prisma/migrations", doc: "migrations applied at start" },

  // Redis and rate limits
  REDIS_URL: { ...url(["redis", "rediss"]), doc: "plain Redis for rate limits (`redis://127.0.0.1:6379`)" },
  UPSTASH_REDIS_REST_URL: { ...url(["https"]), doc: "Upstash Redis for rate limits (preferred when set; with its token)" },
  UPSTASH_REDIS_REST_TOKEN: { ...secret(8), secret: true, requiredInProduction: (env) => !!env.UPSTASH_REDIS_REST_URL, doc: "Upstash REST token (required with `UPSTASH_REDIS_REST_URL`)" },
  RATE_LIMIT_PUBLIC_PER_MINUTE: { ...int(0), default: "600", doc: "per-IP limit of public endpoints (`0` = off)" },
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: {
    ...int(0),
    default: "30",
    doc: "per-IP budget of failed API authentications (401/403) a minute; past it the address gets 429 before its credentials are even checked (`0` = off)",
  },
  TRUSTED_PROXIES: {
    ...int(0, 10),
    default: "0",
    doc: "reverse proxies in front of the app that append to `X-Forwarded-For`; the client is that many hops left of the socket peer (`1` behind one load balancer). On Vercel (`VERCEL=1`) its own headers are used",
  },
  MAX_BODY_BYTES: { ...int(1024), default: "65536", doc: "largest request body accepted" },

  // Jobs
  JOBS_RUNNER: {
    ...oneOf(["inline", "inngest", "worker", "off"]),
    defaultDoc: "`inngest` when an Inngest key or URL is set, else `inline`",
    doc: "`inline` (in-process runner), `inngest`, `worker` (`npm run worker` processes run the jobs; this one wakes them with a PostgreSQL NOTIFY after each commit that enqueued), or `off`",
  },
  JOBS_POLL_MS: { ...int(10, 60_000), default: "500", doc: "in-process runner / worker poll interval, per lane with a free slot (work enqueued by the same process runs at once)" },
  JOBS_PROVIDER_CONCURRENCY: { ...int(0, 256), default: "8", doc: "slots per runner process for provider work (`payment.*`, `payout.*`, `refund.*`, `connector.*` jobs); `0` leaves the lane to other processes" },
  JOBS_WEBHOOK_CONCURRENCY: { ...int(0, 256), default: "16", doc: "slots per runner process for webhook deliveries; `0` leaves the lane to other processes" },
  JOBS_WEBHOOK_PER_MERCHANT: { ...int(1, 256), default: "4", doc: "at most this many deliveries of one merchant run at once (all runners)" },
  JOBS_OTHER_CONCURRENCY: { ...int(0, 256), default: "4", doc: "slots per runner process for any other job type" },
  JOBS_SHUTDOWN_GRACE_MS: { ...int(0, 300_000), default: "20000", doc: "on SIGTERM (server's in-process runner and `npm run worker`), how long running jobs may finish before they are put back to pending" },
  INNGEST_EVENT_KEY: { ...secret(8), secret: true, doc: "run background jobs on Inngest (served at `/api/inngest`)" },
  INNGEST_SIGNING_KEY: { ...secret(8), secret: true, requiredInProduction: (env) => !!env.INNGEST_EVENT_KEY && env.INNGEST_DEV !== "1", doc: "verifies Inngest's calls to `/api/inngest` (required with `INNGEST_EVENT_KEY` in production)" },
  INNGEST_SIGNING_KEY_FALLBACK: { ...secret(8), secret: true, external: "read by the Inngest SDK", doc: "previous signing key during a rotation" },
  INNGEST_BASE_URL: { ...url(["http", "https"]), external: "read by the Inngest SDK", doc: "a self-hosted Inngest server (`http://inngest:8288`); unset = Inngest Cloud" },
  INNGEST_DEV: { ...text, external: "read by the Inngest SDK", doc: "`1` = talk to a local Inngest dev server (no signing)" },

  // Sandbox demo merchant
  DEMO_EMAIL: { ...text, defaultDoc: "generated", doc: "the sandbox demo merchant's login" },
  DEMO_PASSWORD: { ...secret(8), secret: true, defaultDoc: "generated", doc: "the sandbox demo merchant's password" },
  DEMO_PUBLIC_KEY: { ...text, defaultDoc: "generated", doc: "the sandbox demo merchant's public key (with `DEMO_SECRET_KEY`)" },
  DEMO_SECRET_KEY: { ...secret(16), secret: true, defaultDoc: "generated", doc: "the sandbox demo merchant's secret key (with `DEMO_PUBLIC_KEY`)" },
  DEMO_PLAN: { ...oneOf(["standard", "business", "enterprise"]), default: "business", doc: "the sandbox demo merchant's plan" },
  DEMO_WEBHOOK_SECRET: { ...secret(16), secret: true, defaultDoc: "generated", doc: "the sandbox demo merchant's webhook signing secret" },

  // Auth, keys and the dashboard
  NEXTAUTH_SECRET: {
    ...secret(32),
    secret: true,
    requiredInProduction: true,
    defaultDoc: "sandbox: generated into `$DATA_DIR/nextauth-secret`",
    doc: "signs dashboard sessions (12 h); **required in production**",
  },
  NEXTAUTH_URL: { ...url(["http", "https"]), defaultDoc: "`PUBLIC_URL`", doc: "the dashboard's origin for next-auth (secure cookies when https)" },
  API_KEY_CACHE_MS: { ...int(0, 600_000), default: "5000", doc: "how long an instance trusts a cached API key row (a revocation made elsewhere shows within it; `0` = off)" },
  KEY_ROTATION_GRACE_HOURS: { ...int(0, 24), default: "24", doc: "default overlap of a key rotation (a rotation may choose 0 to 24 h)" },
  API_REQUEST_LOG_FLUSH_MS: { ...int(10, 60_000), default: "250", doc: "the merchant's API request log is written in batches after the responses: at most this long after a request (or at 200 rows), one INSERT per batch" },
  IDEMPOTENCY_TTL_HOURS: { ...int(1, 24 * 30), default: "24", doc: "how long an `Idempotency-Key` and its answer are kept" },
  DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: { ...int(1), default: "10", doc: "login attempts per IP+email (each account also has its own throttle and lockout)" },
  DASHBOARD_SIGNUPS_PER_MINUTE: { ...int(1), default: "10", doc: "sign-ups per IP" },
  SIGNUP_LINK_TTL_MINUTES: { ...int(5, 7 * 24 * 60), default: "1440", doc: "how long a sign-up confirmation link stays valid" },
  PASSWORD_HASH_CONCURRENCY: { ...int(1, 64), default: "2", doc: "dashboard password hashes (scrypt, 128 MB each) run at once per instance" },
  PASSWORD_SCRYPT_LOG2_N: {
    ...int(10, 20),
    default: "17",
    doc: "the dashboard password hash's cost, scrypt's N as a power of two (17: OWASP's 2^17, 128 MB); production refuses less than 17, the test suites set 12 so a hash costs milliseconds",
  },

  // E-mail
  EMAIL_CONSOLE: { ...bool, default: "false", defaultDoc: "`false` (`npm start` on the embedded database: `true`)", doc: "sandbox only: also print every e-mail (sign-up links included) on the server console" },
  EMAIL_DIR: { ...text, doc: "sandbox only: also write every e-mail as `<id>.json` in this folder (the browser tests read sign-up links there)" },

  // Webhooks
  WEBHOOK_SECRET_KEYS: {
    ...keyring,
    secret: true,
    requiredInProduction: true,
    defaultDoc: "sandbox: generated into `$DATA_DIR/webhook-secret-keys`",
    doc: "32-byte keys encrypting webhook secrets at rest; first encrypts, all decrypt (`npm run ops -- webhook:reencrypt`); **required in production**",
  },
  WEBHOOK_ALLOW_PRIVATE: { ...bool, default: "false", defaultDoc: "`false` (`npm start` on the embedded database: `true`)", doc: "allow webhooks to loopback/private/link-local addresses; production warns when on" },
  WEBHOOK_TIMEOUT_MS: { ...int(1, 60_000), default: "15000", doc: "per-attempt webhook timeout, DNS included" },
  WEBHOOK_SECRET_GRACE_HOURS: { ...int(1, 24 * 7), default: "24", doc: "how long the previous webhook secret still signs after a rotation" },

  // Money movement
  PAYOUT_DAILY_LIMIT: { ...amount, default: "10000000", doc: "default daily payout limit of an XOF or XAF settlement currency (major units); other currencies: lib/payouts/payout-limit-defaults.ts" },
  PAYOUT_MONTHLY_LIMIT: { ...amount, default: "100000000", doc: "default monthly payout limit, XOF/XAF (major units)" },
  PAYOUT_MIN_AMOUNT: { ...amount, default: "100", doc: "default smallest payout, XOF/XAF (major units)" },
  PAYOUT_MAX_AMOUNT: { ...amount, default: "5000000", doc: "default largest payout, XOF/XAF (major units)" },
  PAYMENT_DIRECT_EXPIRY_MINUTES: { ...minutes(24 * 60), default: "15", doc: "minutes a direct payment stays payable" },
  PAYMENT_CHECKOUT_EXPIRY_MINUTES: { ...minutes(7 * 24 * 60), default: "60", doc: "minutes a hosted checkout stays payable" },
  PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE: { ...int(0, 100_000), default: "10", doc: "payments a client IP may start per minute through payment links (`/pay/<slug>`); 0 = no limit" },
  PAYMENT_LINK_SUBMITS_PER_LINK_PER_MINUTE: { ...int(0, 100_000), default: "120", doc: "payments one payment link may start per minute, all clients together; 0 = no limit" },
  CHECKOUT_PROMPT_HELP_SECONDS: { ...int(1, 3600), default: "45", doc: "seconds after the prompt was sent before the hosted checkout offers \"I did not get the prompt\" (resend, another method, cancel)" },
  PROVIDER_TIMEOUT_SECONDS: { ...int(1), default: "1800", doc: "the window: with no final answer by then, a payment fails `timeout` (a late success still wins); a payout or refund the operator may have accepted stays `processing`, funds held, and goes to review (`ops orders:review`)" },
  ORDER_AMBIGUOUS_WINDOW_SECONDS: { ...int(1), default: "86400", doc: "the window instead of `PROVIDER_TIMEOUT_SECONDS` while the operator's last answer says the outcome is unclear to it (reconciling)" },
  SETTLEMENT_DELAY_SECONDS: { ...int(0), default: "3600", doc: "production: how long a collect credit stays pending before it is available" },
  SANDBOX_SETTLEMENT_DELAY_SECONDS: { ...int(0), default: "60", doc: "sandbox: the same" },
  SANDBOX_PROVIDER_DELAY_MS: { ...int(0, 600_000), default: "3000", doc: "sandbox simulator: how long the simulated provider takes to answer" },
  REFERENCE_CACHE_TTL_SECONDS: { ...int(0, 3600), default: "30", doc: "how long a process keeps the reference catalogue (countries, providers) in memory" },

  // Connectors
  CONNECTOR_BREAKER_FAILURES: { ...int(1, 1000), default: "5", doc: "consecutive failed operator calls that open an account's circuit breaker" },
  CONNECTOR_BREAKER_COOLDOWN_SECONDS: { ...int(1, 3600), default: "60", doc: "how long an open breaker stays open" },
  CONNECTOR_AVAILABILITY_REFRESH_SECONDS: { ...int(5, 3600), default: "60", doc: "how often operators that publish per-provider status (pawaPay) are asked" },
  CONNECTOR_TOTAL_TIMEOUT_MS: { ...int(100, 120_000), default: "30000", doc: "time allowed for one operator call (connect: 5 s)" },
  SIMULATOR_PORT_BASE: { ...int(1, 65000), default: "4010", doc: "`npm run simulators`: MTN MoMo on this port, pawaPay on the next (callbacks to `PUBLIC_BASE_URL`)" },

  // Observability
  LOG_LEVEL: { ...oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"]), default: "info", doc: "log level (JSON lines on stderr)" },
  METRICS_TOKEN: { ...secret(24), secret: true, doc: "bearer token of `GET /api/metrics`; unset = metrics off (the endpoint answers 404)" },
  HEALTH_JOB_BACKLOG_SECONDS: { ...int(1), default: "300", doc: "`/api/v1/health` is `degraded` when the oldest due job has waited longer" },
  OTEL_EXPORTER_OTLP_ENDPOINT: { ...url(["http", "https"]), doc: "OTLP/HTTP collector for traces; unset = tracing off" },
  OTEL_SERVICE_NAME: { ...text, default: "payments-platform", doc: "service name on exported spans" },
  OTEL_EXPORTER_OTLP_HEADERS: { ...text, secret: true, external: "read by the OTLP exporter", doc: "headers for the collector (`key=value,…`)" },
} satisfies Record<string, Variable>;

export type VariableName = keyof typeof VARIABLES;
