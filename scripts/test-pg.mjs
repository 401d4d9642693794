#!/usr/bin/env node
/**
 * Runs the test suite against a real PostgreSQL (and Redis when REDIS_URL is set), on a fresh
 * database so runs never see each other's rows; each test file gets its own copy of it. CI: `npm run test:pg`.
 *   TEST_PG_URL  server to use (default postgresql://postgres@127.0.0.1:5432/postgres)
 *   REDIS_URL    Redis for the rate limiter (default redis://127.0.0.1:6379 when CI=true)
 */
import { spawnSync } from "node:child_process";
import pg from "pg";

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
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit", env });

// Each test file ran on its own copy of the run's database (tests/helpers/per-file-database.ts).
const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${dbName}\\_%`]);
for (const { datname } of [...rows, { datname: dbName }]) {
  await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
}
await admin.end();
process.exit(result.status ?? 1);
