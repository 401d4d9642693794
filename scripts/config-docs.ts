/**
 * `npm run config:docs`: writes the README's configuration table from lib/config/variables.ts
 * (tests/unit/config/config-docs.test.ts fails when the two differ).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withConfigTable } from "@/lib/config/docs";

const readme = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "README.md");
const before = readFileSync(readme, "utf8");
const after = withConfigTable(before);
if (after === before) console.log("README.md configuration table is current.");
else {
  writeFileSync(readme, after);
  console.log("README.md configuration table rewritten.");
}
