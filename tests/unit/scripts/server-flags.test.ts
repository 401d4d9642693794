import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain-JavaScript launcher module without types
import { serverNodeFlags } from "../../../scripts/server-flags.mjs";

/**
 * The API processes' Node flags (scripts/server-flags.mjs: the heap caps and `--liftoff-only`,
 * ~90 MB of RSS, docs/performance.md "API memory") are the same under npm start, in the bench's
 * compose layout and in the app image, whose CMD cannot import them.
 */
const root = path.resolve(__dirname, "../../..");

describe("API process flags", () => {
  it("are the app image's CMD", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    const cmd = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(dockerfile.slice(dockerfile.indexOf("AS app")))?.[1] ?? "[]") as string[];
    expect(cmd).toEqual(["node", ...serverNodeFlags(160), "scripts/serve.mjs"]);
  });

  it("are what npm start and the bench's compose layout pass", () => {
    expect(readFileSync(path.join(root, "scripts/start.mjs"), "utf8")).toContain("execArgv: serverNodeFlags(heapMb)");
    expect(readFileSync(path.join(root, "scripts/bench.mjs"), "utf8")).toContain("[...serverNodeFlags(), path.join(root, \"scripts/serve.mjs\")]");
  });

  it("keep WebAssembly on the baseline compiler", () => {
    expect(serverNodeFlags()).toContain("--liftoff-only");
  });
});
