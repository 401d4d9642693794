#!/usr/bin/env node
/**
 * `npm run bench`: starts the built app (building it if needed) on a fresh embedded database,
 * or on PostgreSQL with BENCH_DATABASE_URL, and measures each endpoint with autocannon in the
 * same run: requests/s, p50 and p99 latency, and the ratio to a bare Next route handler
 * (/api/ping). Prints the server's peak RSS. Results also go to bench-results/latest.json.
 *   BENCH_DURATION (s, default 8)   BENCH_CONNECTIONS (default 16)   BENCH_ONLY=name,name
 * Then, when a PostgreSQL server answers (BENCH_PG_URL, default the local one), the ledger
 * micro-benchmark (journal entries per second on one hot wallet and on 100 wallets) next to
 * pgbench's TPC-B-like transactions per second on the same server in the same run.
 * Bulk payouts (BENCH_ONLY=bulk): POST /payouts/bulk with 1,000 legacy items, BENCH_BULK_RUNS
 * (default 5) requests one after another; the figure is the time per request (target: under 3 s
 * on PostgreSQL) and its items/s as a ratio to the bare route's req/s of the same run.
 * On PostgreSQL also: payout initiates spread over 100 merchants' wallets (next to the one hot
 * wallet of the demo merchant), pgbench at the HTTP runs' concurrency, and the webhook pipeline
 * (scripts/bench-pipeline.mjs). The run ends with the goals of issue 17, each with its ratio and
 * a pass or miss mark (scripts/bench-goals.mjs); they are also in bench-results/latest.json.
 */
import { spawn, spawnSync, execSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { createCheckoutPath, measureCheckoutPage, printCheckoutFigures } from "./bench-checkout.mjs";
import { evaluateGoals, printGoals } from "./bench-goals.mjs";
import { measurePipeline } from "./bench-pipeline.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.BENCH_PORT ?? "3200";
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const publicKey = "pk_test_BenchBenchBenchBenchBench";
const secretKey = "sk_test_BenchBenchBenchBenchBenchBenchBenchBench";
const auth = { "X-API-Key": `${publicKey}:${secretKey}` };

const quotedInitiates = Number(process.env.BENCH_QUOTED_INITIATES ?? 2000);
const quotedWarmup = 200;
let quotePool = [];
const onPostgres = !!process.env.BENCH_DATABASE_URL;
/** Credentials of the 100 merchants of the many-wallet payout runs, and their quotes. */
let walletMerchants = [];
let walletQuotes = [];
let walletTurn = 0;
const nextWallet = () => walletMerchants[walletTurn++ % walletMerchants.length];

/** POST /payments/initiate with a unique externalReference per request, as real traffic has. */
function initiateTarget(type, body) {
  return {
    name: `POST /payments/initiate (${type})`,
    path: "/api/v1/payments/initiate",
    method: "POST",
    auth: true,
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...body, externalReference: `bench-${process.pid}-${++sequence}` }) }) }],
  };
}

/** What we measure. Each later feature adds its endpoints here. */
const targets = [
  { name: "bare Next route (/api/ping)", path: "/api/ping", baseline: true },
  { name: "GET /health", path: "/api/v1/health" },
  { name: "GET /providers/payment-methods SN XOF", path: "/api/v1/providers/payment-methods?country=SN&currency=XOF" },
  { name: "GET /countries/active", path: "/api/v1/countries/active" },
  { name: "GET /payments/balance", path: "/api/v1/payments/balance", auth: true },
  initiateTarget("direct", { type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012" }),
  initiateTarget("checkout", { type: "checkout", amount: 5000 }),
  { ...initiateTarget("direct", { type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012" }), name: "POST /payments/initiate (direct), 50 connections", connections: 50 },
  {
    name: "GET /payments/status/{id}",
    auth: true,
    async setup() {
      const res = await fetch(`${base}/api/v1/payments/initiate`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ type: "direct", amount: 5000, externalReference: `bench-status-${Date.now()}`, provider: "orange", country: "SN", customerPhone: "+221770000012" }),
      });
      const id = (await res.json()).data.transactionId;
      this.path = `/api/v1/payments/status/${id}`;
    },
  },
  // Payouts: the demo merchant is funded first (sandbox); each quote is stored, each initiate
  // holds funds, checks limits under the merchant lock and writes payout + event + job.
  {
    name: "POST /payouts/quote",
    path: "/api/v1/payouts/quote",
    method: "POST",
    auth: true,
    body: JSON.stringify({ amount: 1000, currency: "XOF", destinationCountry: "SN", method: "orange" }),
    setup: fundDemoMerchant,
    payout: true,
  },
  {
    // Legacy body: a fresh internal quote per request, i.e. the quote work plus the initiate.
    name: "POST /payouts/initiate (legacy, internal quote)",
    path: "/api/v1/payouts/initiate",
    method: "POST",
    auth: true,
    body: JSON.stringify({ amount: 1000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: { phone: "+221770000012" } }),
    setup: fundDemoMerchant,
    payout: true,
  },
  {
    // The recommended flow: every request consumes its own quote, created before the run.
    name: "POST /payouts/initiate (with a quote)",
    path: "/api/v1/payouts/initiate",
    method: "POST",
    auth: true,
    setup: async (ctx) => {
      await fundDemoMerchant(ctx);
      quotePool = await createQuotes(ctx, quotedInitiates + quotedWarmup);
    },
    amount: quotedInitiates,
    warmupAmount: quotedWarmup,
    requests: [
      {
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ quoteId: quotePool.pop(), recipient: { phone: "+221770000012" } }) }),
      },
    ],
    payout: true,
  },
  {
    name: "POST /payouts/initiate (legacy, 100 wallets)",
    path: "/api/v1/payouts/initiate",
    method: "POST",
    postgresOnly: true,
    setup: async (ctx) => {
      await createWalletMerchants(ctx);
    },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, "X-API-Key": nextWallet() },
          body: JSON.stringify({ amount: 1000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: { phone: "+221770000012" } }),
        }),
      },
    ],
    payout: true,
  },
  {
    name: "POST /payouts/initiate (with a quote, 100 wallets)",
    path: "/api/v1/payouts/initiate",
    method: "POST",
    postgresOnly: true,
    setup: async (ctx) => {
      await createWalletMerchants(ctx);
      walletQuotes = [];
      for (const credentials of walletMerchants) {
        const ids = await createQuotes({ ...ctx, auth: { "X-API-Key": credentials } }, Math.ceil((quotedInitiates + quotedWarmup) / walletMerchants.length));
        walletQuotes.push(...ids.map((quoteId) => ({ credentials, quoteId })));
      }
      // Interleave the merchants so that consecutive requests hit different wallets.
      walletQuotes.sort((a, b) => (a.quoteId < b.quoteId ? -1 : 1));
    },
    amount: quotedInitiates,
    warmupAmount: quotedWarmup,
    requests: [
      {
        setupRequest: (req) => {
          const next = walletQuotes.pop();
          return { ...req, headers: { ...req.headers, "X-API-Key": next.credentials }, body: JSON.stringify({ quoteId: next.quoteId, recipient: { phone: "+221770000012" } }) };
        },
      },
    ],
    payout: true,
  },
  {
    name: "GET /checkout/<token> (hosted page)",
    path: "/checkout/pending",
    async setup({ base, auth }) {
      this.path = await createCheckoutPath(base, auth);
    },
  },
];
let sequence = 0;

/** `count` fresh quotes of the demo merchant, 16 requests at a time. */
async function createQuotes({ base, auth }, count) {
  const ids = [];
  const body = JSON.stringify({ amount: 1000, currency: "XOF", destinationCountry: "SN", method: "orange" });
  const one = async () => {
    const res = await fetch(`${base}/api/v1/payouts/quote`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body });
    if (!res.ok) throw new Error(`quote failed: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).quoteId);
  };
  for (let i = 0; i < count; i += 16) await Promise.all(Array.from({ length: Math.min(16, count - i) }, one));
  return ids;
}

let funded = false;
/** 10^9 XOF on the demo merchant's payout source wallet (once). */
async function fundDemoMerchant({ base, auth }) {
  if (funded) return;
  const res = await fetch(`${base}/api/v1/sandbox/wallets/fund`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ currency: "XOF", amount: 1_000_000_000 }),
  });
  if (!res.ok) throw new Error(`funding the demo merchant failed: ${res.status} ${await res.text()}`);
  funded = true;
}

/** 100 funded sandbox merchants in the bench database (PostgreSQL: created by a second process). */
async function createWalletMerchants({ base }) {
  if (walletMerchants.length > 0) return;
  const r = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench-merchants.ts", "100"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL, APP_ENV: "sandbox", LOG_LEVEL: "warn" },
  });
  if (r.status !== 0) throw new Error(`creating the bench merchants failed: ${r.stderr}`);
  walletMerchants = JSON.parse(r.stdout.slice(r.stdout.indexOf("[")));
  for (const credentials of walletMerchants) {
    const res = await fetch(`${base}/api/v1/sandbox/wallets/fund`, {
      method: "POST",
      headers: { "X-API-Key": credentials, "content-type": "application/json" },
      body: JSON.stringify({ currency: "XOF", amount: 100_000_000 }),
    });
    if (!res.ok) throw new Error(`funding a bench merchant failed: ${res.status} ${await res.text()}`);
  }
}

/**
 * POST /payouts/bulk with 1,000 legacy items (DESIGN §15: accepted in under 3 s on PostgreSQL),
 * sequentially, after one warm-up request. Each item is a distinct payout to an Orange SN wallet.
 */
async function measureBulk(baseline) {
  await fundDemoMerchant({ base, auth });
  const runs = Number(process.env.BENCH_BULK_RUNS ?? 5);
  const body = (n, tag) =>
    JSON.stringify({
      items: Array.from({ length: n }, (_, i) => ({
        amount: 1000,
        method: "MOBILE_MONEY",
        mobileWallet: { provider: "orange" },
        recipient: { phone: "+221770000012", name: "Bench Payee" },
        externalReference: `bulk-${tag}-${i}`,
      })),
    });
  const post = async (payload) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/payouts/bulk`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: payload });
    const json = await res.json();
    const ms = performance.now() - started;
    if (res.status !== 201 || json.counts.accepted !== JSON.parse(payload).items.length) throw new Error(`bulk failed: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return ms;
  };
  await post(body(1000, `warm-${process.pid}`));
  const times = [];
  for (let r = 0; r < runs; r++) times.push(await post(body(1000, `${process.pid}-${r}`)));
  times.sort((a, b) => a - b);
  const p50 = Math.round(times[Math.floor(times.length / 2)]);
  const max = Math.round(times[times.length - 1]);
  const itemsPerSec = Math.round(1000 / (p50 / 1000));
  const ratioToBare = baseline ? Number((itemsPerSec / baseline).toFixed(2)) : null;
  console.log(
    `${"POST /payouts/bulk (1,000 legacy items)".padEnd(48)} p50 ${p50} ms  max ${max} ms  ${itemsPerSec} items/s  ×${ratioToBare ?? "-"} of bare (items/s ÷ req/s)  ${max < 3000 ? "under" : "OVER"} 3 s`,
  );
  return { runs, p50Ms: p50, maxMs: max, itemsPerSec, ratioToBare };
}

/**
 * On PostgreSQL the bench runs as production is deployed (compose.yaml): the server with
 * JOBS_RUNNER=worker and BENCH_WORKERS (default 1) `npm run worker` processes beside it, woken
 * by NOTIFY on commit. On the embedded database the server runs the jobs itself.
 */
const workerCount = onPostgres ? Number(process.env.BENCH_WORKERS ?? 1) : 0;
let serverEnv;
function startServer({ fresh = true, env = {} } = {}) {
  if (fresh) rmSync(path.join(root, ".data-bench"), { recursive: true, force: true });
  const server = spawn("node", [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: (serverEnv = {
      ...process.env,
      PORT: port,
      PUBLIC_URL: base,
      DATA_DIR: ".data-bench",
      PGLITE_DIR: ".data-bench/pglite",
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      DEMO_EMAIL: "bench@sandbox.local",
      DEMO_PUBLIC_KEY: publicKey,
      DEMO_SECRET_KEY: secretKey,
      DEMO_PLAN: "enterprise",
      LOG_LEVEL: "warn",
      SANDBOX_PROVIDER_DELAY_MS: "0",
      // The pipeline benchmark's webhook receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: "true",
      // Thousands of payouts in a few seconds: limits must not be what is measured.
      PAYOUT_DAILY_LIMIT: "1000000000000",
      PAYOUT_MONTHLY_LIMIT: "1000000000000",
      ...(workerCount > 0 ? { JOBS_RUNNER: "worker" } : {}),
      ...env,
    }),
  });
  server.stdout.on("data", () => undefined);
  return server;
}

/** A few collects before the pipeline run, so that it does not measure the JIT warming up. */
async function warmUpInitiates() {
  for (let i = 0; i < 40; i++) {
    await fetch(`${base}/api/v1/payments/initiate`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012", externalReference: `warm-${process.pid}-${i}` }),
    });
  }
  await new Promise((r) => setTimeout(r, 3000));
}

/** SIGTERM to the workers, and wait until they have exited (they finish or release their jobs). */
let workerPeakRss = null;
async function stopWorkers(list) {
  if (list.length) workerPeakRss = Math.max(...list.map((w) => peakRssMb(w.pid)));
  await Promise.all(list.map((w) => (w.exitCode !== null ? null : new Promise((r) => { w.once("exit", r); w.kill("SIGTERM"); }))));
}

/** The job workers, once the server has migrated the database. */
function startWorkers() {
  return Array.from({ length: workerCount }, () => {
    const worker = spawn("node", ["--max-old-space-size=160", "--max-semi-space-size=4", "--import", "tsx", path.join(root, "scripts/worker.ts")], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...serverEnv, MALLOC_ARENA_MAX: "2" },
    });
    return worker;
  });
}

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become ready");
}

function descendants(pid) {
  try {
    const children = execSync(`pgrep -P ${pid}`).toString().trim().split("\n").filter(Boolean).map(Number);
    return [pid, ...children.flatMap(descendants)];
  } catch {
    return [pid];
  }
}

/** Resets the kernel's peak RSS (VmHWM) of the process tree: `5` in clear_refs (proc(5)). */
function resetPeakRss(rootPid) {
  for (const pid of descendants(rootPid)) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {}
  }
}

function peakRssMb(rootPid) {
  let peak = 0;
  for (const pid of descendants(rootPid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {}
  }
  return Math.round(peak);
}

function measure(target) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url ?? base + target.path,
        method: target.method ?? "GET",
        headers: { ...(target.auth ? auth : {}), ...(target.method === "POST" ? { "content-type": "application/json" } : {}) },
        body: target.body,
        requests: target.requests,
        connections: target.connections ?? connections,
        duration: target.duration ?? duration,
        ...(target.amount ? { amount: target.amount } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const server = startServer();
let workers = [];
try {
  await waitReady();
  // On a first boot the seed creates the demo user and hashes its password: scrypt takes 128 MB
  // by design (lib/auth/password.ts), for a moment, whatever the load. Printed apart; the peak
  // under load counts from here (the kernel's high-water mark reset).
  const bootPeak = peakRssMb(server.pid);
  resetPeakRss(server.pid);
  const only = process.env.BENCH_ONLY?.split(",");
  workers = startWorkers();
  // The pipeline first, on an empty queue, with the worker(s) running. Then the workers stop:
  // the endpoint runs below measure the API alone (in production the workers have cores of
  // their own; here they would take the API's), and the jobs those runs create just wait.
  let pipeline = null;
  if (!only || only.some((o) => "pipeline".includes(o))) {
    await warmUpInitiates();
    pipeline = await measurePipeline({ base, auth, databaseUrl: process.env.BENCH_DATABASE_URL });
  }
  await stopWorkers(workers);
  const rows = [];
  let baseline = null;
  const httpCeiling = await measureHttpCeiling();
  for (const target of targets) {
    if (only && !target.baseline && !only.some((o) => target.name.includes(o))) continue;
    if (target.postgresOnly && !onPostgres) continue;
    if (target.setup) await target.setup.call(target, { base, auth });
    await measure({ ...target, duration: 2, amount: target.warmupAmount }); // warm-up: JIT, caches, connection pools
    const r = await measure(target);
    const non2xx = r.non2xx + r.errors;
    const row = {
      name: target.name,
      reqPerSec: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx,
    };
    if (target.baseline) baseline = row.reqPerSec;
    if (target.payout) row.payout = true;
    row.connections = target.connections ?? connections;
    row.ratioToBare = baseline ? Number((row.reqPerSec / baseline).toFixed(2)) : null;
    rows.push(row);
    console.log(
      rateLine(row, `×${row.ratioToBare ?? "-"} of bare${non2xx ? `  (${non2xx} non-2xx!)` : ""}`),
    );
  }
  let bulk = null;
  if (!only || only.some((o) => "bulk".includes(o))) bulk = await measureBulk(baseline);
  let checkoutPage = null;
  if (!only || only.some((o) => "checkout".includes(o))) {
    checkoutPage = await measureCheckoutPage(base, auth);
    printCheckoutFigures(checkoutPage);
  }
  const peak = peakRssMb(server.pid);
  const workerPeak = workerPeakRss;
  let throughNext = null;
  if (!only || only.some((o) => "routing".includes(o))) {
    await stopServer(server);
    throughNext = await measureThroughNext(rows);
  }
  console.log(
    `server peak RSS under load: ${peak} MB (at boot: ${bootPeak} MB; a first boot creates the demo user, whose scrypt password hash takes 128 MB for a moment)${workerPeak ? ` · job worker peak RSS: ${workerPeak} MB (${workers.length} worker${workers.length > 1 ? "s" : ""}, JOBS_RUNNER=worker)` : " · jobs run in the server"} · database: ${onPostgres ? "PostgreSQL" : "embedded PGlite"} · ${connections} connections × ${duration} s`,
  );
  mkdirSync(path.join(root, "bench-results"), { recursive: true });
  writeFileSync(path.join(root, "bench-results/latest.json"), JSON.stringify({ date: new Date().toISOString(), database: onPostgres ? "PostgreSQL" : "embedded PGlite", connections, duration, peakRssMb: peak, bootPeakRssMb: bootPeak, workers: workers.length, workerPeakRssMb: workerPeak, rows, httpCeiling, throughNext, checkoutPage, bulk, pipeline }, null, 2));
} finally {
  for (const w of workers) if (w.exitCode === null) w.kill("SIGTERM");
  await stopServer(server);
}

/**
 * What this machine's Node answers with no framework and no work at all (a bare `http` server
 * writing a constant JSON body), with the same load generator: the ceiling of any HTTP figure
 * here, to read the payout goal (a ratio to pgbench's TPC-B) against.
 */
async function measureHttpCeiling() {
  const ceilingPort = Number(port) + 50;
  const code = `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "application/json" }); s.end('{"ok":true}'); }).listen(${ceilingPort}, "127.0.0.1", () => console.log("ready"));`;
  const proc = spawn("node", ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => proc.stdout.once("data", resolve));
  try {
    const target = { name: "raw Node HTTP server, no framework", url: `http://127.0.0.1:${ceilingPort}/` };
    await measure({ ...target, duration: 2 });
    const r = await measure(target);
    const row = { name: target.name, reqPerSec: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99 };
    console.log(rateLine(row, "(the machine's HTTP ceiling)"));
    return row;
  } finally {
    proc.kill("SIGTERM");
  }
}

/** One measured row as the bench prints it: name, req/s, p50 and p99, then what it is compared with. */
function rateLine(row, comparison) {
  return `${row.name.padEnd(48)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${String(row.p50Ms).padStart(4)} ms  p99 ${String(row.p99Ms).padStart(4)} ms  ${comparison}`;
}

/** SIGTERM to the server and its children; resolves when the launcher has exited. */
async function stopServer(proc) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  for (const pid of descendants(proc.pid).reverse()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {}
  }
  await exited;
}

/**
 * The same reads and collect once more with API_FAST_PATH=off (every request through Next's
 * routing), on the same database, next to the same bare route: what the fast path
 * (scripts/api-fast-path.mjs) saves, measured in this run.
 */
async function measureThroughNext(fastRows) {
  const names = ["bare Next route (/api/ping)", "GET /payments/balance", "GET /payments/status/{id}", "POST /payments/initiate (direct)"];
  const chosen = targets.filter((t) => names.includes(t.name));
  const next = startServer({ fresh: false, env: { API_FAST_PATH: "off" } });
  const out = [];
  try {
    await waitReady();
    let baseline = null;
    console.log("\nThe same through Next's routing (API_FAST_PATH=off):");
    for (const target of chosen) {
      if (target.setup) await target.setup.call(target, { base, auth });
      await measure({ ...target, duration: 2 });
      const r = await measure(target);
      const reqPerSec = Math.round(r.requests.average);
      if (target.baseline) baseline = reqPerSec;
      const fast = fastRows.find((f) => f.name === target.name);
      const row = { name: target.name, reqPerSec, p50Ms: r.latency.p50, p99Ms: r.latency.p99, non2xx: r.non2xx + r.errors, ratioToBare: baseline ? Number((reqPerSec / baseline).toFixed(2)) : null, fastPathReqPerSec: fast?.reqPerSec ?? null };
      out.push(row);
      console.log(
        rateLine(row, `×${row.ratioToBare ?? "-"} of bare${fast && !target.baseline ? `  (fast path: ${fast.reqPerSec} req/s, ×${(fast.reqPerSec / reqPerSec).toFixed(2)})` : ""}`),
      );
    }
  } finally {
    await stopServer(next);
  }
  return out;
}

/** Ledger entries/s vs pgbench TPC-B on the same PostgreSQL, same run. */
function ledgerBenchmark() {
  const adminUrl = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const psql = (sql) => spawnSync("psql", [adminUrl, "-qAtc", sql], { encoding: "utf8" });
  if (psql("SELECT 1").status !== 0) {
    console.log("ledger micro-benchmark skipped: no PostgreSQL at BENCH_PG_URL");
    return null;
  }
  const dbUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  psql("DROP DATABASE IF EXISTS bench_ledger");
  psql("CREATE DATABASE bench_ledger");
  const entries = Number(process.env.BENCH_LEDGER_ENTRIES ?? 3000);
  const results = {};
  for (const wallets of [1, 100]) {
    const r = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/ops.ts", "ledger:bench", "--wallets", String(wallets), "--entries", String(entries), "--json"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: dbUrl("bench_ledger"), APP_ENV: "sandbox", LOG_LEVEL: "warn", DATABASE_POOL_SIZE: "10" },
    });
    if (r.status !== 0) throw new Error(`ledger:bench failed: ${r.stderr}`);
    results[wallets] = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
  }
  psql("DROP DATABASE IF EXISTS bench_pgbench");
  psql("CREATE DATABASE bench_pgbench");
  spawnSync("pgbench", ["-i", "-q", "-s", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const pgb = spawnSync("pgbench", ["-c", "10", "-j", "2", "-T", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? NaN);
  // The payout goals compare with TPC-B at the HTTP runs' own concurrency.
  const pgbAtHttp = spawnSync("pgbench", ["-c", String(connections), "-j", "2", "-T", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const tpsAtHttp = Number(/tps = ([\d.]+)/.exec(pgbAtHttp.stdout)?.[1] ?? NaN);
  psql("DROP DATABASE IF EXISTS bench_pgbench");
  psql("DROP DATABASE IF EXISTS bench_ledger");
  const line = (label, eps) => `${label.padEnd(48)} ${String(eps).padStart(7)} entries/s  ×${(eps / tps).toFixed(2)} of pgbench TPC-B`;
  console.log(line("ledger: 1 hot wallet, 10 concurrent", results[1].entriesPerSecond));
  console.log(line("ledger: 100 wallets, 10 concurrent", results[100].entriesPerSecond));
  console.log(`${"pgbench TPC-B-like, 10 clients".padEnd(48)} ${String(Math.round(tps)).padStart(7)} tps`);
  console.log(`${`pgbench TPC-B-like, ${connections} clients`.padEnd(48)} ${String(Math.round(tpsAtHttp)).padStart(7)} tps`);
  // Payout endpoints next to the same pgbench rate (the HTTP part ran earlier in this run).
  const saved = JSON.parse(readFileSync(path.join(root, "bench-results/latest.json"), "utf8"));
  for (const row of saved.rows.filter((r) => r.payout)) {
    row.ratioToPgbench = Number((row.reqPerSec / tpsAtHttp).toFixed(2));
    console.log(`${row.name.padEnd(48)} ${String(row.reqPerSec).padStart(7)} req/s  ×${row.ratioToBare} of bare  ×${row.ratioToPgbench} of pgbench TPC-B (${connections} clients)`);
  }
  writeFileSync(path.join(root, "bench-results/latest.json"), JSON.stringify(saved, null, 2));
  return { hotWallet: results[1], hundredWallets: results[100], pgbenchTps: tps, pgbenchTpsAtHttpConcurrency: tpsAtHttp };
}

if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.includes("ledger")) {
  const ledger = ledgerBenchmark();
  if (ledger) {
    const file = path.join(root, "bench-results/latest.json");
    const saved = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...saved, ledger }, null, 2));
  }
}
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY.includes("dashboard")) {
  // Dashboard server render time with 10,000 payments (its own server and data folder).
  spawnSync("node", [path.join(root, "scripts/bench-dashboard.mjs")], { cwd: root, stdio: "inherit" });
}
{
  const file = path.join(root, "bench-results/latest.json");
  const saved = JSON.parse(readFileSync(file, "utf8"));
  let dashboard = null;
  try {
    dashboard = JSON.parse(readFileSync(path.join(root, "bench-results/dashboard.json"), "utf8"));
    if (Date.parse(dashboard.date) < Date.parse(saved.date)) dashboard = null; // an older run's
  } catch {}
  const goals = evaluateGoals(saved, dashboard);
  printGoals(goals, saved);
  writeFileSync(file, JSON.stringify({ ...saved, goals }, null, 2));
}
process.exit(0);
