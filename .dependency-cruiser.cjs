/**
 * The import rules of the codebase (`npm run lint:layers`, scripts/lint-layers.mjs; CI runs it
 * after the type check). Two kinds:
 * - hard rules (`forbidden`, severity error): no import cycle by value; the connector seam never
 *   imports a domain; the infrastructure (jobs, database, HTTP, the logger) never imports one;
 *   nothing the product ships imports the operators' simulators;
 * - the layers below, bottom first. An import from a layer to a higher one is counted and listed
 *   ("upward"), within a budget the script holds: each is a place where a lower part knows a
 *   higher one, to be justified or removed.
 * Type-only imports are read (tsPreCompilationDeps) but never make a cycle by value.
 */
const LAYERS = [
  // 1. Foundation: configuration, errors, ids, money, the logger, the database, observability.
  ["lib/config", "lib/errors.ts", "lib/ids.ts", "lib/money", "lib/log.ts", "lib/db", "lib/observability", "lib/branding"],
  // 2. Infrastructure: jobs (the outbox), HTTP, auth, e-mail, audit, the request log, reference data;
  //    and the api_keys owner's reads (lib/merchants, which needs only the database), for lib/auth.
  ["lib/jobs", "lib/http", "lib/auth", "lib/email", "lib/audit", "lib/request-log", "lib/reference", "lib/merchants/api-key-records.ts"],
  // 3. Money and events every domain shares: the ledger, webhooks, merchants.
  ["lib/ledger", "lib/webhooks", "lib/merchants"],
  // 4. The connector seam and the operators.
  ["lib/connectors"],
  // 5. The domains: each gives the order engine one OrderKind.
  ["lib/payments", "lib/payouts", "lib/refunds"],
  // 6. The order engine, above the domains, and reconciliation, which compares its orders with
  //    the operators' records (and keeps the references of callbacks the engine cannot place).
  ["lib/orders", "lib/reconciliation"],
  // 7. What people and operators use: the hosted checkout and the payment links that lead to it,
  //    the dashboard and the identity of the people who sign in to it (users, invitations,
  //    two-factor, login throttles), statements, ops.
  ["lib/checkout", "lib/payment-links", "lib/dashboard", "lib/identity", "lib/statements", "lib/ops"],
  // 8. The composition root: job list, sweeps, boot.
  ["lib/platform"],
  // 9. Entry points.
  ["app", "inngest", "scripts", "instrumentation.ts", "proxy.ts"],
];

const DOMAINS = "^lib/(payments|payouts|refunds|orders|checkout|dashboard|identity|merchants)/";
const escape = (p) => p.replace(/[.]/g, "[.]");
const pathOf = (prefixes) => prefixes.map((p) => `^${escape(p)}${p.endsWith(".ts") ? "$" : "/"}`);
// A file named in a layer other than its folder's (an owner's leaf module placed lower) is judged
// at its own layer only: its folder's layer neither counts its imports nor counts imports of it.
const FILES = LAYERS.flat().filter((p) => p.endsWith(".ts"));
const placedElsewhere = (layers) => FILES.filter((f) => !layers.flat().includes(f));

module.exports = {
  LAYERS,
  forbidden: [
    {
      name: "no-cycle-by-value",
      comment: "Modules that import each other by value (type-only imports aside) load in an order that depends on who is imported first.",
      severity: "error",
      from: { path: "^(lib|app|inngest|scripts)/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "connectors-import-no-domain",
      comment: "lib/connectors is the seam and the operators: it never sees the orders that drive it (lib/orders) nor any domain.",
      severity: "error",
      from: { path: "^lib/connectors/" },
      to: { path: DOMAINS },
    },
    {
      name: "infrastructure-imports-no-domain",
      comment: "The jobs runner, the database, HTTP and the logger serve every domain and know none.",
      severity: "error",
      from: { path: ["^lib/jobs/", "^lib/db/", "^lib/http/", "^lib/log[.]ts$"] },
      to: { path: [DOMAINS, "^lib/connectors/", "^lib/platform/", "^inngest/"] },
    },
    {
      name: "product-imports-no-simulator",
      comment: "The operators' contract simulators are test and dev tools (npm run simulators), never part of the product.",
      severity: "error",
      from: { path: ["^lib/", "^app/", "^inngest/", "^instrumentation[.]ts$", "^proxy[.]ts$"] },
      to: { path: "^simulators/" },
    },
    ...LAYERS.slice(0, -1).map((layer, i) => ({
      name: "upward",
      comment: `An import from layer ${i + 1} (${layer.join(", ")}) to a higher layer.`,
      severity: "info",
      from: { path: pathOf(layer), pathNot: pathOf(placedElsewhere([layer])) },
      to: { path: pathOf(LAYERS.slice(i + 1).flat()), pathNot: pathOf(placedElsewhere(LAYERS.slice(i + 1))) },
    })),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^lib/db/generated/", "[.]test[.]ts$"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
