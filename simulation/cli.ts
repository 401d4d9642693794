import { FAULT_KINDS, FaultCounter, type FaultKind } from "./behaviours";
import { prepareDatabase } from "./database";
import { startCallbackListener, startWebhookReceiver } from "./listeners";
import { OPERATOR_NAMES } from "./operators";
import { type PlantedBug } from "./planted-bugs";
import { runSeed, type SeedReport, type SimulationProcess } from "./run-seed";
import { simulatedNow, wallNow } from "./sim-clock";
import { simulationEnvironment } from "./world";
import { emptyTally, type ReconciliationTally } from "./reconciliation-check";

/**
 * `npm run simulate` — the deterministic simulation of money movement (docs/design/simulation.md).
 *   --seed N            replay one seed (prints every violation with the order's timeline)
 *   --seeds N           run seeds from --from (default 1) to --from + N - 1, print a summary
 *   --seeds A..B        run seeds A to B (inclusive)
 *   --minutes M         start no new seed after M minutes of wall time (a sweep: as many seeds as fit)
 *   --from N            first seed
 *   --orders N          actions per merchant (default 6)
 *   --merchants N       merchants per seed (default 2)
 *   --operators a,b     operators to run (default all)
 *   --plant bug[,bug]   put known bugs back in (lib/config/planted-bugs.ts lists them)
 *   --faults a,b        inject only these fault kinds (behaviours.ts); --without a,b: all but these
 *   --shrink            with --seed: the smallest set of fault kinds that still breaks an invariant
 *   --until-found       stop at the first seed that breaks an invariant (with --plant: the seed that finds the bug)
 *   --verbose           one line per seed
 * Exits 1 when any seed violated an invariant.
 */
export type CliOptions = {
  seeds: number[];
  merchants: number;
  orders: number;
  operators: string[];
  plant: PlantedBug[];
  faults: Set<FaultKind> | undefined;
  shrink: boolean;
  untilFound?: boolean;
  verbose: boolean;
  /** Start no new seed after this much wall time (ms). */
  budgetMs?: number;
};

export function parseArgs(argv: string[]): CliOptions {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, fallback: number) => {
    const v = value(name);
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not ${v}`);
    return n;
  };
  const single = value("seed");
  const range = /^(\d+)\.\.(\d+)$/.exec(value("seeds") ?? "");
  const from = range ? Number(range[1]) : int("from", 1);
  const count = range ? Math.max(0, Number(range[2]) - from + 1) : int("seeds", 20);
  const minutes = value("minutes");
  if (minutes !== undefined && !(Number(minutes) > 0)) throw new Error(`--minutes takes a positive number, not ${minutes}`);
  return {
    budgetMs: minutes === undefined ? undefined : Number(minutes) * 60_000,
    seeds: single !== undefined ? [int("seed", 0)] : Array.from({ length: count }, (_, i) => from + i),
    merchants: int("merchants", 2),
    orders: int("orders", 6),
    operators: value("operators")?.split(",").filter(Boolean) ?? OPERATOR_NAMES,
    plant: (value("plant")?.split(",").filter(Boolean) ?? []) as PlantedBug[],
    faults: faultSet(value("faults"), value("without")),
    shrink: argv.includes("--shrink"),
    untilFound: argv.includes("--until-found"),
    verbose: argv.includes("--verbose") || single !== undefined,
  };
}

function faultSet(only: string | undefined, without: string | undefined): Set<FaultKind> | undefined {
  const check = (list: string) => {
    const kinds = list.split(",").filter(Boolean);
    for (const k of kinds) if (!(FAULT_KINDS as readonly string[]).includes(k)) throw new Error(`unknown fault kind ${k} (${FAULT_KINDS.join(", ")})`);
    return kinds as FaultKind[];
  };
  if (only === "none") return new Set();
  if (only !== undefined) return new Set(check(only));
  if (without !== undefined) {
    const out = new Set(check(without));
    return new Set(FAULT_KINDS.filter((k) => !out.has(k)));
  }
  return undefined;
}

export async function startProcess(): Promise<SimulationProcess & { close(): Promise<void> }> {
  const listener = await startCallbackListener();
  Object.assign(process.env, simulationEnvironment(listener.url));
  const database = await prepareDatabase();
  const receiver = await startWebhookReceiver(() => simulatedNow());
  return {
    database,
    listener,
    receiver,
    async close() {
      await database.dispose();
      await listener.close();
      await receiver.close();
    },
  };
}

export type Summary = {
  seeds: number;
  orders: { collect: number; payout: number; refund: number };
  refused: number;
  operatorCalls: number;
  callbacks: number;
  jobRuns: number;
  faults: FaultCounter;
  invariantsChecked: number;
  violations: { seed: number; invariant: number; subject: string; message: string; timeline?: string[]; known?: string }[];
  simulatedDays: number;
  wallMs: number;
  reconciliation: ReconciliationTally;
};

export async function runSeeds(proc: SimulationProcess, options: CliOptions, onSeed: (r: SeedReport) => void = () => {}): Promise<Summary> {
  const started = wallNow();
  const summary: Summary = {
    seeds: 0,
    orders: { collect: 0, payout: 0, refund: 0 },
    refused: 0,
    operatorCalls: 0,
    callbacks: 0,
    jobRuns: 0,
    faults: new FaultCounter(),
    invariantsChecked: 0,
    violations: [],
    simulatedDays: 0,
    wallMs: 0,
    reconciliation: emptyTally(),
  };
  for (const seed of options.seeds) {
    if (options.budgetMs !== undefined && wallNow() - started >= options.budgetMs) break;
    const report = await runSeed(proc, seedOptions(options, seed)).catch((err: Error) => crashed(seed, err));
    summary.seeds++;
    for (const d of ["collect", "payout", "refund"] as const) summary.orders[d] += report.orders[d];
    summary.refused += report.refused;
    summary.operatorCalls += report.operatorCalls;
    summary.callbacks += report.callbacksDelivered;
    summary.jobRuns += report.jobRuns;
    summary.faults.merge(report.faults);
    summary.invariantsChecked += report.invariantsChecked;
    summary.simulatedDays += report.simulatedMs / 86_400_000;
    for (const k of Object.keys(summary.reconciliation) as (keyof ReconciliationTally)[]) summary.reconciliation[k] += report.reconciliation[k];
    for (const v of report.violations) summary.violations.push({ seed, ...v });
    onSeed(report);
    if (options.untilFound && report.violations.some((v) => !v.known)) break;
  }
  summary.wallMs = wallNow() - started;
  return summary;
}

/** Violations no open known gap explains: these fail the run. */
export const failures = (s: Summary) => s.violations.filter((v) => !v.known);

/** A seed whose run threw: reported as a violation (invariant 0) with the error, and the next seed runs. */
function crashed(seed: number, err: Error): SeedReport {
  return {
    seed,
    orders: { collect: 0, payout: 0, refund: 0 },
    refused: 0,
    refusals: new Map(),
    operatorCalls: 0,
    callbacksDelivered: 0,
    faults: new FaultCounter(),
    invariantsChecked: 0,
    violations: [{ invariant: 0, subject: `seed ${seed}`, message: `the run broke: ${err.message}`, timeline: (err.stack ?? "").split("\n").slice(1, 8) }],
    jobRuns: 0,
    simulatedMs: 0,
    wallMs: 0,
    digest: "",
    table: [],
    reconciliation: emptyTally(),
    endedBy: "hard stop",
    operatorsOpen: [],
  };
}

const seedOptions = (options: CliOptions, seed: number, faults = options.faults) => ({
  seed,
  merchants: options.merchants,
  actionsPerMerchant: options.orders,
  operators: options.operators,
  plantedBugs: options.plant,
  faults,
});

/**
 * Shrinks a failing seed: drops the fault kinds it injected one at a time, keeping a drop when
 * an invariant of the same number still breaks without it. Prints the smallest set found and
 * the command that replays it.
 */
export async function shrink(proc: SimulationProcess, options: CliOptions, log: (line: string) => void): Promise<void> {
  const seed = options.seeds[0]!;
  const first = await runSeed(proc, seedOptions(options, seed));
  const target = first.violations.find((v) => !v.known);
  if (!target) return log(`seed ${seed}: no violation to shrink`);
  log(`seed ${seed}: shrinking for invariant ${target.invariant} (${target.message})`);
  let kept = new Set<FaultKind>([...first.faults.counts.keys()]);
  let last = first;
  for (const kind of [...kept]) {
    const without = new Set([...kept].filter((k) => k !== kind));
    const report = await runSeed(proc, seedOptions(options, seed, without));
    const still = report.violations.find((v) => !v.known && v.invariant === target.invariant);
    log(`  without ${kind}: ${still ? "still breaks" : "passes"}`);
    if (still) {
      kept = without;
      last = report;
    }
  }
  const violation = last.violations.find((v) => !v.known && v.invariant === target.invariant)!;
  log(`smallest fault set: ${[...kept].join(", ") || "none (the workload alone)"}`);
  log(`replay: npm run simulate -- --seed ${seed} --faults ${[...kept].join(",") || "none"}${options.plant.length ? ` --plant ${options.plant.join(",")}` : ""}${options.operators.join() !== OPERATOR_NAMES.join() ? ` --operators ${options.operators.join(",")}` : ""}`);
  log(`invariant ${violation.invariant} ${violation.subject}: ${violation.message}`);
  for (const line of violation.timeline ?? []) log(`  ${line}`);
}

/** "#1×2 #3" for a seed's violations. */
function bySeed(violations: { invariant: number }[]): string {
  const n = new Map<number, number>();
  for (const v of violations) n.set(v.invariant, (n.get(v.invariant) ?? 0) + 1);
  return [...n].sort((a, b) => a[0] - b[0]).map(([i, k]) => `#${i}${k > 1 ? `×${k}` : ""}`).join(" ");
}

export function formatSummary(s: Summary): string[] {
  const byInvariant = new Map<number, number>();
  const open = failures(s);
  for (const v of open) byInvariant.set(v.invariant, (byInvariant.get(v.invariant) ?? 0) + 1);
  const seedsViolating = new Set(open.map((v) => v.seed));
  const gaps = new Map<string, Set<number>>();
  for (const v of s.violations) if (v.known) for (const id of v.known.split(", ")) gaps.set(id, (gaps.get(id) ?? new Set()).add(v.seed));
  return [
    `seeds ${s.seeds} in ${(s.wallMs / 1000).toFixed(1)} s (${s.simulatedDays.toFixed(1)} simulated days)`,
    `orders ${s.orders.collect + s.orders.payout + s.orders.refund}: ${s.orders.collect} collects, ${s.orders.payout} payouts, ${s.orders.refund} refunds (${s.refused} requests refused by the API)`,
    `operator calls ${s.operatorCalls}, callbacks delivered ${s.callbacks}, job runs ${s.jobRuns}`,
    `faults injected: ${FAULT_KINDS.filter((k) => s.faults.counts.get(k)).map((k) => `${k} ${s.faults.counts.get(k)}`).join(", ")}`,
    `invariants checked ${s.invariantsChecked}`,
    `reconciliation: ${s.reconciliation.runs} runs, ${s.reconciliation.compared} references compared (${s.reconciliation.agreed} agreed), ${s.reconciliation.inFlight} in flight, ${s.reconciliation.unanswered} unanswered, float wallets ${s.reconciliation.floatsJudged} judged (${s.reconciliation.floatsAgreed} agreed); ${s.reconciliation.mismatches} mismatches, ${s.reconciliation.explained} of them explained by a violation; ${s.reconciliation.found} of ${s.reconciliation.disagreeing} orders disagreeing with their operator (invariant 1) reported`,
    `violations ${open.length}${open.length ? ` in ${seedsViolating.size} seeds (${[...byInvariant].map(([i, n]) => `#${i}: ${n}`).join(", ")}); first seeds: ${[...seedsViolating].slice(0, 10).join(", ")}` : ""}`,
    ...(open.length ? [`violations by seed: ${[...seedsViolating].map((seed) => `${seed} (${bySeed(open.filter((v) => v.seed === seed))})`).join(", ")}`] : []),
    ...(gaps.size ? [`known gaps (known-gaps.ts, not failing): ${[...gaps].map(([id, seeds]) => `${id} in ${seeds.size} seeds (first ${[...seeds].slice(0, 5).join(", ")})`).join("; ")}`] : []),
  ];
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const proc = await startProcess();
  try {
    if (options.shrink) {
      if (options.seeds.length !== 1) throw new Error("--shrink takes one --seed");
      return await shrink(proc, options, (line) => console.log(line));
    }
    const summary = await runSeeds(proc, options, (r) => {
      if (options.verbose) {
        console.log(`seed ${r.seed}: ${r.orders.collect}c/${r.orders.payout}p/${r.orders.refund}r, ${r.jobRuns} job runs, ${(r.simulatedMs / 3_600_000).toFixed(1)} h simulated in ${(r.wallMs / 1000).toFixed(1)} s, digest ${r.digest}, ${r.violations.filter((v) => !v.known).length} violations${r.violations.some((v) => v.known) ? ` (+${r.violations.filter((v) => v.known).length} known)` : ""}${r.endedBy === "hard stop" ? `, ended by the hard stop (still pending at an operator: ${r.operatorsOpen.join(", ") || "none"})` : ""}`);
        if (options.seeds.length === 1) for (const line of r.table) console.log(`  ${line}`);
        if (r.refusals.size > 0) console.log(`  refused: ${[...r.refusals].map(([k, n]) => `${k} ×${n}`).join("; ")}`);
      }
      for (const v of r.violations) {
        console.log(`  seed ${r.seed} invariant ${v.invariant} ${v.subject}: ${v.message}${v.known ? ` [known gap: ${v.known}]` : ""}`);
        if (options.seeds.length === 1) for (const line of v.timeline ?? []) console.log(`    ${line}`);
      }
    });
    console.log(formatSummary(summary).join("\n"));
    process.exitCode = failures(summary).length > 0 ? 1 : 0;
  } finally {
    await proc.close();
  }
}

if (process.argv[1] && /simulation\/cli\.ts$/.test(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
