#!/usr/bin/env node
/**
 * `npm start`: everything a fresh clone needs after `npm install`. Generates the Prisma client
 * if missing, builds the app when the build is missing or older than the sources, then serves
 * it with scripts/serve.mjs (`next start` plus the socket address in X-Forwarded-For).
 * Migrations, the demo merchant and the banner with URLs and credentials come from the
 * server's own start-up (instrumentation.ts → lib/platform/boot.ts).
 *
 * The layout (docs/deploy.md, "One command"): on PostgreSQL, API_PROCESSES server processes
 * (node:cluster, sharing the port; default one per core but the worker's) and JOB_WORKERS
 * `npm run worker` processes (default 1 unless JOBS_RUNNER or Inngest says otherwise), the API
 * processes with JOBS_RUNNER=worker; on the embedded database one server that runs the jobs
 * itself (a PGlite folder has one owner). All under one supervisor (scripts/supervise.mjs):
 * one log stream, a crashed process started again, SIGTERM stops them all gracefully.
 */
import cluster from "node:cluster";
import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { supervise } from "./supervise.mjs";
import { buildWorker, WORKER_ENTRY, workerBundleStale, workerNodeFlags } from "./build-worker.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// Local development on the embedded database: webhooks may go to receivers on this machine or
// its network (WEBHOOK_ALLOW_PRIVATE is off by default everywhere else). Never for PostgreSQL
// deployments nor APP_ENV=production, and an explicit value always wins.
if (!env.DATABASE_URL && env.APP_ENV !== "production" && env.WEBHOOK_ALLOW_PRIVATE === undefined) {
  env.WEBHOOK_ALLOW_PRIVATE = "true";
  console.log("Embedded database, local development: WEBHOOK_ALLOW_PRIVATE=true (webhooks may target localhost and private addresses).");
}
// Local development has no mail server: sign-up links (and every other e-mail) are printed on
// this console as well as kept in email_messages. Sandbox only, and an explicit value wins.
if (env.APP_ENV !== "production" && !env.DATABASE_URL && env.EMAIL_CONSOLE === undefined) {
  env.EMAIL_CONSOLE = "true";
  console.log("Embedded database, local development: EMAIL_CONSOLE=true (e-mails, sign-up links included, are printed here).");
}
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry === "generated" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

if (!existsSync("lib/db/generated/client.ts")) {
  console.log("Generating the Prisma client…");
  run(bin("prisma"), ["generate"]);
}

const buildId = ".next/BUILD_ID";
const sources = ["app", "lib", "inngest", "public", "prisma", "instrumentation.ts", "next.config.ts", "package.json"];
const sourcesChanged = existsSync(buildId) && Math.max(...sources.map(newestMtime)) > statSync(buildId).mtimeMs;
if (!existsSync(buildId) || sourcesChanged || process.env.FORCE_BUILD === "1") {
  console.log(existsSync(buildId) ? "Sources changed since the last build: rebuilding…" : "First start: building the app (about 2 minutes on 2 cores)…");
  // START_BUILD: no type check (CI runs tsc) and no build cache, see next.config.ts.
  run(bin("next"), ["build"], { START_BUILD: "1" });
}

const layout = chooseLayout(env);
// The workers run the bundle (scripts/build-worker.mjs, a few seconds), not the sources under tsx:
// ~100 MB less RSS each (docs/decisions/worker-bundle.md).
if (layout.workers > 0 && workerBundleStale()) {
  console.log("Bundling the job worker…");
  await buildWorker();
}

const port = process.env.PORT ?? "3000";
// Memory: the server's live heap after a collection is 55–75 MB, but V8 sizes its heap
// to the machine (GBs here) and lets garbage pile up to 500+ MB of RSS under load. A cap on the
// old space, a small young generation (4 MB semi-spaces), WebAssembly on the baseline compiler
// only (~90 MB less: serverNodeFlags says why) and two malloc arenas keep RSS down at no
// measurable CPU cost (docs/performance.md). A launcher in plain JavaScript, like PORT above:
// the variables' schemas and defaults live in lib/config/variables.ts (checked again by each process).
const heapMb = Number(process.env.SERVER_MAX_HEAP_MB ?? "160");
const workerHeapMb = Number(process.env.WORKER_MAX_HEAP_MB ?? "96");
const childEnv = { ...env, PORT: port, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2", ...(layout.workers > 0 && !env.JOBS_RUNNER ? { JOBS_RUNNER: "worker" } : {}) };
console.log(
  `Starting ${layout.api} API process${layout.api > 1 ? "es" : ""}${layout.workers > 0 ? ` and ${layout.workers} job worker${layout.workers > 1 ? "s" : ""}` : ""} (${layout.why}).`,
);

cluster.setupPrimary({ exec: path.join(root, "scripts", "serve.mjs"), execArgv: serverNodeFlags(heapMb) });
const supervisor = supervise();
// The first API process migrates and seeds the database; the others (and the workers) start
// once it answers, so that two first boots never race on the seed.
supervisor.add({ name: "api-1", start: () => cluster.fork({ ...childEnv, SERVER_INSTANCE: "1" }).process });
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    void supervisor.stop(signal).then((code) => process.exit(code));
  });
}
if (layout.api > 1 || layout.workers > 0) {
  await waitUntilServing();
  for (let i = 2; i <= layout.api && !stopping; i++) {
    supervisor.add({ name: `api-${i}`, start: () => cluster.fork({ ...childEnv, SERVER_INSTANCE: String(i) }).process });
  }
  for (let i = 1; i <= layout.workers && !stopping; i++) {
    supervisor.add({
      name: `worker-${i}`,
      start: () =>
        spawn(process.execPath, [...workerNodeFlags(workerHeapMb), WORKER_ENTRY], {
          stdio: "inherit",
          env: childEnv,
        }),
    });
  }
}

/**
 * How many API processes and job workers: API_PROCESSES and JOB_WORKERS when given; otherwise
 * one worker on PostgreSQL when the jobs would run inline (JOBS_RUNNER unset or `worker`, no
 * Inngest), and one API process per core left. The embedded database has one owner: one process.
 */
function chooseLayout(e) {
  if (!e.DATABASE_URL) {
    if ((e.API_PROCESSES && e.API_PROCESSES !== "1") || (e.JOB_WORKERS && e.JOB_WORKERS !== "0")) {
      console.log("Embedded database: one process owns it, so API_PROCESSES and JOB_WORKERS are ignored (set DATABASE_URL for several).");
    }
    return { api: 1, workers: 0, why: "embedded database: one process serves the API and runs the jobs" };
  }
  const inngest = !!(e.INNGEST_EVENT_KEY || e.INNGEST_BASE_URL);
  const jobsOnWorkers = e.JOBS_RUNNER ? e.JOBS_RUNNER === "worker" : !inngest;
  const workers = e.JOB_WORKERS !== undefined && e.JOB_WORKERS !== "" ? Number(e.JOB_WORKERS) : jobsOnWorkers ? 1 : 0;
  const api = e.API_PROCESSES ? Number(e.API_PROCESSES) : Math.max(1, availableParallelism() - workers);
  const jobs = workers > 0 ? "jobs on the workers" : `jobs: ${e.JOBS_RUNNER ?? (inngest ? "inngest" : "inline")}`;
  return { api, workers, why: `PostgreSQL, ${jobs}${e.API_PROCESSES ? "" : `, one API process per core${workers > 0 ? " left by the worker" : ""}`}` };
}

/** Until the first API process answers its health check (the boot has migrated and seeded). */
async function waitUntilServing() {
  const host = process.env.HOSTNAME && process.env.HOSTNAME !== "0.0.0.0" ? process.env.HOSTNAME : "127.0.0.1";
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/api/v1/health`;
  for (;;) {
    if (stopping) return;
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
}
