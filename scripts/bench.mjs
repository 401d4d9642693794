#!/usr/bin/env node
/**
 * `npm run bench`: starts the built app (building it if needed) on a fresh embedded database,
 * or on PostgreSQL with BENCH_DATABASE_URL, in each layout of BENCH_LAYOUTS (`start`: what
 * `npm start` runs; `compose`: compose.yaml's server and worker; see runLayout), and measures
 * each endpoint with autocannon: requests/s, p50 and p99 latency, the ratio to a bare Next
 * route handler (/api/ping) of the same layout and run, and the CPU time the API processes
 * (and the job worker, apart) spent per request. Prints each process's peak RSS.
 *   BENCH_DURATION (s, default 8)   BENCH_CONNECTIONS (default 16)   BENCH_ONLY=name,name
 *   BENCH_LAYOUTS=start,compose     BENCH_WORKERS (compose layout, default 1)
 * Per layout also: the webhook pipeline (scripts/bench-pipeline.mjs) at 30 payments/s and at
 * BENCH_PIPELINE_FAST_RATE (100), bulk payouts (1,000 legacy items, BENCH_BULK_RUNS requests;
 * target under 3 s), the checkout page; on PostgreSQL payout initiates spread over 100 merchants'
 * wallets next to the demo merchant's one hot wallet. Then (BENCH_ONLY words in brackets):
 * through Next's routing [routing], 1 vs 2 API processes [processes], a process killed mid-run
 * [recovery], the ledger micro-benchmark and pgbench (TPC-B and our write mix) [ledger], the
 * dashboard (scripts/bench-dashboard.mjs) [dashboard]. The run ends with the goals, each with a
 * PASS or MISS mark (scripts/bench-goals.mjs). Everything goes to bench-results/latest.json.
 */
import { spawn, spawnSync, execSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { createCheckoutPath, measureCheckoutPage, printCheckoutFigures } from "./bench-checkout.mjs";
import { evaluateGoals, printGoals } from "./bench-goals.mjs";
import { measurePipeline } from "./bench-pipeline.mjs";
import { DUE_JOBS_COUNT_SQL, jobsByIdSql, RUNNING_JOBS_SQL } from "../lib/jobs/job-watch-sql.mjs";
import { buildWorker, WORKER_ENTRY, workerBundleStale, workerNodeFlags } from "./build-worker.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

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
 * POST /payouts/bulk with 1,000 legacy items (docs/design/bulk-payouts.md: accepted in under 3 s on PostgreSQL),
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
  // Unique per layout: the layouts of one run share the database.
  const runTag = `${process.pid}-${Date.now().toString(36)}`;
  await post(body(1000, `warm-${runTag}`));
  const times = [];
  for (let r = 0; r < runs; r++) times.push(await post(body(1000, `${runTag}-${r}`)));
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
 * The layouts measured (BENCH_LAYOUTS, default both on PostgreSQL; docs/performance.md):
 *   - `start`: what `npm start` runs (scripts/start.mjs): on PostgreSQL its supervisor with
 *     API_PROCESSES API processes (default one per core but the worker's) and one job worker,
 *     which keeps running during every measurement, as it does for a user; on the embedded
 *     database one process that serves the API and runs the jobs;
 *   - `compose`: compose.yaml's layout (PostgreSQL only): the image's server command
 *     (scripts/serve.mjs, JOBS_RUNNER=worker) and BENCH_WORKERS (default 1) `npm run worker`
 *     beside it; the workers stop after the pipeline runs, so that the endpoint runs measure the
 *     API alone (in production the workers have cores of their own).
 */
const workerCount = Number(process.env.BENCH_WORKERS ?? 1);
const layouts = (process.env.BENCH_LAYOUTS ?? (onPostgres ? "start,compose" : "start")).split(",").filter(Boolean);
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
/** Whether a part of the bench runs: BENCH_ONLY names it (a word of its name), or no BENCH_ONLY. */
const wants = (part) => !only || only.some((o) => part.includes(o));

function serverEnv(env = {}) {
  return {
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
    ...env,
  };
}

/**
 * Starts a layout; resolves once it answers. `apiPids()` and `workerPids()` read the process
 * tree each time (a supervisor may have restarted a process).
 */
async function startLayout(layout, { fresh = true, env = {} } = {}) {
  if (fresh && !onPostgres) rmSync(path.join(root, ".data-bench"), { recursive: true, force: true });
  ensureBuilt();
  const launched = [];
  const spawnOne = (args, extra) => {
    const proc = spawn("node", args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: serverEnv({ MALLOC_ARENA_MAX: "2", ...extra }) });
    launched.push(proc);
    return proc;
  };
  let rootProc;
  if (layout === "start") {
    rootProc = spawnOne([path.join(root, "scripts/start.mjs")], env);
  } else if (layout === "compose") {
    // The image's CMD (Dockerfile, the flags of scripts/server-flags.mjs), and compose.yaml's worker service beside it.
    rootProc = spawnOne([...serverNodeFlags(), path.join(root, "scripts/serve.mjs")], { JOBS_RUNNER: "worker", ...env });
  } else throw new Error(`unknown layout ${layout}`);
  await waitReady();
  if (layout === "compose") {
    // The worker image's CMD: the bundle (scripts/build-worker.mjs) with the same flags as npm start's.
    if (workerBundleStale()) await buildWorker();
    for (let i = 0; i < workerCount; i++) spawnOne([...workerNodeFlags(), WORKER_ENTRY], { JOBS_RUNNER: "worker", ...env });
  }
  const tree = () => launched.flatMap((p) => (p.exitCode === null ? descendants(p.pid) : []));
  const isWorker = (pid) => /worker\.(ts|mjs)/.test(commandLine(pid));
  const layoutInfo = {
    layout,
    root: rootProc,
    apiPids: () => tree().filter((pid) => !isWorker(pid)),
    workerPids: () => tree().filter(isWorker),
    /** compose: SIGTERM to the workers, resolves once they have exited. */
    async stopWorkers() {
      const workers = launched.filter((p) => p !== rootProc && p.exitCode === null);
      await Promise.all(workers.map((w) => new Promise((r) => { w.once("exit", r); w.kill("SIGTERM"); })));
    },
    async stop() {
      await Promise.all(launched.map((p) => stopServer(p)));
    },
  };
  // Wait until the workers are up (they log nothing at LOG_LEVEL=warn): their process exists.
  if (layout === "start" && onPostgres && env.JOB_WORKERS !== "0") {
    for (let i = 0; i < 200 && layoutInfo.workerPids().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  }
  return layoutInfo;
}

let built = false;
/** `npm start` builds when needed; the compose layout runs the build as the image would contain it. */
function ensureBuilt() {
  if (built) return;
  built = true;
  try {
    statSync(path.join(root, ".next/BUILD_ID"));
  } catch {
    const r = spawnSync(path.join(root, "node_modules/.bin/next"), ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error("next build failed");
  }
}

function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** A few collects before the pipeline run, so that it does not measure the JIT warming up. */
async function warmUpInitiates() {
  for (let i = 0; i < 40; i++) {
    await fetch(`${base}/api/v1/payments/initiate`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012", externalReference: `warm-${process.pid}-${Date.now()}-${i}` }),
    });
  }
  await new Promise((r) => setTimeout(r, 3000));
}

async function waitReady() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
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

/** Resets the kernel's peak RSS (VmHWM) of these processes: `5` in clear_refs (proc(5)). */
function resetPeakRss(pids) {
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {}
  }
}

/** The largest peak RSS (VmHWM) of these processes: each process's own, not their sum. */
function peakRssMb(pids) {
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {}
  }
  return Math.round(peak);
}

const clockTick = 1000 / Number(execSync("getconf CLK_TCK").toString().trim() || 100);
/** CPU time (ms) these processes have used so far: utime + stime of /proc/<pid>/stat. */
function cpuMs(pids) {
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * clockTick;
    } catch {
      return sum;
    }
  }, 0);
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

/**
 * One target on a running layout: a warm-up, then the measured run, with the CPU time the API
 * processes (and the job workers, apart) spent per request: on a shared machine req/s moves with
 * the neighbours' load, CPU per request much less.
 */
async function measureRow(target, layoutInfo, baseline) {
  if (target.setup) await target.setup.call(target, { base, auth });
  await measure({ ...target, duration: 2, amount: target.warmupAmount }); // warm-up: JIT, caches, connection pools
  const apiPids = layoutInfo.apiPids();
  const workerPids = layoutInfo.workerPids();
  const [apiBefore, workerBefore] = [cpuMs(apiPids), cpuMs(workerPids)];
  const r = await measure(target);
  const requests = Math.max(1, r.requests.total);
  const row = {
    name: target.name,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    connections: target.connections ?? connections,
    cpuPerReqMs: Number(((cpuMs(apiPids) - apiBefore) / requests).toFixed(2)),
    workerCpuPerReqMs: workerPids.length ? Number(((cpuMs(workerPids) - workerBefore) / requests).toFixed(2)) : null,
  };
  if (target.payout) row.payout = true;
  row.ratioToBare = baseline ? Number((row.reqPerSec / baseline).toFixed(2)) : null;
  const cpu = target.method === "POST" || target.baseline ? `  API CPU ${row.cpuPerReqMs} ms/req${row.workerCpuPerReqMs !== null ? ` (+ worker ${row.workerCpuPerReqMs})` : ""}` : "";
  console.log(rateLine(row, `×${row.ratioToBare ?? "-"} of bare${cpu}${row.non2xx ? `  (${row.non2xx} non-2xx!)` : ""}`));
  return row;
}

/** Waits (up to BENCH_DRAIN_SECONDS, 600) until no job is due; returns the seconds it took. */
async function waitForEmptyBacklog(when) {
  const started = performance.now();
  const limit = Number(process.env.BENCH_DRAIN_SECONDS ?? 600) * 1000;
  for (;;) {
    const due = Number(spawnSync("psql", [process.env.BENCH_DATABASE_URL, "-qAtc", DUE_JOBS_COUNT_SQL], { encoding: "utf8" }).stdout.trim() || 0);
    const seconds = Math.round((performance.now() - started) / 1000);
    if (due === 0 || performance.now() - started > limit) {
      console.log(`backlog ${when}: ${due === 0 ? `drained in ${seconds} s` : `${due} jobs still due after ${seconds} s`}`);
      return seconds;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Everything measured on one layout: the pipelines, the endpoints, the bulk, the checkout page, peak RSS. */
async function runLayout(layout) {
  console.log(`\n== Layout: ${layout === "start" ? `npm start (${onPostgres ? "supervisor: API process(es) + job worker" : "one process, jobs inside"})` : `compose-like (serve.mjs + ${workerCount} worker${workerCount > 1 ? "s" : ""})`} ==`);
  const info = await startLayout(layout);
  const out = { layout };
  try {
    // On a first boot the seed creates the demo user and hashes its password: scrypt takes 128 MB
    // by design (lib/auth/password.ts), for a moment, whatever the load. Printed apart; the peak
    // under load counts from here (the kernel's high-water mark reset).
    out.bootPeakRssMb = peakRssMb(info.apiPids());
    resetPeakRss([...info.apiPids(), ...info.workerPids()]);
    if (wants("pipeline")) {
      // Jobs an earlier run left queued in the same database (a layout whose workers stopped
      // before its endpoints' jobs ran) would be drained during the pipeline and counted in it.
      if (onPostgres && info.workerPids().length) await waitForEmptyBacklog("left by earlier runs, before the pipelines");
      await warmUpInitiates();
      const cpuOf = () => ({ api: cpuMs(info.apiPids()), worker: info.workerPids().length ? cpuMs(info.workerPids()) : null });
      out.pipeline = await measurePipeline({ base, auth, databaseUrl: process.env.BENCH_DATABASE_URL, cpuOf });
      const fastRate = Number(process.env.BENCH_PIPELINE_FAST_RATE ?? 100);
      if (fastRate > 0) out.pipelineFast = await measurePipeline({ base, auth, databaseUrl: process.env.BENCH_DATABASE_URL, cpuOf, rate: fastRate, seconds: Number(process.env.BENCH_PIPELINE_FAST_SECONDS ?? 30) });
    }
    out.workerPeakRssMb = info.workerPids().length ? peakRssMb(info.workerPids()) : null;
    if (layout === "compose") await info.stopWorkers();
    // Where the worker keeps running, the endpoints are measured once the pipelines' backlog is
    // drained: otherwise they would share the machine with thousands of queued deliveries.
    else if (wants("pipeline") && onPostgres) out.backlogDrainedSeconds = await waitForEmptyBacklog("after the pipelines");
    const rows = [];
    let baseline = null;
    out.httpCeiling = await measureHttpCeiling();
    for (const target of targets) {
      if (!target.baseline && !wants(target.name)) continue;
      if (target.postgresOnly && !onPostgres) continue;
      const row = await measureRow(target, info, baseline);
      if (target.baseline) baseline = row.reqPerSec;
      rows.push(row);
    }
    out.rows = rows;
    if (wants("bulk")) out.bulk = await measureBulk(baseline);
    if (wants("checkout")) {
      out.checkoutPage = await measureCheckoutPage(base, auth);
      printCheckoutFigures(out.checkoutPage);
    }
    out.peakRssMb = peakRssMb(info.apiPids());
    if (layout === "start") out.workerPeakRssMb = Math.max(out.workerPeakRssMb ?? 0, peakRssMb(info.workerPids())) || null;
    out.apiProcesses = info.apiPids().filter((pid) => commandLine(pid).includes("serve.mjs")).length;
    console.log(
      `API process peak RSS under load: ${out.peakRssMb} MB (at boot: ${out.bootPeakRssMb} MB; a first boot creates the demo user, whose scrypt password hash takes 128 MB for a moment)` +
        (out.workerPeakRssMb ? ` · job worker peak RSS: ${out.workerPeakRssMb} MB` : " · jobs run in the server") +
        ` · ${out.apiProcesses} API process${out.apiProcesses > 1 ? "es" : ""} · database: ${onPostgres ? "PostgreSQL" : "embedded PGlite"} · ${connections} connections × ${duration} s`,
    );
  } finally {
    await info.stop();
  }
  if (onPostgres) spawnSync("psql", [process.env.BENCH_DATABASE_URL, "-qAtc", "VACUUM ANALYZE"], { encoding: "utf8" });
  return out;
}

/**
 * 1 against 2 API processes under `npm start` (API_PROCESSES), the same targets back to back:
 * what a second process on this machine gives (PostgreSQL only: the embedded database has one owner).
 */
async function compareApiProcesses() {
  const names = ["bare Next route (/api/ping)", "GET /payments/status/{id}", "GET /payments/balance", "POST /payments/initiate (direct)", "POST /payouts/initiate (legacy, internal quote)"];
  const chosen = targets.filter((t) => names.includes(t.name));
  const out = {};
  for (const n of [1, 2]) {
    console.log(`\n== npm start with API_PROCESSES=${n} ==`);
    const info = await startLayout("start", { env: { API_PROCESSES: String(n) } });
    try {
      // The compose layout's endpoint rows left their jobs queued (its workers had stopped): this
      // layout's worker drains them first, or they would share the cores with what is measured.
      await waitForEmptyBacklog(`before API_PROCESSES=${n}`);
      let baseline = null;
      out[n] = [];
      for (const target of chosen) {
        const row = await measureRow(target, info, baseline);
        if (target.baseline) baseline = row.reqPerSec;
        out[n].push(row);
      }
    } finally {
      await info.stop();
    }
  }
  console.log("\n1 vs 2 API processes (npm start, one job worker):");
  for (const row of out[1]) {
    const two = out[2].find((r) => r.name === row.name);
    console.log(`  ${row.name.padEnd(48)} ${String(row.reqPerSec).padStart(6)} → ${String(two?.reqPerSec ?? "-").padStart(6)} req/s  (×${two ? (two.reqPerSec / row.reqPerSec).toFixed(2) : "-"})`);
  }
  return out;
}

/**
 * What the run sees when a process dies: BENCH_RECOVERY_PAYMENTS (200) direct collects with a
 * webhook each, at 20/s, with a provider that takes 1 s (so that jobs are running); after 60 %
 * were accepted, SIGKILL to one process (the job worker, then an API process, each case on a
 * fresh start; BENCH_RECOVERY_CASES=worker,api), and the supervisor restarts it. Figures: how
 * long until the killed process was back; on PostgreSQL, how long until every job that was
 * running at the kill ran again (the in-flight orders resumed: the goal, within 30 s, the job
 * lease of lib/jobs/claim-jobs); and how long until every payment accepted before the kill had
 * its payment.success delivered (which adds the operators' poll cadence: 5 s, 10 s, 20 s…).
 */
async function measureRecovery() {
  const cases = (process.env.BENCH_RECOVERY_CASES ?? (onPostgres ? "worker,api" : "api")).split(",").filter((c) => onPostgres || c === "api");
  const total = Number(process.env.BENCH_RECOVERY_PAYMENTS ?? 200);
  const out = {};
  for (const kill of cases) {
    console.log(`\n== Recovery: SIGKILL to the ${kill === "api" ? (onPostgres ? "API process" : "server (API and jobs)") : "job worker"} after ${Math.round(total * 0.6)} of ${total} collects ==`);
    const info = await startLayout("start", { env: { SANDBOX_PROVIDER_DELAY_MS: "1000" } });
    // Jobs earlier phases left queued would be drained during the run and slow the resumption measured.
    if (onPostgres) await waitForEmptyBacklog("before the recovery run");
    const receiver = await startReceiver();
    try {
      const accepted = new Map(); // id → accepted before the kill?
      let refused = 0;
      let killedAt = null;
      let backAt = null;
      let resumed = Promise.resolve(null);
      const send = async (i) => {
        try {
          const res = await fetch(`${base}/api/v1/payments/initiate`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012", externalReference: `rec-${kill}-${process.pid}-${Date.now()}-${i}`, callbackUrl: receiver.url }),
          });
          if (res.status !== 201) return void refused++;
          accepted.set((await res.json()).data.transactionId, killedAt === null);
        } catch {
          refused++;
        }
      };
      const inflight = [];
      for (let i = 0; i < total; i++) {
        if (i === Math.round(total * 0.6)) {
          await Promise.all(inflight.splice(0));
          const pids = kill === "worker" ? info.workerPids() : info.apiPids().filter((pid) => commandLine(pid).includes("serve.mjs"));
          const victim = pids[0];
          // The jobs running at the kill (PostgreSQL: read beside the app), to time when each runs
          // again; the kill waits (up to 10 s) for at least one to be running, or there is nothing to resume.
          let running = psqlRows(RUNNING_JOBS_SQL);
          for (let wait = 0; onPostgres && running.length === 0 && wait < 100; wait++) {
            await new Promise((r) => setTimeout(r, 100));
            running = psqlRows(RUNNING_JOBS_SQL);
          }
          killedAt = performance.now();
          process.kill(victim, "SIGKILL");
          resumed = watchResumed(running, killedAt);
          // Back: a new worker process, or the API answering again.
          void (async () => {
            for (;;) {
              const up = kill === "worker" ? info.workerPids().some((pid) => pid !== victim) : await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false);
              if (up) return void (backAt = performance.now());
              await new Promise((r) => setTimeout(r, 100));
            }
          })();
          if (kill === "api") while (backAt === null) await new Promise((r) => setTimeout(r, 100));
        }
        inflight.push(send(i));
        await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all(inflight);
      const beforeKill = [...accepted].filter(([, before]) => before).map(([id]) => id);
      const deadline = performance.now() + 120_000;
      while (performance.now() < deadline && ![...accepted.keys()].every((id) => receiver.successAt.has(id))) await new Promise((r) => setTimeout(r, 200));
      const lastBefore = Math.max(...beforeKill.map((id) => receiver.successAt.get(id) ?? Number.POSITIVE_INFINITY));
      const delivered = [...accepted.keys()].filter((id) => receiver.successAt.has(id)).length;
      const jobs = await resumed;
      const result = {
        killed: kill,
        sent: total,
        accepted: accepted.size,
        refused,
        delivered,
        restartSeconds: backAt === null ? null : Number(((backAt - killedAt) / 1000).toFixed(1)),
        recoverySeconds: Number.isFinite(lastBefore) ? Number((Math.max(0, lastBefore - killedAt) / 1000).toFixed(1)) : null,
        jobsRunningAtKill: jobs?.count ?? null,
        jobsResumedSeconds: jobs?.seconds ?? null,
      };
      console.log(
        `  ${result.accepted}/${total} accepted (${refused} refused while it was down), ${delivered}/${result.accepted} payment.success delivered; ${kill} back after ${result.restartSeconds ?? "never"} s; ` +
          `every payment accepted before the kill succeeded ${result.recoverySeconds ?? "never"} s after it` +
          (jobs ? `; the ${jobs.count} job(s) running at the kill ran again within ${jobs.seconds ?? "never (120 s)"} s` : ""),
      );
      out[kill] = result;
    } finally {
      await receiver.close();
      await info.stop();
    }
  }
  return out;
}

/** Rows of one text column from the bench database (PostgreSQL), or [] on the embedded one. */
function psqlRows(sql) {
  if (!onPostgres) return [];
  return spawnSync("psql", [process.env.BENCH_DATABASE_URL, "-qAtc", sql], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
}

/**
 * When every job that was running at the kill ran again (claimed anew: a higher attempt number)
 * or ended: the jobs' resume time, which the lease bounds (lib/jobs/claim-jobs). Null on the
 * embedded database (nothing can read it beside the server).
 */
async function watchResumed(running, killedAt) {
  if (!onPostgres) return null;
  const left = new Map(running.map((line) => line.split(" ")).map(([id, attempts]) => [id, Number(attempts)]));
  const count = left.size;
  const deadline = killedAt + 120_000;
  while (left.size > 0 && performance.now() < deadline) {
    for (const line of psqlRows(jobsByIdSql([...left.keys()]))) {
      const [id, attempts, status] = line.split(" ");
      if (status !== "running" || Number(attempts) > left.get(id)) left.delete(id);
    }
    if (left.size > 0) await new Promise((r) => setTimeout(r, 250));
  }
  return { count, seconds: left.size === 0 ? Number(((performance.now() - killedAt) / 1000).toFixed(1)) : null };
}

/** A webhook receiver that notes when each payment's payment.success arrived. */
async function startReceiver() {
  const successAt = new Map();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.writeHead(200).end();
      try {
        const event = JSON.parse(body);
        if (event.type === "payment.success") successAt.set(event.data.transactionId, performance.now());
      } catch {}
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, successAt, close: () => new Promise((r) => server.close(r)) };
}

/**
 * What this machine's Node answers with no framework and no work at all (a bare `http` server
 * writing a constant JSON body), with the same load generator: the ceiling of any HTTP figure here.
 */
async function measureHttpCeiling() {
  const ceilingPort = Number(port) + 5;
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

/** SIGTERM to the process and its children; resolves when it has exited. */
async function stopServer(proc) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  // The launcher (a supervisor) stops its children itself; a plain server is alone.
  proc.kill("SIGTERM");
  const force = setTimeout(() => {
    for (const pid of descendants(proc.pid).reverse()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }, 60_000);
  await exited;
  clearTimeout(force);
}

/**
 * The same reads and collect once more with API_FAST_PATH=off (every request through Next's
 * routing), on the same database, next to the same bare route: what the fast path
 * (scripts/api-fast-path.mjs) saves, measured in this run.
 */
async function measureThroughNext(fastRows) {
  const names = ["bare Next route (/api/ping)", "GET /payments/balance", "GET /payments/status/{id}", "POST /payments/initiate (direct)"];
  const chosen = targets.filter((t) => names.includes(t.name));
  const info = await startLayout(layouts[0], { fresh: false, env: { API_FAST_PATH: "off" } });
  const out = [];
  try {
    let baseline = null;
    console.log("\nThe same through Next's routing (API_FAST_PATH=off):");
    for (const target of chosen) {
      const row = await measureRow(target, info, baseline);
      if (target.baseline) baseline = row.reqPerSec;
      const fast = fastRows.find((f) => f.name === target.name);
      out.push({ ...row, fastPathReqPerSec: fast?.reqPerSec ?? null });
    }
  } finally {
    await info.stop();
  }
  return out;
}

/**
 * Ledger entries/s and pgbench on the same PostgreSQL, same run: TPC-B at 10 clients and at the
 * HTTP runs' concurrency, and, when scripts/bench-write-mix.sql exists, that custom script (our
 * own statements) at the HTTP runs' concurrency, for the capacity plan.
 */
function ledgerBenchmark() {
  const adminUrl = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const psql = (sql, url = adminUrl) => spawnSync("psql", [url, "-qAtc", sql], { encoding: "utf8" });
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
    const r = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench-ledger.ts", "--wallets", String(wallets), "--entries", String(entries), "--json"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: dbUrl("bench_ledger"), APP_ENV: "sandbox", LOG_LEVEL: "warn", DATABASE_POOL_SIZE: "10" },
    });
    if (r.status !== 0) throw new Error(`scripts/bench-ledger.ts failed: ${r.stderr}`);
    results[wallets] = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
  }
  psql("DROP DATABASE IF EXISTS bench_pgbench");
  psql("CREATE DATABASE bench_pgbench");
  spawnSync("pgbench", ["-i", "-q", "-s", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const pgb = spawnSync("pgbench", ["-c", "10", "-j", "2", "-T", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? NaN);
  const pgbAtHttp = spawnSync("pgbench", ["-c", String(connections), "-j", "2", "-T", "10", dbUrl("bench_pgbench")], { encoding: "utf8" });
  const tpsAtHttp = Number(/tps = ([\d.]+)/.exec(pgbAtHttp.stdout)?.[1] ?? NaN);
  psql("DROP DATABASE IF EXISTS bench_pgbench");
  // Our write mix on the migrated ledger database (bench_ledger has our schema), when the script exists.
  const mixScript = path.join(root, "scripts/bench-write-mix.sql");
  let mixTps = null;
  if (existsSync(mixScript)) {
    const mix = spawnSync("pgbench", ["-n", "-c", String(connections), "-j", "2", "-T", "10", "-f", mixScript, dbUrl("bench_ledger")], { encoding: "utf8" });
    mixTps = Number(/tps = ([\d.]+)/.exec(mix.stdout)?.[1] ?? NaN);
    if (!Number.isFinite(mixTps)) console.log(`write mix failed: ${(mix.stderr || mix.stdout).slice(0, 500)}`);
  }
  psql("DROP DATABASE IF EXISTS bench_ledger");
  const line = (label, eps) => `${label.padEnd(48)} ${String(eps).padStart(7)} entries/s  ×${(eps / tps).toFixed(2)} of pgbench TPC-B`;
  console.log(line("ledger: 1 hot wallet, 10 concurrent", results[1].entriesPerSecond));
  console.log(line("ledger: 100 wallets, 10 concurrent", results[100].entriesPerSecond));
  console.log(`${"pgbench TPC-B-like, 10 clients".padEnd(48)} ${String(Math.round(tps)).padStart(7)} tps`);
  console.log(`${`pgbench TPC-B-like, ${connections} clients`.padEnd(48)} ${String(Math.round(tpsAtHttp)).padStart(7)} tps`);
  if (mixTps !== null) console.log(`${`pgbench our write mix, ${connections} clients`.padEnd(48)} ${String(Math.round(mixTps)).padStart(7)} tps (scripts/bench-write-mix.sql)`);
  return { hotWallet: results[1], hundredWallets: results[100], pgbenchTps: tps, pgbenchTpsAtHttpConcurrency: tpsAtHttp, writeMixTps: mixTps };
}

const file = path.join(root, "bench-results/latest.json");
mkdirSync(path.join(root, "bench-results"), { recursive: true });
const saved = { date: new Date().toISOString(), database: onPostgres ? "PostgreSQL" : "embedded PGlite", connections, duration, layouts: {} };
const save = () => writeFileSync(file, JSON.stringify(saved, null, 2));
// The per-layout runs, unless BENCH_ONLY names none of their parts (e.g. BENCH_ONLY=recovery).
const layoutParts = targets.some((t) => !t.baseline && wants(t.name)) || ["pipeline", "bulk", "checkout"].some(wants);
for (const layout of layoutParts ? layouts : []) {
  saved.layouts[layout] = await runLayout(layout);
  save();
}
const first = saved.layouts[layouts[0]];
if (first?.rows && wants("routing")) {
  saved.throughNext = await measureThroughNext(first.rows);
  save();
}
if (onPostgres && wants("processes")) {
  saved.apiProcesses = await compareApiProcesses();
  save();
}
if (wants("recovery")) {
  saved.recovery = await measureRecovery();
  save();
}
if (wants("ledger")) {
  saved.ledger = ledgerBenchmark();
  save();
}
if (wants("dashboard")) {
  // Dashboard server render time (its own server and data folder).
  spawnSync("node", [path.join(root, "scripts/bench-dashboard.mjs")], { cwd: root, stdio: "inherit" });
}
let dashboard = null;
try {
  dashboard = JSON.parse(readFileSync(path.join(root, "bench-results/dashboard.json"), "utf8"));
  if (Date.parse(dashboard.date) < Date.parse(saved.date)) dashboard = null; // an older run's
} catch {}
saved.goals = evaluateGoals(saved, dashboard);
printGoals(saved.goals, saved);
save();
process.exit(0);
