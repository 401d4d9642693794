/**
 * Table ownership, checked by `npm run lint:layers` (scripts/lint-layers.mjs calls
 * `checkTableOwnership`). Every table has one owning folder (TABLE_OWNERS); only code in that
 * folder reaches the table, other folders call the owner's functions. A file "reaches" a table
 * when it calls a Prisma delegate of the table's model (`prisma.payment.findMany(`,
 * `tx.apiKey.update(`, …; model → table from the `@@map` lines of prisma/schema) or names it in
 * raw SQL (`FROM`, `JOIN`, `INTO`, `UPDATE` followed by the table, upper-case keywords as the
 * code writes its SQL). Read: lib/, app/, inngest/, scripts/ (the product and its tools; not
 * tests/, simulators/, simulation/, nor the generated client).
 *
 * Every reach from a folder other than the owner is a violation, listed by file and table. The
 * count is held by OWNERSHIP_BUDGET: the check fails when it passes the budget, so it only goes
 * down; lower the budget as reaches move into their owners, never raise it.
 *
 * A folder is `lib/<name>` (a file directly under lib/ is its own folder) or the top-level folder
 * (`app`, `inngest`, `scripts`).
 *
 * Run alone for the full listing: `node scripts/table-owners.mjs` (`--by-table` groups by table).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const OWNERSHIP_BUDGET = 0;

/** The owning folder of each table. Every table of prisma/schema must be listed. */
export const TABLE_OWNERS = {
  // lib/merchants: the merchant, its keys and its verification.
  merchants: "lib/merchants",
  api_keys: "lib/merchants",
  merchant_verifications: "lib/merchants",
  // lib/identity: the people who sign in to the dashboard.
  dashboard_users: "lib/identity",
  team_invitations: "lib/identity",
  two_factor_recovery_codes: "lib/identity",
  two_factor_challenges: "lib/identity",
  login_throttles: "lib/identity",
  password_resets: "lib/identity",
  signup_requests: "lib/identity",
  // lib/audit
  audit_logs: "lib/audit",
  // lib/branding
  merchant_brandings: "lib/branding",
  // lib/connectors
  connector_accounts: "lib/connectors",
  connector_routes: "lib/connectors",
  connector_calls: "lib/connectors",
  // lib/dashboard: the overview's daily rollup.
  daily_volumes: "lib/dashboard",
  // lib/email
  email_messages: "lib/email",
  // lib/ledger
  ledger_accounts: "lib/ledger",
  ledger_entries: "lib/ledger",
  ledger_postings: "lib/ledger",
  ledger_settlements: "lib/ledger",
  ledger_holds: "lib/ledger",
  // lib/orders: the order engine's own records.
  order_reviews: "lib/orders",
  order_attempts: "lib/orders",
  duplicate_charges: "lib/orders",
  // lib/payment-links
  payment_links: "lib/payment-links",
  // lib/payments
  payments: "lib/payments",
  payment_status_changes: "lib/payments",
  // lib/payouts
  payout_quotes: "lib/payouts",
  payouts: "lib/payouts",
  payout_status_changes: "lib/payouts",
  merchant_payout_limits: "lib/payouts",
  payout_bulks: "lib/payouts",
  payout_usage: "lib/payouts",
  payout_approvals: "lib/payouts",
  payout_approval_thresholds: "lib/payouts",
  // lib/http: idempotency records.
  idempotency_records: "lib/http",
  // lib/jobs: the outbox.
  jobs: "lib/jobs",
  job_key_backoffs: "lib/jobs",
  // lib/platform: which environment this database serves.
  database_environment: "lib/platform",
  // lib/reconciliation
  reconciliation_runs: "lib/reconciliation",
  reconciliation_mismatches: "lib/reconciliation",
  reconciliation_float_readings: "lib/reconciliation",
  // lib/reference: the catalogue.
  countries: "lib/reference",
  payment_providers: "lib/reference",
  payment_channels: "lib/reference",
  corridors: "lib/reference",
  purposes: "lib/reference",
  corridor_purposes: "lib/reference",
  fx_rates: "lib/reference",
  fx_spreads: "lib/reference",
  payout_fee_tariffs: "lib/reference",
  collect_fee_tariffs: "lib/reference",
  numbering_plans: "lib/reference",
  numbering_prefixes: "lib/reference",
  // lib/refunds
  refunds: "lib/refunds",
  refund_status_changes: "lib/refunds",
  // lib/request-log
  api_request_logs: "lib/request-log",
  // lib/webhooks
  webhook_endpoints: "lib/webhooks",
  webhook_events: "lib/webhooks",
  webhook_delivery_attempts: "lib/webhooks",
};

const ROOTS = ["lib", "app", "inngest", "scripts"];
const SKIP = [/^lib\/db\/generated\//, /\.test\.[cm]?[jt]sx?$/, /^scripts\/table-owners\.mjs$/];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const DELEGATE_METHODS =
  "findUnique|findUniqueOrThrow|findFirst|findFirstOrThrow|findMany|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany|count|aggregate|groupBy";

/** Model name → table, from the `model X {` … `@@map("x")` blocks of prisma/schema. */
export function modelTables(schemaDir) {
  const tables = {};
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".prisma"))) {
    const text = readFileSync(path.join(schemaDir, file), "utf8");
    for (const block of text.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
      const map = /@@map\("([^"]+)"\)/.exec(block[2]);
      tables[block[1]] = map ? map[1] : block[1];
    }
  }
  return tables;
}

export function folderOf(file) {
  const parts = file.split("/");
  if (parts[0] === "lib") return parts.length > 2 ? `lib/${parts[1]}` : file;
  return parts[0];
}

function walk(root, dir, out) {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (name === "node_modules" || SKIP.some((re) => re.test(rel))) continue;
    const stat = statSync(path.join(root, rel));
    if (stat.isDirectory()) walk(root, rel, out);
    else if (SOURCE.test(name)) out.push(rel);
  }
  return out;
}

/** The text without block comments and `//` line comments (a `//` after a letter or a colon, as in a URL, stays). */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;,{}()])\/\/.*$/gm, "$1");
}

/** The tables one file's text reaches: delegate calls of known models, and raw SQL naming known tables. */
export function tablesReached(source, tablesByModel) {
  const text = withoutComments(source);
  const reached = new Set();
  const delegates = Object.keys(tablesByModel).map((m) => m[0].toLowerCase() + m.slice(1));
  const byDelegate = Object.fromEntries(delegates.map((d, i) => [d, Object.values(tablesByModel)[i]]));
  const call = new RegExp(`\\.(${delegates.join("|")})\\s*\\.\\s*(?:${DELEGATE_METHODS})\\s*[(<]`, "g");
  for (const m of text.matchAll(call)) reached.add(byDelegate[m[1]]);
  const tables = new Set(Object.values(tablesByModel));
  for (const m of text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"?([a-z_][a-z0-9_]*)"?/g)) {
    if (tables.has(m[1])) reached.add(m[1]);
  }
  return reached;
}

/** Every (file, table) reach of the tree under `root`, the violations among them, and the per-table folders. */
export function checkTableOwnership(root) {
  const tablesByModel = modelTables(path.join(root, "prisma/schema"));
  const problems = [];
  for (const table of Object.values(tablesByModel)) {
    if (!TABLE_OWNERS[table]) problems.push(`table ${table} has no owner in scripts/table-owners.mjs`);
  }
  const files = ROOTS.flatMap((r) => walk(root, r, []));
  const reaches = [];
  for (const file of files.sort()) {
    for (const table of tablesReached(readFileSync(path.join(root, file), "utf8"), tablesByModel)) {
      reaches.push({ file, folder: folderOf(file), table, owner: TABLE_OWNERS[table] });
    }
  }
  const violations = reaches.filter((r) => r.owner && r.folder !== r.owner);
  const foldersByTable = new Map();
  for (const r of reaches) {
    if (!foldersByTable.has(r.table)) foldersByTable.set(r.table, new Set());
    foldersByTable.get(r.table).add(r.folder);
  }
  const shared = [...foldersByTable].filter(([, folders]) => folders.size > 1).map(([t]) => t);
  return { tables: Object.values(tablesByModel).length, reaches, violations, shared, foldersByTable, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const result = checkTableOwnership(root);
  if (process.argv.includes("--by-table")) {
    const byTable = new Map();
    for (const v of result.violations) byTable.set(v.table, [...(byTable.get(v.table) ?? []), v.file]);
    for (const [table, files] of [...byTable].sort((a, b) => b[1].length - a[1].length)) {
      console.log(`${table} (owner ${TABLE_OWNERS[table]}): ${files.length}`);
      for (const f of files) console.log(`  ${f}`);
    }
  } else {
    for (const v of result.violations) console.log(`table  ${v.file} → ${v.table} (owner ${v.owner})`);
  }
  for (const p of result.problems) console.log(`ERROR ${p}`);
  console.log(`\ntables reached from more than one folder: ${result.shared.length} of ${result.tables}`);
  console.log(`table reaches outside their owner: ${result.violations.length} (budget ${OWNERSHIP_BUDGET})`);
}
