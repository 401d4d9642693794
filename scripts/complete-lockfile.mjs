#!/usr/bin/env node
/**
 * The npm registry reachable from our build machines lacks some platform-specific optional
 * packages (Next's SWC builds for macOS and Windows). `npm install` then leaves them out of
 * package-lock.json, and `npm ci` refuses a lockfile that does not list every optional
 * dependency. This adds the missing entries with their os/cpu, so `npm ci` skips them on Linux
 * and a macOS or Windows machine still installs them from its registry by name and version.
 * Run after `npm install` changes the lockfile: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const PLATFORM_PACKAGES = {
  "@next/swc-darwin-arm64": { os: ["darwin"], cpu: ["arm64"] },
  "@next/swc-darwin-x64": { os: ["darwin"], cpu: ["x64"] },
  "@next/swc-win32-arm64-msvc": { os: ["win32"], cpu: ["arm64"] },
  "@next/swc-win32-x64-msvc": { os: ["win32"], cpu: ["x64"] },
};

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const next = lock.packages["node_modules/next"];
let added = 0;
for (const [name, platform] of Object.entries(PLATFORM_PACKAGES)) {
  const version = next?.optionalDependencies?.[name];
  const key = `node_modules/${name}`;
  if (!version || lock.packages[key]) continue;
  lock.packages[key] = { version, license: "MIT", optional: true, ...platform, engines: { node: ">= 10" } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(added ? `Added ${added} platform-specific entries to package-lock.json.` : "package-lock.json already complete.");
