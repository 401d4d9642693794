import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { apiFastPath } from "../../../scripts/api-fast-path.mjs";

/**
 * The API fast path (scripts/api-fast-path.mjs) checks at start what it uses of Next's build;
 * when the layout differs it logs one line and returns null, and scripts/serve.mjs then serves
 * every request through Next. Built here: a fake `.next` with the parts the check reads.
 */
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

type Layout = { routesManifest?: unknown; appPaths?: Record<string, string>; files?: Record<string, string> };

/** A handler as defineRoute makes it: a function that carries its contract. */
const OUR_ROUTE = `
  const GET = Object.assign(async () => new Response('{"status":"ok"}', { headers: { "content-type": "application/json" } }), { contract: {} });
  module.exports = { routeModule: { ensureUserland: async () => {}, userland: { GET } } };
`;
const GOOD: Layout = {
  routesManifest: { headers: [] },
  appPaths: { "/api/v1/health/route": "app/api/v1/health/route.js" },
  files: { "app/api/v1/health/route.js": OUR_ROUTE },
};

function build(layout: Layout): string {
  const root = mkdtempSync(path.join(tmpdir(), "fast-path-"));
  roots.push(root);
  const server = path.join(root, ".next", "server");
  mkdirSync(server, { recursive: true });
  if (layout.routesManifest !== undefined) writeFileSync(path.join(root, ".next", "routes-manifest.json"), JSON.stringify(layout.routesManifest));
  if (layout.appPaths !== undefined) writeFileSync(path.join(server, "app-paths-manifest.json"), JSON.stringify(layout.appPaths));
  for (const [file, code] of Object.entries(layout.files ?? {})) {
    mkdirSync(path.dirname(path.join(server, file)), { recursive: true });
    writeFileSync(path.join(server, file), code);
  }
  return root;
}

async function start(layout: Layout) {
  const lines: string[] = [];
  const serve = await apiFastPath({ root: build(layout), hostname: undefined, port: 3000, log: (line: string) => lines.push(line) });
  return { serve, lines };
}

describe("API fast path: fails safe when Next's build layout differs", () => {
  it("serves the API when the layout is the expected one (the control)", async () => {
    const { serve, lines } = await start(GOOD);
    expect(typeof serve).toBe("function");
    expect(lines).toEqual([]);
  });

  it.each<[string, Layout, RegExp]>([
    ["no routes manifest", { ...GOOD, routesManifest: undefined }, /routes-manifest\.json cannot be read/],
    ["a routes manifest without its headers list", { ...GOOD, routesManifest: { rules: [] } }, /routes-manifest\.json has no headers list/],
    ["no app paths manifest", { ...GOOD, appPaths: undefined }, /app-paths-manifest\.json cannot be read/],
    [
      "route modules that no longer export routeModule",
      { ...GOOD, files: { "app/api/v1/health/route.js": "module.exports = { handler: () => {} };" } },
      /\/api\/v1\/health\/route exports no routeModule/,
    ],
    [
      "a routeModule without userland",
      { ...GOOD, files: { "app/api/v1/health/route.js": "module.exports = { routeModule: { ensureUserland: async () => {} } };" } },
      /has no userland/,
    ],
    ["no handler of ours for the health route", { ...GOOD, appPaths: {} }, /no route handler of ours for GET \/api\/v1\/health/],
  ])("%s: logs once and leaves every request to Next", async (_name, layout, reason) => {
    const { serve, lines } = await start(layout);
    expect(serve).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(reason);
    expect(lines[0]).toContain("every request is served through Next");
  });
});
