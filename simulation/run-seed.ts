import type { Direction } from "@/lib/connectors/connector";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { drawOrderBehaviour, FaultCounter, type FaultKind } from "./behaviours";
import { CallbackRelay } from "./callbacks";
import type { SimulationDatabase } from "./database";
import { checkInvariants, timeline, type Violation } from "./invariants";
import { checkReconciliation, type ReconciliationTally } from "./reconciliation-check";
import type { CallbackListener, WebhookReceiver } from "./listeners";
import { merchantApi, payOnCheckout } from "./merchant-api";
import type { OperatorUnderTest, RouteSpec } from "./operators/operator";
import { MARKETS, operatorsFor, operatorsServing } from "./operators";
import { installPlantedBugs, type PlantedBug } from "./planted-bugs";
import { Prng } from "./prng";
import { Scheduler } from "./scheduler";
import { advanceBy, installSimulatedTime, simulatedNow, uninstallSimulatedTime, wallNow } from "./sim-clock";
import { OperatorsSettling } from "./end-condition";
import { buildWorld, PUBLIC_URL, type SimMerchant } from "./world";
import { ALL_ACTIONS, generateWorkload, type WorkloadAction } from "./workload";

/**
 * One seed, end to end: the world, the workload, the operators' and the platform's faults, the
 * loop until every order is final or in review, every reference final at its operator and the
 * platform's next slow ask after that come (end-condition.ts), then the invariants (invariants.ts). Everything
 * the run draws comes from the seed; time is the simulated clock only.
 */
export const SIMULATION_START = Date.UTC(2027, 0, 4, 8, 0, 0); // a Monday morning
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SeedOptions = {
  seed: number;
  merchants?: number;
  actionsPerMerchant?: number;
  actions?: WorkloadAction["kind"][];
  /** Fault kinds the run may inject (all by default); the shrinker removes them one by one. */
  faults?: Set<FaultKind>;
  plantedBugs?: PlantedBug[];
  operators?: string[];
};

export type TrackedOrder = {
  id: string;
  direction: Direction;
  merchant: SimMerchant;
  operator: OperatorUnderTest;
  phone: string;
  kinds: FaultKind[];
  createdAt: number;
  label: string;
  paymentId?: string;
};

export type SeedReport = {
  seed: number;
  orders: Record<Direction, number>;
  refused: number;
  /** Requests the API refused, by what and why (insufficient funds, a partial refund through a whole-only operator…). */
  refusals: Map<string, number>;
  operatorCalls: number;
  callbacksDelivered: number;
  faults: FaultCounter;
  invariantsChecked: number;
  violations: Violation[];
  jobRuns: number;
  simulatedMs: number;
  wallMs: number;
  digest: string;
  /** One line per order: what it was, what happened to it, what the operator says. */
  table: string[];
  /** The platform's reconciliation run against every operator at the end (invariant 6). */
  reconciliation: ReconciliationTally;
  /** How the loop ended: everything settled and asked again (end-condition.ts), or the hard stop (10 days past the horizon). */
  endedBy: "quiescent" | "hard stop";
  /** References still pending at their operator when the loop ended (only after a hard stop). */
  operatorsOpen: string[];
};

export type SimulationProcess = { database: SimulationDatabase; listener: CallbackListener; receiver: WebhookReceiver };

export async function runSeed(proc: SimulationProcess, options: SeedOptions): Promise<SeedReport> {
  const { seed } = options;
  const started = wallNow();
  const enabled = options.faults ?? null;
  const allows = (k: FaultKind) => enabled === null || enabled.has(k);
  const faults = new FaultCounter();
  installSimulatedTime(SIMULATION_START, () => mathRandom.next());
  const mathRandom = Prng.stream(seed, "math-random");
  const uninstallBugs = installPlantedBugs(options.plantedBugs ?? []);
  // The seed's merchants come from the markets its operators serve, in turn from the seed.
  const candidates = operatorsFor(seed, options.operators);
  const served = MARKETS.filter((m) => candidates.some((o) => o.routes.some((r) => !r.fallbackFor && r.country === m.country)));
  if (served.length === 0) throw new Error("these operators serve no market");
  const markets = Array.from({ length: options.merchants ?? 2 }, (_, i) => served[(seed + i) % served.length]!);
  const operators = operatorsServing(candidates, markets);
  const orders: TrackedOrder[] = [];
  const references = new Map<string, string>(); // `${account}|${reference}` → our id
  const refusals = new Map<string, number>();
  const refuse = (what: string, res: { status: number; json: any } | null, n = 1) => {
    const why = res ? `${res.status} ${res.json?.error?.code ?? res.json?.code ?? ""}`.trim() : "no answer";
    refusals.set(`${what}: ${why}`, (refusals.get(`${what}: ${why}`) ?? 0) + n);
  };
  try {
    const world = await buildWorld({ seed, database: proc.database, listener: proc.listener, receiver: proc.receiver, operators, markets });
    // The hourly ledger reconciliation only feeds a metric: the invariants reconcile at the end.
    const scheduler = new Scheduler(periodicTasks.filter((t) => t.id !== "reconcile-ledger"), 10 * MINUTE);
    const behaviourRandom = Prng.stream(seed, "behaviour");
    const platformRandom = Prng.stream(seed, "platform");
    const relay = new CallbackRelay(proc.listener.url, scheduler, Prng.stream(seed, "callbacks"), faults, operators, simulatedNow, allows);
    let snapshotFrom = 0;
    scheduler.beforeAction = async () => proc.database.syncClock(simulatedNow());
    // Our references are stored by the submit jobs (and the queued-payouts sweep), and a checkout
    // retry clears one: looked at after those actions only.
    scheduler.afterAction = async (label) => {
      if (!/submit|^collect|^customer/.test(label)) return;
      const rows = await (await getDatabase()).query<{ id: string; ref: string; account: string | null }>(
        `SELECT id, provider_request_ref AS ref, connector_account_id AS account FROM payments WHERE provider_request_ref IS NOT NULL AND updated_at >= $1
         UNION ALL SELECT id, provider_request_ref, connector_account_id FROM payouts WHERE provider_request_ref IS NOT NULL AND updated_at >= $1
         UNION ALL SELECT id, provider_request_ref, connector_account_id FROM refunds WHERE provider_request_ref IS NOT NULL AND updated_at >= $1`,
        [new Date(snapshotFrom - 5_000).toISOString()],
      );
      for (const r of rows) references.set(`${r.account}|${r.ref}`, r.id);
      snapshotFrom = simulatedNow();
    };
    // Every draw is made whether or not its kind is allowed: the shrinker's runs keep the others in place.
    const crashes = Prng.stream(seed, "crashes");
    scheduler.crashAfterRun = () => {
      if (!crashes.chance(0.03) || !allows("job_run_twice")) return false;
      faults.add("job_run_twice");
      return true;
    };

    // ── the workload ──
    const workloadRandom = Prng.stream(seed, "workload");
    const workload = generateWorkload(workloadRandom, {
      merchants: world.merchants.length,
      actionsPerMerchant: options.actionsPerMerchant ?? 6,
      kinds: new Set(options.actions ?? ALL_ACTIONS),
    });
    let horizon = SIMULATION_START;
    let phoneCounter = seed % 1000 * 1000;
    const nextPhone = (operator: OperatorUnderTest, route: RouteSpec) => operator.phone(route, ++phoneCounter);
    const routesFor = (direction: Direction, country: string) =>
      operators.flatMap((o) => o.routes.filter((r) => !r.fallbackFor && r.directions.includes(direction) && r.country === country).map((r) => ({ operator: o, route: r })));
    /** Amounts are drawn for XOF; other currencies scale them (a shilling is worth some 4.6 francs). */
    const scaled = (merchant: SimMerchant, amount: number) => (merchant.currency === "KES" ? Math.max(10, Math.round(amount / 5)) : amount);

    const track = (order: Omit<TrackedOrder, "createdAt">) => {
      orders.push({ ...order, createdAt: simulatedNow() });
    };
    /** Draws the operator's behaviour for an order about to be sent to `phone`, and imposes it. */
    const impose = (operator: OperatorUnderTest, direction: Direction, phone: string) => {
      const behaviour = drawOrderBehaviour(behaviourRandom, direction, operator.honours, simulatedNow(), allows);
      operator.scenario({ destination: phone }, behaviour.steps);
      for (const k of behaviour.kinds) faults.add(k);
      horizon = Math.max(horizon, behaviour.settlesAt);
      // Wake up when the operator decides, so its callback goes out on time.
      scheduler.at(behaviour.settlesAt + 1, "operator decides", async () => {});
      return behaviour.kinds;
    };

    const execute = async (action: WorkloadAction) => {
      const merchant = world.merchants[action.merchant]!;
      switch (action.kind) {
        case "collect_direct": {
          const { operator, route } = workloadRandom.pick(routesFor("collect", merchant.country));
          const phone = nextPhone(operator, route);
          const kinds = impose(operator, "collect", phone);
          const res = await merchantApi.initiatePayment(merchant.key, {
            type: "direct",
            amount: scaled(merchant, action.amount),
            currency: route.currency,
            country: route.country,
            provider: route.provider,
            customerPhone: phone,
            externalReference: `sim-${seed}-${orders.length}`,
          });
          if (res.status !== 201) return refuse("collect", res);
          track({ id: res.json.data.transactionId, direction: "collect", merchant, operator, phone, kinds, label: `collect direct ${route.provider}/${route.country} ${scaled(merchant, action.amount)}` });
          return;
        }
        case "collect_checkout": {
          const res = await merchantApi.initiatePayment(merchant.key, { type: "checkout", amount: scaled(merchant, action.amount), currency: merchant.currency, externalReference: `sim-${seed}-${orders.length}` });
          if (res.status !== 201) return refuse("checkout", res);
          const id = res.json.data.transactionId as string;
          const choices = routesFor("collect", merchant.country);
          const { operator, route } = workloadRandom.pick(choices);
          const phone = nextPhone(operator, route);
          track({ id, direction: "collect", merchant, operator, phone, kinds: [], label: `collect checkout ${route.provider}/${route.country} ${scaled(merchant, action.amount)}` });
          const order = orders[orders.length - 1]!;
          const attempt = async () => {
            const payment = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
            order.kinds.push(...impose(operator, "collect", phone));
            const refusal = await payOnCheckout(PUBLIC_URL, payment.checkoutToken, route.provider, phone);
            if (refusal) refuse("checkout page", { status: 303, json: { code: refusal } });
          };
          scheduler.at(simulatedNow() + action.payAfterMs, `customer pays ${id}`, attempt);
          // The customer comes back to the page: a failed payment still payable is tried again.
          scheduler.at(simulatedNow() + action.payAfterMs + action.retryAfterMs, `customer retries ${id}`, async () => {
            const payment = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
            if (payment.status === "failed" && payment.expiresAt.getTime() > simulatedNow()) await attempt();
          });
          horizon = Math.max(horizon, simulatedNow() + action.payAfterMs + action.retryAfterMs);
          return;
        }
        case "payout":
        case "bulk_payout": {
          const amounts = (action.kind === "payout" ? [action.amount] : action.amounts).map((a) => scaled(merchant, a));
          if (routesFor("payout", merchant.country).length === 0) return;
          const items: { quoteId: string; recipient: { phone: string; name: string } }[] = [];
          const planned: { operator: OperatorUnderTest; route: RouteSpec; phone: string; kinds: FaultKind[]; amount: number }[] = [];
          for (const amount of amounts) {
            const { operator, route } = workloadRandom.pick(routesFor("payout", merchant.country));
            const quote = await merchantApi.quote(merchant.key, { amount, currency: route.currency, destinationCountry: route.country, method: route.provider });
            if (quote.status !== 200) {
              refuse("quote", quote);
              if (process.env.SIMULATION_DEBUG) console.log("quote refused", merchant.country, JSON.stringify(quote.json).slice(0, 300));
              continue;
            }
            const phone = nextPhone(operator, route);
            planned.push({ operator, route, phone, kinds: impose(operator, "payout", phone), amount });
            items.push({ quoteId: quote.json.quoteId, recipient: { phone, name: "Awa Diop" } });
          }
          if (items.length === 0) return;
          if (action.kind === "payout") {
            const res = await merchantApi.initiatePayout(merchant.key, items[0]!);
            if (res.status !== 201) return refuse("payout", res);
            const p = planned[0]!;
            track({ id: res.json.transactionId, direction: "payout", merchant, operator: p.operator, phone: p.phone, kinds: p.kinds, label: `payout ${p.route.provider}/${p.route.country} ${p.amount}` });
            return;
          }
          const res = await merchantApi.bulkPayouts(merchant.key, { items });
          if (res.status !== 201 && res.status !== 200 && res.status !== 207) return refuse("bulk", res, items.length);
          const created = (res.json.data?.items ?? res.json.items ?? []) as { index: number; payoutId?: string }[];
          for (const item of created) {
            const p = planned[item.index];
            if (!item.payoutId || !p) {
              refuse("bulk item", { status: (item as { error?: { statusCode?: number } }).error?.statusCode ?? 0, json: item });
              continue;
            }
            track({ id: item.payoutId, direction: "payout", merchant, operator: p.operator, phone: p.phone, kinds: p.kinds, label: `bulk payout ${p.route.provider}/${p.route.country} ${p.amount}` });
          }
          return;
        }
        case "refund": {
          const candidates = orders.filter((o) => o.direction === "collect" && o.merchant === merchant);
          if (candidates.length === 0) return;
          const chosen = candidates[action.pick % candidates.length]!;
          const payment = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: chosen.id } });
          if (payment.status !== "success") return;
          const left = payment.amount - payment.refundReserved;
          if (left <= 0n) return;
          const amount = action.share === "full" || !chosen.operator.partialRefunds ? left : BigInt(Math.max(1, Math.floor(Number(left) / 10) * 5));
          const operator = operators.find((o) => o.accountId === payment.connectorAccountId) ?? chosen.operator;
          const kinds = impose(operator, "refund", chosen.phone);
          const res = await merchantApi.refund(merchant.key, chosen.id, { amount: Number(amount), reason: "returned" });
          if (res.status !== 201 && res.status !== 200) return refuse("refund", res);
          const refundId = (res.json.data?.refundId ?? res.json.refundId) as string;
          track({ id: refundId, direction: "refund", merchant, operator, phone: chosen.phone, kinds, label: `refund ${amount} of order ${orders.indexOf(chosen)}`, paymentId: chosen.id });
          return;
        }
        case "cancel_payment":
        case "cancel_payout": {
          const direction = action.kind === "cancel_payment" ? "collect" : "payout";
          const candidates = orders.filter((o) => o.direction === direction && o.merchant === merchant);
          if (candidates.length === 0) return;
          const chosen = candidates[action.pick % candidates.length]!;
          const res = direction === "collect" ? await merchantApi.cancelPayment(merchant.key, chosen.id) : await merchantApi.cancelPayout(merchant.key, chosen.id);
          chosen.label += ` (cancel asked: ${res.status})`;
          return;
        }
      }
    };
    for (const action of workload) {
      scheduler.at(SIMULATION_START + action.at, action.kind, () => execute(action));
      horizon = Math.max(horizon, SIMULATION_START + action.at);
    }

    // ── platform faults ──
    for (let i = platformRandom.int(0, 2); i > 0; i--) {
      const from = SIMULATION_START + platformRandom.int(1, 150) * MINUTE;
      const length = platformRandom.pick([2 * MINUTE, 20 * MINUTE, 2 * HOUR, 7 * HOUR]);
      if (allows("runner_stopped")) {
        scheduler.at(from, "job runner stops", async () => {
          faults.add("runner_stopped");
          scheduler.runnerDownUntil = Math.max(scheduler.runnerDownUntil, simulatedNow() + length);
        });
        horizon = Math.max(horizon, from + length);
      }
    }
    const receiverDown = platformRandom.chance(0.4);
    const downFrom = SIMULATION_START + platformRandom.int(1, 120) * MINUTE;
    const downFor = platformRandom.pick([10 * MINUTE, 1 * HOUR, 4 * HOUR]);
    if (receiverDown && allows("webhook_receiver_down")) {
      const from = downFrom;
      const length = downFor;
      scheduler.at(from, "webhook receiver down", async () => {
        faults.add("webhook_receiver_down");
        proc.receiver.down = true;
      });
      scheduler.at(from + length, "webhook receiver back", async () => void (proc.receiver.down = false));
      horizon = Math.max(horizon, from + length);
    }
    for (const operator of operators) {
      const outage = platformRandom.chance(0.25);
      const at = SIMULATION_START + platformRandom.int(1, 120) * MINUTE;
      const calls = platformRandom.pick([3, 8, 20]);
      if (!outage || !allows("operator_outage")) continue;
      scheduler.at(at, `${operator.name} outage`, async () => {
        faults.add("operator_outage");
        operator.outage(calls);
      });
    }
    for (const operator of operators) {
      const expire = platformRandom.chance(0.3);
      const at = SIMULATION_START + platformRandom.int(1, 120) * MINUTE;
      if (!operator.expireTokens || !allows("token_expired") || !expire) continue;
      scheduler.at(at, `${operator.name} forgets its tokens`, async () => {
        faults.add("token_expired");
        operator.expireTokens!();
      });
    }

    // ── the loop ──
    const settleOperators = async () => {
      const t0 = performance.now();
      for (const operator of operators) await operator.settle();
      relay.accept(proc.listener.take());
      settling += performance.now() - t0;
    };
    scheduler.busyUntil = SIMULATION_START + Math.max(...workload.map((a) => a.at), 0) + 2 * HOUR;
    horizon += 2 * HOUR;
    const hardStop = horizon + 10 * DAY;
    let iterations = 0;
    let settling = 0;
    // The operators' side of the end: every reference final at its operator, and the platform
    // given one more ask on its slow cadence after the operators' last change (a late success
    // after our window is applied by that ask, not by the harness stopping first).
    const operatorsSide = new OperatorsSettling(operators, SIMULATION_START);
    let endedBy: SeedReport["endedBy"] = "hard stop";
    for (;; iterations++) {
      await settleOperators();
      const ran = await scheduler.runDue();
      await settleOperators();
      operatorsSide.observe(simulatedNow());
      if (ran > 0) continue;
      const now = simulatedNow();
      if (now >= horizon) {
        relay.flushHeld();
        if (scheduler.pendingEvents() === 0 && operatorsSide.settledAndAsked(now) && (await quiescent(orders))) {
          endedBy = "quiescent";
          break;
        }
      }
      const next = Math.min(await scheduler.nextDue(), operatorsSide.wakeAt(now));
      if (next > hardStop || now > hardStop) break;
      if (next <= now) advanceBy(1);
      else scheduler.jumpTo(next);
    }

    if (process.env.SIMULATION_PROFILE) console.log(`loop ${iterations} iterations, settling operators ${settling.toFixed(0)} ms`);
    if (process.env.SIMULATION_PROFILE) console.log([...scheduler.timings].sort((a, b) => b[1].ms - a[1].ms).map(([k, v]) => `${k}: ${v.n} × ${(v.ms / v.n).toFixed(1)} ms = ${v.ms.toFixed(0)}`).join("\n"));
    // ── the end ──
    const result = await checkInvariants({ orders, operators, references, merchants: world.merchants, receiver: proc.receiver, relay });
    // ── 6. the platform's reconciliation against each operator finds nothing the truth does not show ──
    const reconciled = await checkReconciliation({ operators, orders, violations: result.violations, from: SIMULATION_START, now: simulatedNow() });
    for (const v of reconciled.violations) {
      const order = orders.find((o) => o.id === v.subject);
      if (order) v.timeline = await timeline(order.id, order, [], relay);
    }
    result.violations.push(...reconciled.violations);
    result.checked += reconciled.tally.runs;
    const operatorCalls = await (await getPrisma()).connectorCall.count({ where: { operation: { not: "callback" } } });
    const count = (d: Direction) => orders.filter((o) => o.direction === d).length;
    return {
      seed,
      orders: { collect: count("collect"), payout: count("payout"), refund: count("refund") },
      refused: [...refusals.values()].reduce((a, b) => a + b, 0),
      refusals,
      operatorCalls,
      callbacksDelivered: relay.delivered.length,
      faults,
      invariantsChecked: result.checked,
      violations: result.violations,
      jobRuns: scheduler.jobRuns,
      simulatedMs: simulatedNow() - SIMULATION_START,
      wallMs: wallNow() - started,
      digest: result.digest,
      table: result.table,
      reconciliation: reconciled.tally,
      endedBy,
      operatorsOpen: endedBy === "hard stop" ? operatorsSide.open() : [],
    };
  } finally {
    for (const operator of operators) await operator.close().catch(() => undefined);
    await proc.database.closeSeed();
    uninstallBugs();
    uninstallSimulatedTime();
  }
}

/** Every order final or held for review, and no webhook event still waiting for its delivery. */
async function quiescent(orders: TrackedOrder[]): Promise<boolean> {
  const prisma = await getPrisma();
  const ids = orders.map((o) => o.id);
  const open = [
    ...(await prisma.payment.findMany({ where: { id: { in: ids }, status: { in: ["pending", "processing"] } }, select: { id: true } })),
    ...(await prisma.payout.findMany({ where: { id: { in: ids }, status: { in: ["pending", "processing"] } }, select: { id: true } })),
    ...(await prisma.refund.findMany({ where: { id: { in: ids }, status: { in: ["pending", "processing"] } }, select: { id: true } })),
  ].map((r) => r.id);
  if (open.length > 0) {
    const reviewed = await prisma.orderReview.count({ where: { orderId: { in: open }, resolvedAt: null } });
    if (reviewed < open.length) return false;
  }
  return (await prisma.webhookEvent.count({ where: { status: "pending" } })) === 0;
}
