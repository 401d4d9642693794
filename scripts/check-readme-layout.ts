/**
 * `npm run docs:check`: the README's "Layout" names every top-level folder of the repository,
 * every folder of `lib/` and each module directly under it, and nothing that is absent (scripts/readme-layout.ts). Run by `.ci/run`
 * with the other fast checks, before the build; exits 1 with one line per problem.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { layoutPaths, layoutProblems, requiredFolders } from "./readme-layout";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** The repository's files: tracked, plus new ones not ignored (a folder being added counts before its first commit). */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  return out
    .toString("utf8")
    .split("\0")
    .filter((f) => f !== "" && existsSync(path.join(root, f)));
}

const named = layoutPaths(readFileSync(path.join(root, "README.md"), "utf8"));
const problems = layoutProblems(named, requiredFolders(repositoryFiles()), (p) => existsSync(path.join(root, p)));
if (problems.length > 0) {
  for (const problem of problems) console.error(`README.md: ${problem}`);
  process.exit(1);
}
console.log(`README.md layout: ${named.length} paths named, every folder it must cover is there, and each exists.`);
