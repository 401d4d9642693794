import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, VARIABLES, setting, settingOrDefault, validateEnvironment } from "@/lib/config";

const root = path.resolve(__dirname, "../../..");
const KEYS = "k1:" + Buffer.alloc(32, 7).toString("base64");
const GOOD_PRODUCTION = {
  APP_ENV: "production",
  PUBLIC_URL: "https://pay.example.test",
  NEXTAUTH_SECRET: "a-very-long-dashboard-session-secret-0123",
  WEBHOOK_SECRET_KEYS: KEYS,
};

describe("validateEnvironment", () => {
  it("accepts an empty sandbox environment: every variable has a default or may be unset", () => {
    expect(validateEnvironment({})).toEqual([]);
    expect(validateEnvironment({ APP_ENV: "sandbox" })).toEqual([]);
  });

  it("names each secret production requires and has no default", () => {
    const problems = validateEnvironment({ APP_ENV: "production" });
    expect(problems).toEqual(
      expect.arrayContaining(["PUBLIC_URL is required in production", "NEXTAUTH_SECRET is required in production", "WEBHOOK_SECRET_KEYS is required in production"]),
    );
    expect(problems).toHaveLength(3);
    expect(validateEnvironment(GOOD_PRODUCTION)).toEqual([]);
  });

  it("applies conditional requirements (Upstash token with its URL, Inngest signing key with its event key)", () => {
    const problems = validateEnvironment({ ...GOOD_PRODUCTION, UPSTASH_REDIS_REST_URL: "https://eu1.upstash.io", INNGEST_EVENT_KEY: "evt-key-123456" });
    expect(problems).toEqual(["UPSTASH_REDIS_REST_TOKEN is required in production", "INNGEST_SIGNING_KEY is required in production"]);
  });

  it("names every bad value, with its type or range, and never echoes a secret", () => {
    const problems = validateEnvironment({
      ...GOOD_PRODUCTION,
      PORT: "eighty",
      JOBS_POLL_MS: "5",
      LOG_LEVEL: "loud",
      WEBHOOK_ALLOW_PRIVATE: "maybe",
      DATABASE_URL: "mysql://db/x",
      NEXTAUTH_SECRET: "short-secret-value",
      WEBHOOK_SECRET_KEYS: "k1:dG9vLXNob3J0",
      METRICS_TOKEN: "tiny-token",
      PAYOUT_MAX_AMOUNT: "-3",
    });
    const byName = Object.fromEntries(problems.map((p) => [p.split(" ")[0], p]));
    expect(Object.keys(byName).sort()).toEqual(
      ["DATABASE_URL", "JOBS_POLL_MS", "LOG_LEVEL", "METRICS_TOKEN", "NEXTAUTH_SECRET", "PAYOUT_MAX_AMOUNT", "PORT", "WEBHOOK_ALLOW_PRIVATE", "WEBHOOK_SECRET_KEYS"].sort(),
    );
    expect(byName.PORT).toBe('PORT must be an integer (got "eighty")');
    expect(byName.JOBS_POLL_MS).toContain("at least 10");
    expect(byName.LOG_LEVEL).toContain("must be one of");
    expect(byName.NEXTAUTH_SECRET).toBe("NEXTAUTH_SECRET must be at least 32 characters");
    const text = problems.join("\n");
    for (const secret of ["short-secret-value", "dG9vLXNob3J0", "tiny-token"]) expect(text).not.toContain(secret);
  });

  it("treats a blank value as unset (a compose file's `X=`)", () => {
    expect(validateEnvironment({ PORT: "", DATABASE_URL: "  " })).toEqual([]);
  });
});

describe("setting", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ["JOBS_POLL_MS", "LOG_LEVEL", "PAYMENT_CHECKOUT_EXPIRY_MINUTES"]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it("returns the parsed value or the schema's default, and follows changes", () => {
    delete process.env.JOBS_POLL_MS;
    expect(setting("JOBS_POLL_MS")).toBe(500);
    process.env.JOBS_POLL_MS = "75";
    expect(setting("JOBS_POLL_MS")).toBe(75);
    process.env.PAYMENT_CHECKOUT_EXPIRY_MINUTES = "0.1";
    expect(setting("PAYMENT_CHECKOUT_EXPIRY_MINUTES")).toBe(0.1);
  });

  it("throws a ConfigError naming the variable for a bad value set after start; the logger's reader falls back", () => {
    process.env.JOBS_POLL_MS = "fast";
    expect(() => setting("JOBS_POLL_MS")).toThrow(ConfigError);
    expect(() => setting("JOBS_POLL_MS")).toThrow(/JOBS_POLL_MS must be an integer/);
    process.env.LOG_LEVEL = "loud";
    expect(settingOrDefault("LOG_LEVEL")).toBe("info");
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return entry === "generated" || entry === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) ? [full] : [];
  });
}

/** A /docs source without its comments and template strings (the code samples it shows). */
const withoutCodeSamples = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/`[^`]*`/g, "");

describe("lib/config is the only reader of process.env", () => {
  it("no other module under lib/ or app/, nor the TypeScript entry points, touches process.env", () => {
    const files = [...sourceFiles(path.join(root, "lib")), ...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "scripts")), path.join(root, "proxy.ts")];
    const offenders = files
      .filter((f) => !f.includes(`${path.sep}lib${path.sep}config${path.sep}`))
      // scripts/screenshots.ts drives Playwright against the e2e servers: test tooling, like playwright.config.ts.
      .filter((f) => !f.endsWith(`${path.sep}scripts${path.sep}screenshots.ts`))
      // scripts/bench-cpu.ts sets the environment of the app it measures before loading it, and
      // reads its own BENCH_CPU_* knobs: benchmark tooling, like scripts/bench.mjs.
      .filter((f) => !f.endsWith(`${path.sep}scripts${path.sep}bench-cpu.ts`))
      // /docs shows integrators code samples (template strings) that read their own environment.
      .filter((f) => (f.includes(`${path.sep}app${path.sep}docs${path.sep}`) ? withoutCodeSamples(readFileSync(f, "utf8")) : readFileSync(f, "utf8")).includes("process.env"))
      .map((f) => path.relative(root, f));
    // proxy.ts: NODE_ENV, which Next inlines at build time. instrumentation.ts and next.config.ts
    // are not in the list: NEXT_RUNTIME (per bundle) and NODE_ENV (build) are the framework's.
    expect(offenders).toEqual(["proxy.ts"]);
  });

  it("every variable has a type, a meaning, and a default that passes its own schema", () => {
    for (const [name, v] of Object.entries(VARIABLES) as [string, { default?: string; doc: string; type: string; schema: { safeParse(x: string): { success: boolean } } }][]) {
      expect(v.doc.length, name).toBeGreaterThan(5);
      expect(v.type.length, name).toBeGreaterThan(2);
      if (v.default !== undefined) expect(v.schema.safeParse(v.default).success, name).toBe(true);
    }
  });
});

describe("a misconfigured production instance refuses to start (real process)", () => {
  it("`npm run worker` exits 1 naming each bad variable, before touching the database", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of Object.keys(VARIABLES)) delete env[name];
    Object.assign(env, { APP_ENV: "production", PUBLIC_URL: "https://pay.example.test", DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none", DATABASE_POOL_SIZE: "0", METRICS_TOKEN: "leaky-short" });
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("The worker refuses to start");
    for (const line of [
      "NEXTAUTH_SECRET is required in production",
      "WEBHOOK_SECRET_KEYS is required in production",
      'DATABASE_POOL_SIZE must be at least 1 (got "0")',
      "METRICS_TOKEN must be at least 24 characters",
    ]) {
      expect(output).toContain(line);
    }
    expect(output).not.toContain("leaky-short");
  }, 300_000);
});
