/**
 * `npm run lint:layers`: the import rules of .dependency-cruiser.cjs, checked with
 * dependency-cruiser over the code the product ships (lib, app, inngest, scripts and the entry
 * files). Prints every broken hard rule and every upward import (an import from a layer to a
 * higher one, the layers named in the config), then the two figures the layering is judged by:
 * cycles by value and upward imports. Exits 1 on a broken rule, or when the upward imports pass
 * the budget (UPWARD_BUDGET: lower it as they go, never raise it without a reason in the config).
 * Every folder and module directly under lib/ must sit in a layer: one without is unchecked by the
 * upward rule, so it is a broken rule too.
 *
 * Then table ownership (scripts/table-owners.mjs): every table has one owning folder, and every
 * reach of a table (a Prisma delegate call or raw SQL naming it) from another folder is listed and
 * counted against OWNERSHIP_BUDGET; exits 1 when the count passes it or a table has no owner.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cruise } from "dependency-cruiser";
import { OWNERSHIP_BUDGET, checkTableOwnership } from "./table-owners.mjs";

const UPWARD_BUDGET = 10;
const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs");

const result = await cruise(["lib", "app", "inngest", "scripts", "instrumentation.ts", "proxy.ts"], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
});
const violations = result.output.summary.violations;
const describe = (v) => (v.cycle ? `${v.from} → ${v.cycle.map((c) => c.name ?? c).join(" → ")}` : `${v.from} → ${v.to}`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const layered = new Set(config.LAYERS.flat());
const unlayered = readdirSync(path.join(root, "lib"), { withFileTypes: true })
  .filter((e) => e.isDirectory() || /\.tsx?$/.test(e.name))
  .map((e) => `lib/${e.name}`)
  .filter((p) => !layered.has(p));
const errors = [
  ...violations.filter((v) => v.rule.severity === "error"),
  ...unlayered.map((p) => ({ rule: { name: "every-lib-folder-has-a-layer", severity: "error" }, from: p, to: "no layer in .dependency-cruiser.cjs" })),
];
const upward = violations.filter((v) => v.rule.name === "upward");
const cycles = errors.filter((v) => v.rule.name === "no-cycle-by-value");

for (const v of upward) console.log(`upward  ${describe(v)}`);
for (const v of errors) console.log(`ERROR ${v.rule.name}  ${describe(v)}`);
console.log(`\n${result.output.summary.totalCruised} modules, ${result.output.summary.totalDependenciesCruised} imports`);
console.log(`cycles by value: ${cycles.length} (imports on a cycle)`);
console.log(`upward imports: ${upward.length} (budget ${UPWARD_BUDGET})`);
console.log(`broken rules: ${errors.length}`);

const ownership = checkTableOwnership(root);
console.log("");
for (const v of ownership.violations) console.log(`table  ${v.file} → ${v.table} (owner ${v.owner})`);
for (const p of ownership.problems) console.log(`ERROR table-owner  ${p}`);
console.log(`\ntables reached from more than one folder: ${ownership.shared.length} of ${ownership.tables}`);
console.log(`table reaches outside their owner: ${ownership.violations.length} (budget ${OWNERSHIP_BUDGET})`);

const ownershipFails = ownership.problems.length > 0 || ownership.violations.length > OWNERSHIP_BUDGET;
if (errors.length > 0 || upward.length > UPWARD_BUDGET || ownershipFails) process.exit(1);
