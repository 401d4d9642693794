/**
 * Node's flags for an API process (scripts/serve.mjs): npm start's cluster (scripts/start.mjs),
 * the bench's compose layout, and the app image's CMD (Dockerfile), which spells the same
 * (tests/unit/scripts/server-flags.test.ts compares them):
 *   - the V8 old space capped (SERVER_MAX_HEAP_MB, 160) and 4 MB semi-spaces: the live heap is
 *     55–75 MB, and without a cap V8 lets garbage pile up to 500+ MB of RSS under load;
 *   - `--liftoff-only`: Prisma's query compiler is a 3.4 MB WebAssembly module, and V8's
 *     optimising compiler (TurboFan) tiering its hot functions up during the platform's start-up
 *     peaks at ~100 MB of compile buffers (malloc), which glibc keeps as the process's RSS after
 *     they are freed. Measured on PostgreSQL under the API's hot paths: peak RSS 266–287 MB →
 *     177–198 MB, CPU per request within the machine's noise (the query compiler runs only for
 *     a query shape missing from Prisma's plan cache, and the hot paths go through the driver).
 *     docs/performance.md, "API memory"; the worker has the same flag (scripts/build-worker.mjs).
 */
export function serverNodeFlags(heapMb = 160) {
  return [`--max-old-space-size=${heapMb}`, "--max-semi-space-size=4", "--liftoff-only"];
}
