#!/usr/bin/env node
/**
 * The container image's `app` stage without Docker (this machine has the docker
 * client but no daemon). After `next build`, lays out a directory exactly as the Dockerfile's
 * COPY lines do (standalone output, static files, public, migrations, our launcher), starts it
 * with the image's CMD and a production configuration against PostgreSQL, and checks:
 *   - it migrates an empty database and answers /api/v1/health 200 (the image's HEALTHCHECK);
 *   - nothing outside the copied files is needed (the checkout and node_modules are not there);
 *   - SIGTERM makes it exit 0 (graceful shutdown).
 * With a Docker daemon, .ci/run builds the real image instead (`docker build`).
 *   CHECK_PG_URL (default postgresql://postgres@127.0.0.1:5432/postgres)
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
if (!existsSync(path.join(root, ".next/standalone/server.js"))) throw new Error("run `next build` first (output: standalone)");

// The Dockerfile's `app` stage, COPY by COPY.
const app = mkdtempSync(path.join(os.tmpdir(), "image-app-"));
const workerDir = mkdtempSync(path.join(os.tmpdir(), "image-worker-"));
cpSync(path.join(root, ".next/standalone"), app, { recursive: true });
cpSync(path.join(root, ".next/static"), path.join(app, ".next/static"), { recursive: true });
cpSync(path.join(root, "public"), path.join(app, "public"), { recursive: true });
cpSync(path.join(root, "prisma/migrations"), path.join(app, "prisma/migrations"), { recursive: true });
for (const f of ["serve.mjs", "api-fast-path.mjs", "forwarded-for.mjs", "body-limit.mjs", "graceful-shutdown.mjs"]) cpSync(path.join(root, "scripts", f), path.join(app, "scripts", f));
const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
const cmd = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(dockerfile.slice(dockerfile.indexOf("AS app")))?.[1] ?? "null");
if (!cmd || cmd[0] !== "node") throw new Error("could not read the app stage's CMD from the Dockerfile");

const adminUrl = process.env.CHECK_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `image_check_${process.pid}`;
const psql = (sql) => spawnSync("psql", [adminUrl, "-qAtc", sql], { encoding: "utf8" });
psql(`DROP DATABASE IF EXISTS ${dbName}`);
if (psql(`CREATE DATABASE ${dbName}`).status !== 0) throw new Error(`cannot create ${dbName} on ${adminUrl}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const port = String(3400 + (process.pid % 500));

// The image's ENV plus what docs/deploy.env.example asks for, with throwaway secrets.
const env = {
  PATH: process.env.PATH,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  APP_ENV: "production",
  MALLOC_ARENA_MAX: "2",
  PORT: port,
  HOSTNAME: "127.0.0.1",
  DATA_DIR: path.join(app, ".data"),
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: `https://pay.example.test`,
  NEXTAUTH_SECRET: "image-check-secret-image-check-secret-image-check",
  WEBHOOK_SECRET_KEYS: "k1:aW1hZ2UtY2hlY2sta2V5LWltYWdlLWNoZWNrLWtleTA=",
  JOBS_RUNNER: "worker",
  LOG_LEVEL: "warn",
};
const server = spawn(cmd[0] === "node" ? process.execPath : cmd[0], cmd.slice(1), { cwd: app, env, stdio: ["ignore", "inherit", "inherit"] });
let ok = false;
try {
  for (let i = 0; i < 120 && !ok; i++) {
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode !== null) throw new Error(`the image's server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      ok = res.status === 200;
      if (ok) console.log(`image layout: /api/v1/health → 200 ${JSON.stringify((await res.json()).checks?.database ?? {})}`);
    } catch {}
  }
  if (!ok) throw new Error("the image's server did not answer /api/v1/health 200 within 60 s");
  await checkWorkerStage();
  const exited = new Promise((r) => server.once("exit", (code) => r(code)));
  server.kill("SIGTERM");
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), 30_000))]);
  if (code !== 0) throw new Error(`SIGTERM: the server exited with ${code}, expected 0`);
  console.log("image layout: SIGTERM → exit 0");
} finally {
  if (server.exitCode === null) server.kill("SIGKILL");
  psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(app, { recursive: true, force: true });
  rmSync(workerDir, { recursive: true, force: true });
}

/**
 * The `worker` stage, COPY by COPY (the bundle and the migrations, no node_modules), started with
 * its CMD beside the server: it must connect, LISTEN for job wakes, and exit 0 on SIGTERM.
 */
async function checkWorkerStage() {
  const stage = dockerfile.slice(dockerfile.indexOf("AS worker"), dockerfile.indexOf("AS app"));
  const workerCmd = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(stage)?.[1] ?? "null");
  if (!workerCmd || workerCmd[0] !== "node") throw new Error("could not read the worker stage's CMD from the Dockerfile");
  if (!existsSync(path.join(root, ".next-worker/worker.mjs"))) throw new Error("run `node scripts/build-worker.mjs` first (npm run build does)");
  for (const [, from, to] of stage.matchAll(/^COPY --from=build (?:--chown=\S+ )?\/src\/(\S+) (\S+)$/gm)) {
    cpSync(path.join(root, from), path.join(workerDir, to), { recursive: true });
  }
  const worker = spawn(process.execPath, workerCmd.slice(1), { cwd: workerDir, env: { ...env, DATA_DIR: path.join(workerDir, ".data") }, stdio: ["ignore", "inherit", "inherit"] });
  try {
    let listening = false;
    for (let i = 0; i < 60 && !listening; i++) {
      await new Promise((r) => setTimeout(r, 500));
      if (worker.exitCode !== null) throw new Error(`the worker image's process exited with ${worker.exitCode}`);
      listening = psql(`SELECT count(*) FROM pg_stat_activity WHERE datname = '${dbName}' AND query ILIKE 'LISTEN%'`).stdout.trim() !== "0";
    }
    if (!listening) throw new Error("the worker image's process did not LISTEN for job wakes within 30 s");
    console.log("image layout: the worker stage runs its bundle (no node_modules) and listens for job wakes");
    const exited = new Promise((r) => worker.once("exit", (code) => r(code)));
    worker.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("timeout"), 30_000))]);
    if (code !== 0) throw new Error(`SIGTERM: the worker exited with ${code}, expected 0`);
    console.log("image layout: worker SIGTERM → exit 0");
  } finally {
    if (worker.exitCode === null) worker.kill("SIGKILL");
  }
}
