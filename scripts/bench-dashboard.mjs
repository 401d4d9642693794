#!/usr/bin/env node
/**
 * Dashboard render time (part of `npm run bench`, or alone): the built app on a fresh embedded
 * database (or BENCH_DATABASE_URL), a merchant with 10,000 payments over the last 30 days
 * (BENCH_DASHBOARD_PAYMENTS), logged in through next-auth; then autocannon on the overview and
 * the payments list (server render of the whole page), and the deep pages of the lists:
 * the dashboard's deepest page, the API's deepest `page` and a `startingAfter` cursor past it.
 * BENCH_DASHBOARD_ONLY=word,word runs only the cases whose name contains one of the words.
 * BENCH_DASHBOARD_SEED=0 (PostgreSQL) keeps the payments an earlier run seeded in BENCH_DATABASE_URL
 * (seeding a million takes minutes; every run adds BENCH_DASHBOARD_PAYMENTS more otherwise).
 * Each case also reports the server's CPU time per request (all its processes, from /proc): on a
 * shared machine req/s moves with the neighbours' load, CPU per request much less.
 * Results in bench-results/dashboard.json.
 */
import { spawn, spawnSync, execSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.BENCH_DASHBOARD_PORT ?? "3201";
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_DASHBOARD_CONNECTIONS ?? 4);
const payments = Number(process.env.BENCH_DASHBOARD_PAYMENTS ?? 10_000);
const email = "bench-dashboard@sandbox.local";
const password = "bench-dashboard-password";
const publicKey = "pk_test_BenchDashBenchDashBenchDash";
const secretKey = "sk_test_BenchDashBenchDashBenchDashBenchDash";
const only = process.env.BENCH_DASHBOARD_ONLY?.split(",").filter(Boolean);
const seed = !(process.env.BENCH_DASHBOARD_SEED === "0" && process.env.BENCH_DATABASE_URL);
const env = {
  ...process.env,
  PORT: port,
  PUBLIC_URL: base,
  DATA_DIR: ".data-bench-dashboard",
  PGLITE_DIR: ".data-bench-dashboard/pglite",
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
  APP_ENV: "sandbox",
  DEMO_EMAIL: email,
  DEMO_PASSWORD: password,
  DEMO_PUBLIC_KEY: publicKey,
  DEMO_SECRET_KEY: secretKey,
  DEMO_PLAN: "enterprise",
  LOG_LEVEL: "warn",
  JOBS_RUNNER: "off",
};

function descendants(pid) {
  try {
    const children = execSync(`pgrep -P ${pid}`).toString().trim().split("\n").filter(Boolean).map(Number);
    return [pid, ...children.flatMap(descendants)];
  } catch {
    return [pid];
  }
}

async function start() {
  const server = spawn("node", [path.join(root, "scripts/start.mjs")], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

async function stop(server) {
  const pids = descendants(server.pid).reverse();
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {}
  }
  for (let i = 0; i < 100 && pids.some((pid) => { try { process.kill(pid, 0); return true; } catch { return false; } }); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** next-auth's own flow: CSRF token + cookie, then the credentials callback sets the session cookie. */
async function login() {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrfRes.json();
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`login failed (${res.status})`);
  return session;
}

/** CPU time (ms) the server's processes have used so far: utime + stime of /proc/<pid>/stat. */
function cpuMs(server) {
  const tick = 1000 / Number(execSync("getconf CLK_TCK").toString().trim() || 100);
  return descendants(server.pid).reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return sum;
    }
  }, 0);
}

const measure = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections, duration }, (err, result) => (err ? reject(err) : resolve(result))),
  );

let server;
if (seed) {
  rmSync(path.join(root, ".data-bench-dashboard"), { recursive: true, force: true });
  server = await start();
  await stop(server); // the embedded database has one owner at a time: seed between two starts
  const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/ops.ts", "dashboard:seed-payments", "--merchant", email, "--count", String(payments)], { cwd: root, env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
  // A table that grew by a million rows in a minute has no visibility map and stale statistics yet;
  // production tables have been vacuumed (autovacuum). Measure that steady state, not the first minute.
  if (process.env.BENCH_DATABASE_URL) spawnSync("psql", [process.env.BENCH_DATABASE_URL, "-qAtc", "VACUUM ANALYZE payments"], { encoding: "utf8" });
}
server = await start();
const rows = [];
try {
  const cookie = await login();
  const api = { "X-API-Key": `${publicKey}:${secretKey}` };
  // A cursor as deep as the deepest page reaches, and one further down when there are more rows.
  const cursorAt = async (page) => {
    const res = await fetch(`${base}/api/v1/payments/transactions?limit=100&page=${page}`, { headers: api });
    const { data } = await res.json();
    return data.at(-1)?.transactionId;
  };
  const deepCursor = await cursorAt(Math.min(101, Math.ceil(payments / 100) - 1));
  const targets = [
    { name: `dashboard overview (${payments} payments)`, path: "/dashboard", headers: { cookie } },
    { name: `dashboard payments list (${payments} payments)`, path: "/dashboard/payments", headers: { cookie } },
    { name: "dashboard payments list, status=success, page 50", path: "/dashboard/payments?status=success&page=50", headers: { cookie } },
    { name: "dashboard payments list, deep page 500", path: "/dashboard/payments?page=500", headers: { cookie } },
    // The layout with almost nothing in it: what every dashboard page pays before its own content.
    { name: "dashboard layout only (/dashboard/not-allowed)", path: "/dashboard/not-allowed", headers: { cookie } },
    { name: "API transactions, deep page 101 of 100", path: "/api/v1/payments/transactions?limit=100&page=101", headers: api },
    { name: "API transactions, deep cursor (startingAfter)", path: `/api/v1/payments/transactions?limit=100&startingAfter=${deepCursor}`, headers: api },
  ].filter((t) => !only || only.some((word) => t.name.includes(word)));
  for (const t of targets) {
    const probe = await fetch(base + t.path, { headers: t.headers, redirect: "manual" });
    if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}`);
    await measure(base + t.path, t.headers).catch(() => undefined); // warm-up
    const cpuBefore = cpuMs(server);
    const r = await measure(base + t.path, t.headers);
    const cpuPerReqMs = Number(((cpuMs(server) - cpuBefore) / Math.max(1, r.requests.total)).toFixed(1));
    const row = { name: t.name, reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, cpuPerReqMs, non2xx: r.non2xx + r.errors };
    rows.push(row);
    console.log(`${row.name.padEnd(52)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${String(row.p50Ms).padStart(5)} ms  p99 ${String(row.p99Ms).padStart(5)} ms  server CPU ${String(row.cpuPerReqMs).padStart(5)} ms/req${row.non2xx ? `  (${row.non2xx} non-2xx!)` : ""}`);
  }
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/dashboard.json"), JSON.stringify({ date: new Date().toISOString(), payments, connections, duration, rows }, null, 2));
} finally {
  await stop(server);
}
process.exit(0);
