#!/usr/bin/env node
/**
 * Dashboard render time (part of `npm run bench`, or alone): the built app on a fresh embedded
 * database (or BENCH_DATABASE_URL), a merchant with 10,000 payments over the last 30 days
 * (BENCH_DASHBOARD_PAYMENTS), logged in through next-auth; then autocannon on the overview and
 * the payments list (server render of the whole page). Results in bench-results/dashboard.json.
 */
import { spawn, spawnSync, execSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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

const measure = (url, cookie) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers: { cookie }, connections, duration }, (err, result) => (err ? reject(err) : resolve(result))),
  );

rmSync(path.join(root, ".data-bench-dashboard"), { recursive: true, force: true });
let server = await start();
await stop(server); // the embedded database has one owner at a time: seed between two starts
const seeded = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/ops.ts", "dashboard:seed-payments", "--merchant", email, "--count", String(payments)], { cwd: root, env, encoding: "utf8" });
if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr || seeded.stdout}`);
server = await start();
const rows = [];
try {
  const cookie = await login();
  const targets = [
    { name: `dashboard overview (${payments} payments)`, path: "/dashboard" },
    { name: `dashboard payments list (${payments} payments)`, path: "/dashboard/payments" },
    { name: "dashboard payments list, status=success, page 50", path: "/dashboard/payments?status=success&page=50" },
  ];
  for (const t of targets) {
    const probe = await fetch(base + t.path, { headers: { cookie }, redirect: "manual" });
    if (probe.status !== 200) throw new Error(`${t.path} answered ${probe.status}`);
    await measure(base + t.path, cookie).catch(() => undefined); // warm-up
    const r = await measure(base + t.path, cookie);
    const row = { name: t.name, reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx + r.errors };
    rows.push(row);
    console.log(`${row.name.padEnd(52)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${String(row.p50Ms).padStart(5)} ms  p99 ${String(row.p99Ms).padStart(5)} ms${row.non2xx ? `  (${row.non2xx} non-2xx!)` : ""}`);
  }
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/dashboard.json"), JSON.stringify({ date: new Date().toISOString(), payments, connections, duration, rows }, null, 2));
} finally {
  await stop(server);
}
process.exit(0);
