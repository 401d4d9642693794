/**
 * Node CPU per request of the API's hot paths, in-process: the route handlers called with a real
 * Request (no HTTP server, no Next dispatch), BENCH_CPU_REQUESTS each (default 400) with
 * BENCH_CPU_CONCURRENCY at a time (8), after a warm-up, against DATABASE_URL (PostgreSQL). The
 * figure is this process's CPU time (process.cpuUsage: user + system) per request, which a busy
 * machine moves much less than req/s: for comparing two versions of a path on a shared machine
 * (docs/performance.md). The HTTP server and the fast path add their own share on top (the bench's
 * bare route measures it).
 *   DATABASE_URL=postgresql://… npx tsx scripts/bench-cpu.ts [path…]   (paths: collect, quote, legacy, quoted, balance, status,
 *   and the job worker's two commonest jobs: submit (a sandbox collect's payment.submit, to its
 *   outcome) and deliver (one webhook.deliver to a receiver in a child process, whose CPU is not counted))
 *   BENCH_CPU_IDEMPOTENCY=1: every write sends its own X-Idempotency-Key (the key's claim and answer measured too)
 *   BENCH_CPU_PROFILE=dir: a V8 CPU profile of each measured phase (<dir>/<path>.cpuprofile, for Chrome's DevTools)
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { POST as initiatePayment } from "../app/api/v1/payments/initiate/route";
import { GET as balance } from "../app/api/v1/payments/balance/route";
import { GET as paymentStatus } from "../app/api/v1/payments/status/[transactionId]/route";
import { POST as quoteRoute } from "../app/api/v1/payouts/quote/route";
import { POST as initiatePayout } from "../app/api/v1/payouts/initiate/route";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { fundSandboxWallet } from "@/lib/ledger/fund-sandbox-wallet";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";
import { platformJobs } from "@/lib/platform/jobs";
import { listEventsSince } from "@/lib/webhooks/transaction-events";

Object.assign(process.env, { WEBHOOK_ALLOW_PRIVATE: "true", SANDBOX_PROVIDER_DELAY_MS: "0", API_KEY_CACHE_MS: "600000", PAYOUT_DAILY_LIMIT: "1000000000000", PAYOUT_MONTHLY_LIMIT: "1000000000000", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
const requests = Number(process.env.BENCH_CPU_REQUESTS ?? 400);
const concurrency = Number(process.env.BENCH_CPU_CONCURRENCY ?? 8);
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const prisma = await getPrisma();
await seedReferenceData(prisma);
const suffix = randomBytes(4).toString("hex");
const created = await createMerchant({ name: `CPU bench ${suffix}`, email: `cpu-${suffix}@sandbox.local`, plan: "enterprise" });
const headers = { "X-API-Key": `${created.keys!.publicKey}:${created.keys!.secretKey}`, "content-type": "application/json" };
await prisma.$transaction((tx) => fundSandboxWallet(tx, { environment: "sandbox", merchantId: created.merchant.id, currency: "XOF", amount: 1_000_000_000n, category: "collect" }));

let n = 0;
const keyed = process.env.BENCH_CPU_IDEMPOTENCY === "1";
const call = async (handler: Handler, path: string, body?: unknown, params: Record<string, string> = {}) => {
  const sent = body !== undefined && keyed ? { ...headers, "X-Idempotency-Key": `cpu-${suffix}-k${++n}` } : headers;
  const res = await handler(
    new Request(`http://localhost:3000/api/v1${path}`, { method: body === undefined ? "GET" : "POST", headers: sent, body: body === undefined ? undefined : JSON.stringify(body) }),
    { params: Promise.resolve(params) },
  );
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
};
const collectBody = () => ({ type: "direct", amount: 5000, provider: "orange", country: "SN", customerPhone: "+221770000012", externalReference: `cpu-${suffix}-${++n}` });
const quoteBody = { amount: 1000, currency: "XOF", destinationCountry: "SN", method: "orange" };
const legacyBody = { amount: 1000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: { phone: "+221770000012" } };
const statusId = (await call(initiatePayment as Handler, "/payments/initiate", collectBody())).data.transactionId as string;
let quotes: string[] = [];

// The jobs' receiver of webhooks, in a child process so that its CPU is not this process's.
const receiver = spawn(process.execPath, ["-e", "const s=require('http').createServer((q,r)=>{q.resume();q.on('end',()=>r.end())});s.listen(0,'127.0.0.1',()=>console.log(s.address().port))"], { stdio: ["ignore", "pipe", "inherit"] });
const receiverPort = await new Promise<string>((resolve) => receiver.stdout!.once("data", (d) => resolve(String(d).trim())));
const callbackUrl = `http://127.0.0.1:${receiverPort}/hook`;
const runJob = (type: string, payload: Record<string, unknown>) => platformJobs.handler(type)!(payload, { id: `job_cpu_${++n}`, attempts: 1 });
let submits: string[] = [];
let events: string[] = [];
const initiateForJobs = async (count: number) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await call(initiatePayment as Handler, "/payments/initiate", { ...collectBody(), callbackUrl })).data.transactionId);
  return ids;
};

const paths: Record<string, { prepare?: (count: number) => Promise<void>; run: () => Promise<unknown> }> = {
  collect: { run: () => call(initiatePayment as Handler, "/payments/initiate", collectBody()) },
  quote: { run: () => call(quoteRoute as Handler, "/payouts/quote", quoteBody) },
  legacy: { run: () => call(initiatePayout as Handler, "/payouts/initiate", legacyBody) },
  quoted: {
    prepare: async (count) => {
      quotes = [];
      for (let i = 0; i < count; i++) quotes.push((await call(quoteRoute as Handler, "/payouts/quote", quoteBody)).quoteId);
    },
    run: () => call(initiatePayout as Handler, "/payouts/initiate", { quoteId: quotes.pop(), recipient: { phone: "+221770000012" } }),
  },
  submit: {
    prepare: async (count) => void (submits = await initiateForJobs(count)),
    run: () => runJob("payment.submit", { paymentId: submits.pop() }),
  },
  deliver: {
    prepare: async (count) => {
      // Each collect's submit makes its events (pending, processing, success): count of them.
      const since = new Date();
      const ids = await initiateForJobs(Math.ceil(count / 3));
      for (const paymentId of ids) await runJob("payment.submit", { paymentId });
      events = (await listEventsSince(created.merchant.id, "sandbox", since, count, ["pending"])).map((e) => e.id);
    },
    run: () => runJob("webhook.deliver", { eventId: events.pop() }),
  },
  balance: { run: () => call(balance as Handler, "/payments/balance") },
  status: { run: () => call(paymentStatus as Handler, `/payments/status/${statusId}`, undefined, { transactionId: statusId }) },
};

/**
 * CPU ms the local PostgreSQL's backends serving this database have used so far (utime + stime,
 * 10 ms ticks; a backend's title names its database), or null when none is readable: the
 * statements' cost on the server side, which how they are sent (prepared or not, fewer of them)
 * moves as much as ours. This process's pool keeps its connections for the whole measurement.
 */
const databaseName = new URL(process.env.DATABASE_URL ?? "postgresql://localhost/").pathname.slice(1);
function databaseCpuMs(): number | null {
  let total = 0;
  let found = false;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${databaseName} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
      found = true;
    } catch {
      // gone meanwhile
    }
  }
  return found ? total : null;
}

async function runMany(run: () => Promise<unknown>, count: number) {
  let left = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await run();
    }),
  );
}

const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(paths);
for (const name of chosen) {
  const path = paths[name];
  const warm = Math.max(50, Math.round(requests / 4));
  await path.prepare?.(warm);
  await runMany(path.run, warm);
  await path.prepare?.(requests);
  await flushApiRequestLog();
  const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const cpu = process.cpuUsage();
  const databaseBefore = databaseCpuMs();
  const started = performance.now();
  await runMany(path.run, requests);
  await flushApiRequestLog(); // the request log's batch is part of each request's cost
  const used = process.cpuUsage(cpu);
  const databaseAfter = databaseCpuMs();
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    writeFileSync(`${process.env.BENCH_CPU_PROFILE}/${name}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  const ms = performance.now() - started;
  const database = databaseBefore !== null && databaseAfter !== null ? `, PostgreSQL ${((databaseAfter - databaseBefore) / requests).toFixed(2)} ms` : "";
  console.log(`${name.padEnd(8)} ${((used.user + used.system) / 1000 / requests).toFixed(2)} ms CPU/request${database}  (${Math.round((requests / ms) * 1000)} req/s in-process, ${concurrency} at a time)`);
}
receiver.kill();
await closeDatabase();
process.exit(0);
