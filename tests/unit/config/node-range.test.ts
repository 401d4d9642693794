import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * One supported Node range (package.json `engines`), which every installed dependency supports
 * at each of its lower bounds, which the container image uses and which runs this test (CI).
 */
const root = path.resolve(import.meta.dirname, "../../..");
const range: string = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;

/** Installed, never run by this project: the Prisma CLI's `prisma dev` server (it also wants Bun). */
const NOT_RUN = new Set(["@prisma/streams-local"]);

function installedEngines(): { name: string; version: string; node: string }[] {
  const out: { name: string; version: string; node: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const at = path.join(dir, entry.name);
      if (entry.name.startsWith("@")) {
        walk(at);
        continue;
      }
      const manifest = path.join(at, "package.json");
      if (existsSync(manifest)) {
        try {
          const pkg = JSON.parse(readFileSync(manifest, "utf8"));
          if (typeof pkg.engines?.node === "string" && pkg.name) out.push({ name: pkg.name, version: pkg.version, node: pkg.engines.node });
        } catch {
          // not a package manifest
        }
      }
      if (existsSync(path.join(at, "node_modules"))) walk(path.join(at, "node_modules"));
    }
  };
  walk(path.join(root, "node_modules"));
  return out;
}

describe("the supported Node range", () => {
  // The first version of each branch the range allows: 20.19.0, 22.13.0, 24.0.0.
  const lowerBounds = range.split("||").map((part) => semver.minVersion(part.trim())!.version);

  it("every installed dependency supports the lowest version of each branch", () => {
    const unsupported = installedEngines()
      .filter((p) => !NOT_RUN.has(p.name))
      .flatMap((p) => lowerBounds.filter((v) => !semver.satisfies(v, p.node, { includePrerelease: true })).map((v) => `${p.name}@${p.version} wants ${p.node}, not ${v}`));
    expect(unsupported).toEqual([]);
  });

  it("the container image's Node and the Node running this (CI) are in it", () => {
    const image = /^ARG NODE_VERSION=(\d+\.\d+)/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"))?.[1];
    expect(image).toBeTruthy();
    expect(semver.satisfies(`${image}.0`, range)).toBe(true);
    expect(semver.satisfies(process.version, range)).toBe(true);
  });
});
