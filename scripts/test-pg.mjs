#!/usr/bin/env node
/**
 * Runs the test suite against a real PostgreSQL (and Redis when REDIS_URL is set), on a fresh
 * database so runs never see each other's rows; each test file gets its own copy of it. CI: `npm run test:pg`.
 *   TEST_PG_URL  server to use (default postgresql://postgres@127.0.0.1:5432/postgres)
 *   REDIS_URL    Redis for the rate limiter (default redis://127.0.0.1:6379 when CI=true)
 *   TEST_PG_ALL  1: every test file, not only those that use a service (below)
 * Named files run as given. Without names, only the files whose imports reach a database, Redis or
 * a child process (which may open either) run here: a file that reaches none of them does exactly
 * the same under `npm test`, which runs every file (docs/decisions/ci-and-tests.md).
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { cruise } from "dependency-cruiser";
import pg from "pg";

/** What makes a test file's outcome depend on the database or Redis it runs against. */
const SERVICE = /^(node_modules\/(pg|ioredis|@upstash\/redis|@electric-sql\/pglite|@prisma\/[^/]+)\/|lib\/db\/|child_process$)/;

async function testFilesUsingServices() {
  const config = createRequire(import.meta.url)("../.dependency-cruiser.cjs");
  const { output } = await cruise(["tests"], {
    ...config.options,
    exclude: { path: ["^tests/e2e/", "^lib/db/generated/"] },
    validate: false,
  });
  // Walk the imports backwards from every service module: whatever reaches one, by value, uses it.
  const importers = new Map();
  const using = new Set();
  for (const m of output.modules) {
    for (const d of m.dependencies) {
      if (d.dependencyTypes.every((t) => t.startsWith("type"))) continue;
      const target = d.coreModule ? d.module : d.resolved;
      if (SERVICE.test(target)) using.add(m.source);
      else importers.set(target, [...(importers.get(target) ?? []), m.source]);
    }
  }
  for (const source of using) for (const importer of importers.get(source) ?? []) using.add(importer);
  const tests = output.modules.map((m) => m.source).filter((s) => /\.test\.ts$/.test(s)).sort();
  const chosen = tests.filter((t) => using.has(t));
  console.log(`${chosen.length} of ${tests.length} test files use the database, Redis or a child process; the other ${tests.length - chosen.length} run only under npm test`);
  return chosen;
}

const files = process.argv.length > 2 || process.env.TEST_PG_ALL === "1" ? process.argv.slice(2) : await testFilesUsingServices();

const adminUrl = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `payments_test_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const env = { ...process.env, DATABASE_URL: url.toString(), TEST_PG_PER_FILE: "1" };
if (!env.REDIS_URL && process.env.CI) env.REDIS_URL = "redis://127.0.0.1:6379";
console.log(`PostgreSQL database ${dbName}${env.REDIS_URL ? `, Redis ${env.REDIS_URL}` : ""}`);
const result = spawnSync("npx", ["vitest", "run", ...files], { stdio: "inherit", env });

// Each test file ran on its own copy of the run's database (tests/helpers/per-file-database.ts).
const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${dbName}\\_%`]);
for (const { datname } of [...rows, { datname: dbName }]) {
  await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
}
await admin.end();
process.exit(result.status ?? 1);
