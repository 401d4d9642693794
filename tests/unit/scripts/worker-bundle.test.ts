import { readFileSync } from "node:fs";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript launcher module without types
import { workerBuildOptions, workerNodeFlags } from "../../../scripts/build-worker.mjs";

/**
 * The job worker's memory (docs/decisions/worker-bundle.md): what its bundle loads at start.
 * Built with the real options (in memory, ~3 s); the modules reached by static imports from the
 * entry are what the process evaluates and keeps. The heavy ones must stay out of it, or behind
 * an `import()` that only the embedded database or tracing takes.
 */
const root = path.resolve(__dirname, "../../..");

/** Packages a worker must not load at start (each one measured in MB of RSS, or needless there). */
const NOT_AT_START = [
  "next",
  "react",
  "react-dom",
  "next-auth",
  "tsx",
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "@opentelemetry/sdk-trace",
  "@opentelemetry/core",
  "@opentelemetry/resources",
  "@opentelemetry/context-async-hooks",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/semantic-conventions",
  "qrcode",
];

function eagerInputs(metafile: Metafile): { inputs: Set<string>; bytes: number } {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint === "scripts/worker.ts");
  if (!entry) throw new Error("no worker entry in the metafile");
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const out = queue.pop()!;
    if (seen.has(out)) continue;
    seen.add(out);
    for (const i of outputs[out].imports) if (i.kind === "import-statement" && outputs[i.path]) queue.push(i.path);
  }
  const inputs = new Set<string>();
  let bytes = 0;
  for (const out of seen) {
    bytes += outputs[out].bytes;
    for (const input of Object.keys(outputs[out].inputs)) inputs.add(input);
  }
  return { inputs, bytes };
}

const packageOf = (input: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];

describe("the job worker's bundle", () => {
  it("loads none of the heavy modules at start, and its eager code stays small", async () => {
    const result = await build({ ...workerBuildOptions(), write: false, metafile: true, logLevel: "silent" });
    const { inputs, bytes } = eagerInputs(result.metafile!);
    const packages = new Set([...inputs].map(packageOf).filter(Boolean));
    expect(NOT_AT_START.filter((p) => packages.has(p))).toEqual([]);
    // No page, component or route of the app.
    expect([...inputs].filter((i) => /^(app|components)\//.test(i))).toEqual([]);
    // ~2.3 MB when written (Prisma's WebAssembly query compiler is a chunk of its own, loaded
    // once). A jump past this bound means a new heavy import: make it lazy, or say why here.
    expect(bytes).toBeLessThan(3_000_000);
  }, 60_000);

  it("runs with the same Node flags under npm start and in the worker image", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const stage = dockerfile.slice(dockerfile.indexOf("AS worker"), dockerfile.indexOf("AS app"));
    const cmd = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(stage)?.[1] ?? "[]") as string[];
    expect(cmd.slice(1, -1)).toEqual(workerNodeFlags(96));
    expect(readFileSync(path.join(root, "scripts/start.mjs"), "utf8")).toContain("workerNodeFlags(workerHeapMb), WORKER_ENTRY");
  });
});
