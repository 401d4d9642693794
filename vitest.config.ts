import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./tests/helpers/longest-first-sequencer";

const root = path.resolve(new URL(".", import.meta.url).pathname);
const FOLDERS = ["tests/unit", "tests/api", "tests/jobs", "tests/flows", "tests/connectors"];

/**
 * Files that replace modules (vi.mock) need a module cache of their own: a module another file
 * imported earlier in the same process would keep that file's replacement. They run one process
 * per file, as Vitest does by default; every other file shares its worker's modules with the files
 * before it (tests/helpers/fresh-file-state.ts resets what a file could leave behind).
 */
const replacesModules = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `${folder}/${file}`)
    .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(readFileSync(path.join(root, file), "utf8"))),
);

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup-env.ts"],
    pool: "forks",
    sequence: { sequencer: LongestFirstSequencer },
    // Most test time is spent waiting (HTTP, timers, the database), not computing: more files at
    // once than cores. TEST_WORKERS overrides.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // CI runs the browser tests beside this suite: a test that takes 6 s on an idle machine took
    // 34 s there once, 60 s on a machine shared with other work, and the ledger property test's
    // first seed 155 s. A hung test still fails, four minutes later.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    projects: [
      { extends: true, test: { name: "shared-modules", include: FOLDERS.map((f) => `${f}/**/*.test.ts`), exclude: replacesModules, isolate: false } },
      { extends: true, test: { name: "own-modules", include: replacesModules, isolate: true } },
    ],
  },
});
