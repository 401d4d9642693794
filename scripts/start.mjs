#!/usr/bin/env node
/**
 * `npm start`: everything a fresh clone needs after `npm install`. Generates the Prisma client
 * if missing, builds the app when the build is missing or older than the sources, then serves
 * it with scripts/serve.mjs (`next start` plus the socket address in X-Forwarded-For).
 * Migrations, the demo merchant and the banner with URLs and credentials come from the
 * server's own start-up (instrumentation.ts → lib/platform/boot.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

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

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env });
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
  console.log(existsSync(buildId) ? "Sources changed since the last build: rebuilding…" : "First start: building the app (about a minute)…");
  run(bin("next"), ["build"]);
}

const port = process.env.PORT ?? "3000";
// Memory (issue 17): the server's live heap after a collection is 55–75 MB, but V8 sizes its heap
// to the machine (GBs here) and lets garbage pile up to 500+ MB of RSS under load. A cap on the
// old space, a small young generation (4 MB semi-spaces) and two malloc arenas keep RSS under 300 MB at no
// measurable CPU cost (docs/performance.md). A launcher in plain JavaScript, like PORT above:
// the variable's schema and default live in lib/config/variables.ts.
const heapMb = Number(process.env.SERVER_MAX_HEAP_MB ?? "160");
const server = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "--max-semi-space-size=4", path.join(root, "scripts", "serve.mjs")], {
  stdio: "inherit",
  env: { ...env, PORT: port, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
