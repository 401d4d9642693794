#!/usr/bin/env node
/**
 * The job worker as one bundle (docs/decisions/worker-bundle.md): scripts/worker.ts and
 * everything it imports, node_modules included, into .next-worker/ with esbuild (tsx's own
 * compiler, already installed). What `npm start` and the worker image run; `npm run worker`
 * keeps running the sources through tsx.
 *
 * Why a bundle: under tsx the worker idles at ~210 MB of RSS, as a bundle at ~160 MB and with
 * the choices below at ~115 MB (docs/performance.md, "Job worker memory"):
 *   - no tsx loader in the process, and one module instead of ~900 to resolve and link;
 *   - comments and whitespace stripped: V8 keeps each script's source for lazy compilation, and
 *     one non-Latin-1 character (a "—" in a comment) doubles the whole string's size;
 *   - code splitting: a module imported with `import()` (the OTLP exporter, the embedded
 *     database) is its own chunk, read only if the worker ever needs it.
 *
 *   node scripts/build-worker.mjs            builds when a source is newer than the bundle
 *   node scripts/build-worker.mjs --force    builds anyway
 */
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const WORKER_OUT_DIR = path.join(root, ".next-worker");
export const WORKER_ENTRY = path.join(WORKER_OUT_DIR, "worker.mjs");
/** What the bundle is built from: a change to any of them makes it stale. */
const SOURCES = ["lib", "inngest", "scripts/worker.ts", "scripts/build-worker.mjs", "package.json", "package-lock.json", "tsconfig.json"];

/**
 * Node's flags for a worker process (npm start, the bench; the worker image's CMD says the same):
 *   - the V8 old space capped (WORKER_MAX_HEAP_MB, 96) and 2 MB semi-spaces: its live heap is
 *     ~35 MB, and without a cap V8 lets garbage grow to the machine's size;
 *   - `--liftoff-only`: Prisma's query compiler is a 3.4 MB WebAssembly module, and V8's
 *     optimising compiler (TurboFan) keeps ~55 MB of RSS for its code and compile buffers;
 *     its baseline compiler alone does not. The compiler runs only for a query shape not yet in
 *     Prisma's plan cache, so the worker's CPU per job does not change measurably
 *     (docs/performance.md, "Job worker memory").
 */
export function workerNodeFlags(heapMb = 96) {
  return [`--max-old-space-size=${heapMb}`, "--max-semi-space-size=2", "--liftoff-only"];
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the bundle is missing or a source (the generated Prisma client included) is newer. */
export function workerBundleStale() {
  if (!existsSync(WORKER_ENTRY)) return true;
  const built = statSync(WORKER_ENTRY).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/** esbuild's options for the bundle (tests/unit/scripts/worker-bundle.test.ts builds with them too). */
export function workerBuildOptions() {
  return {
    absWorkingDir: root,
    entryPoints: { worker: "scripts/worker.ts" },
    outdir: WORKER_OUT_DIR,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    // Whitespace and comments only: names stay, so stack traces still name the functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: "none",
    charset: "ascii",
    // Packages written for CommonJS call require() at run time (pg, pino…).
    banner: { js: 'import { createRequire as __workerRequire } from "node:module"; const require = __workerRequire(import.meta.url);' },
    logLevel: "warning",
  };
}

export async function buildWorker() {
  const { build } = await import("esbuild");
  rmSync(WORKER_OUT_DIR, { recursive: true, force: true });
  await build(workerBuildOptions());
  // The bundle is a module whatever package.json around it says (the image copies it alone).
  writeFileSync(path.join(WORKER_OUT_DIR, "package.json"), '{ "type": "module" }\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--force") || workerBundleStale()) {
    const started = Date.now();
    await buildWorker();
    console.log(`Job worker bundled into ${path.relative(root, WORKER_ENTRY)} (${Date.now() - started} ms).`);
  } else {
    console.log(`Job worker bundle up to date (${path.relative(root, WORKER_ENTRY)}).`);
  }
}
