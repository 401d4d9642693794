import { appEnv, type AppEnvironment } from "@/lib/config";
import type { ConnectorOutcome, Direction, OperatorRecord, ReconciliationHooks, StatementFormat } from "@/lib/connectors/connector";
import { isBuiltIn } from "@/lib/connectors/connector-accounts";
import { servingAccount, type ServingAccount } from "@/lib/connectors/get-route";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { type Side, judge, theirStateOfOutcome, theirStateOfRecord } from "./compare";
import { checkFloats } from "./floats";
import { ORDER_KINDS } from "./mismatch-kinds";
import { earlierAttemptAsOrder, earlierAttempts, type EarlierAttempt, findOurOrder, orderRefOf, ordersSentIn, type OurOrder } from "./our-orders";
import { finishRun, startRun } from "./runs";
import { accountCurrency, readStatement } from "./statement";
import { type FoundMismatch, type MismatchInput, type MismatchSource, sideView, storeMismatch } from "./store-mismatch";

/**
 * Reconciles one connector account over a window (docs/design/reconciliation.md): our payments,
 * payouts and refunds sent to it in [from, to) against what the operator says — its status
 * answer per reference, and where it has one its list of what moved (Wave's balance API), or the
 * rows of a statement file it delivered (`statement`, from `ops recon:import`). Every difference
 * is stored (store-mismatch.ts) and returned; a later run finding an order and the operator
 * agreeing ends that order's open mismatches, with the operator's answer as the evidence.
 *
 * Reconciliation only reads: it never changes an order (the order engine applies operator
 * answers; people resolve with evidence) and never asks a status the connector marks as not a
 * plain read (ReconciliationHooks.readableStatus). It reads no clock but `now`, which the
 * connector's context also follows: the simulation harness drives it on its own clock.
 */
export type ReconcileInput = {
  accountId: string;
  from: Date;
  to: Date;
  now: Date;
  /** Who asked (ops:<name>, sweep, simulation); `ops` by default. */
  trigger?: string;
  /** The rows of a statement file the operator delivered (recon:import), instead of its list API. */
  statement?: OperatorRecord[];
  /** The directions the statement's rows cover (StatementFormat.directions; default all): our orders of others are asked by status. */
  statementCovers?: readonly Direction[];
  /** The daily sweep's claim on the account and day (runs.ts). */
  sweepKey?: string;
  /** Status checks in flight at once (default 4). */
  concurrency?: number;
};

export type ReconcileResult = {
  runId: string;
  accountId: string;
  source: "operator" | "statement";
  from: Date;
  to: Date;
  /** Our orders judged against the operator's word, and of those, agreeing. */
  compared: number;
  agreed: number;
  /** Our orders not final yet: the order engine is still asking the operator about them. */
  inFlight: number;
  /** Our orders the operator did not answer for (no answer, or a direction it cannot be asked): asked again next run. */
  unanswered: number;
  /** Operator records read (list items, statement rows). */
  records: number;
  /** Open mismatches this run ended because both sides now agree. */
  cleared: number;
  /** What could not be read, in words. */
  notes: string[];
  /** Float wallets judged against our orders' movements (floats.ts), and of those, agreeing. */
  floats: { judged: number; agreed: number };
  mismatches: FoundMismatch[];
};

const DAY = 24 * 3600_000;
/** How far back a record's operator id is looked for among our orders (beyond the window ± a day). */
const LOOKBACK_MS = 35 * DAY;
const DIRECTIONS: readonly Direction[] = ["collect", "payout", "refund"];

export async function reconcileAccount(db: Db, input: ReconcileInput): Promise<ReconcileResult> {
  if (!(input.from.getTime() < input.to.getTime())) throw new AppError("validation_error", "The window is empty: `from` must come before `to`.");
  const environment = appEnv();
  const found = await servingAccount(input.accountId, environment, db);
  if (!found) throw new AppError("not_found", `No connector account ${input.accountId} in ${environment}.`);
  if (isBuiltIn(found.account)) throw new AppError("validation_error", "The sandbox's built-in simulator decides by phone number and keeps no records: there is nothing to reconcile it against.");
  const serving: ServingAccount = { ...found, context: { ...found.context, now: () => input.now } };
  const source = input.statement ? "statement" : "operator";
  const run = await startRun(db, { environment, accountId: input.accountId, source, from: input.from, to: input.to, trigger: input.trigger ?? "ops", sweepKey: input.sweepKey, now: input.now });
  try {
    const result = await compareAll(db, serving, input);
    // The float, where the operator publishes it: read from the operator itself, not from a statement.
    const floats = input.statement ? null : await checkFloats(db, serving, { environment, accountId: input.accountId, runId: run.id, now: input.now });
    result.mismatches.push(...(floats?.mismatches ?? []));
    result.notes.push(...(floats?.notes ?? []));
    const stored: FoundMismatch[] = [];
    for (const m of result.mismatches) stored.push(await storeMismatch(db, { environment, accountId: input.accountId, runId: run.id, now: input.now }, m));
    stored.sort((a, b) => a.kind.localeCompare(b.kind) || a.reference.localeCompare(b.reference));
    const cleared = await clearAgreed(db, { environment, accountId: input.accountId, runId: run.id, now: input.now }, result.agreedIds, result.recordSource ?? "status");
    const done: ReconcileResult = { runId: run.id, accountId: input.accountId, source, from: input.from, to: input.to, ...result.counts, cleared, notes: result.notes, floats: { judged: floats?.judged ?? 0, agreed: floats?.agreed ?? 0 }, mismatches: stored };
    await finishRun(db, run.id, input.now, { ...result.counts, mismatches: stored.length });
    const fresh = stored.filter((m) => m.state === "new").length;
    (fresh > 0 ? log.warn : log.info)("reconciliation run", { runId: run.id, accountId: input.accountId, source, from: input.from.toISOString(), to: input.to.toISOString(), ...result.counts, mismatches: stored.length, new: fresh, cleared });
    return done;
  } catch (err) {
    await finishRun(db, run.id, input.now, null, (err as Error).message).catch(() => undefined);
    throw err;
  }
}

type Counts = { compared: number; agreed: number; inFlight: number; unanswered: number; records: number };

async function compareAll(db: Db, serving: ServingAccount, input: ReconcileInput) {
  const environment = serving.account.environment;
  const accountId = serving.account.id;
  const hooks = serving.connector.reconciliation ?? {};
  const readable = new Set<Direction>(hooks.readableStatus ?? DIRECTIONS);
  const counts: Counts = { compared: 0, agreed: 0, inFlight: 0, unanswered: 0, records: 0 };
  const notes: string[] = [];
  const mismatches: MismatchInput[] = [];
  /** `orderId|reference` of what this run found agreeing (an order's current reference, or an earlier attempt's). */
  const agreed = new Set<string>();

  // Our side: the window, and a day either side to match records that cross midnight. Each
  // order under its current reference, and each earlier attempt (order_attempts) under its own:
  // one that took no money agrees with the operator's failure or silence; one that took money
  // without a recorded duplicate charge is a difference (its records are the duplicate charge's
  // business when there is one: their refund is an order of its own, reconciled as such).
  const nearFrom = new Date(input.from.getTime() - DAY);
  const nearTo = new Date(input.to.getTime() + DAY);
  const attempts = await earlierAttempts(db, accountId, environment, { from: nearFrom, to: nearTo });
  const duplicates = new Set(attempts.filter((a) => a.duplicate).map((a) => a.reference));
  const sentIn = (a: EarlierAttempt) => a.sentAt >= input.from && a.sentAt < input.to;
  const nearby = [...(await ordersSentIn(db, accountId, environment, nearFrom, nearTo)), ...attempts.filter((a) => !a.duplicate).map(earlierAttemptAsOrder)];
  const inWindow = nearby.filter((o) => {
    const attempt = attempts.find((a) => a.reference === o.reference && a.order.id === o.id);
    return attempt ? sentIn(attempt) : o.submittedAt! >= input.from && o.submittedAt! < input.to;
  });
  const index = indexOrders(nearby);

  // The operator's records: the statement given, or its list of what moved, where it has one.
  let records: OperatorRecord[] | null = null;
  let recordSource: MismatchSource | null = null;
  let covered: readonly Direction[] | undefined = input.statementCovers;
  if (input.statement) [records, recordSource] = [input.statement, "statement"];
  else if (hooks.fetchStatements && hooks.statement) {
    try {
      const fetched = await fetchedStatements(serving, hooks.statement, hooks.fetchStatements, { from: input.from, to: input.to });
      [records, recordSource, covered] = [fetched.records, "statement", hooks.statement.directions];
      if (fetched.skipped > 0) notes.push(`${fetched.skipped} statement rows are none of our orders (top-ups, fees) or could not be read: skipped`);
    } catch (err) {
      notes.push(`the operator's statement could not be read (${(err as Error).message}): orders asked one by one, nothing found missing on our side`);
    }
  } else if (hooks.listTransactions) {
    try {
      [records, recordSource] = [await hooks.listTransactions(serving.context, { from: input.from, to: input.to }), "list"];
    } catch (err) {
      notes.push(`the operator's transaction list could not be read (${(err as Error).message}): orders asked one by one, nothing found missing on our side`);
    }
  }
  counts.records = records?.length ?? 0;
  const covers = new Set<Direction>(recordSource === "statement" ? (covered ?? DIRECTIONS) : DIRECTIONS);

  const judged = (order: OurOrder, theirs: Side, how: MismatchSource, extra: Record<string, unknown> = {}, at?: Date | null) => {
    const verdict = judge({ state: order.state, amountMinor: order.amountMinor, currency: order.currency }, theirs);
    if (verdict === "in_flight") return void counts.inFlight++;
    counts.compared++;
    if (verdict === "agree") return void (counts.agreed++, agreed.add(`${order.id}|${order.reference}`));
    mismatches.push({
      kind: verdict,
      reference: order.reference,
      operatorReference: order.operatorReference ?? (typeof extra.operatorReference === "string" ? extra.operatorReference : null),
      orderId: order.id,
      direction: order.direction,
      merchantId: order.merchantId,
      ours: sideView(order.status, order.amountMinor, order.currency),
      theirs: sideView(theirs.state, theirs.amountMinor, theirs.currency, extra),
      source: how,
      occurredAt: order.submittedAt ?? at ?? input.now,
    });
  };

  // 1. Each record: our order (or earlier attempt) it is about, or none (missing on our side).
  const matched = new Map<string, { order: OurOrder; records: OperatorRecord[] }>();
  const matchKey = (o: OurOrder) => `${o.id}|${o.reference}`;
  for (const record of records ?? []) {
    if (!record.reference && !record.operatorReference) continue;
    if (record.reference && duplicates.has(record.reference)) continue;
    const order = index.find(record) ?? (await findEarlierAttempt(record)) ?? (await findOurOrder(db, accountId, environment, record, new Date(input.from.getTime() - LOOKBACK_MS)));
    if (order === "duplicate") continue;
    if (!order) {
      mismatches.push({
        kind: "missing_on_our_side",
        reference: (record.reference ?? record.operatorReference)!,
        operatorReference: record.operatorReference,
        orderId: null,
        direction: record.direction,
        merchantId: null,
        ours: null,
        theirs: sideView(theirStateOfRecord(record), record.amountMinor, record.currency, record.at ? { at: record.at.toISOString() } : {}),
        source: recordSource!,
        occurredAt: record.at ?? input.from,
      });
      continue;
    }
    const entry = matched.get(matchKey(order)) ?? { order, records: [] };
    entry.records.push(record);
    matched.set(matchKey(order), entry);
  }
  for (const { order, records: mine } of matched.values()) {
    const record = latestOf(mine);
    judged(order, { state: theirStateOfRecord(record), amountMinor: record.amountMinor, currency: record.currency }, recordSource!, record.operatorReference ? { operatorReference: record.operatorReference } : {}, record.at);
  }

  // 2. Our orders of the window the records did not settle: asked one by one where the operator can be.
  const toAsk: { order: OurOrder; recorded: boolean }[] = [];
  const unreadable = new Set<Direction>();
  for (const order of inWindow) {
    if (matched.has(matchKey(order))) continue;
    const recorded = records && covers.has(order.direction) ? records : null;
    if (order.state === "open") {
      counts.inFlight++;
      continue;
    }
    // Absent from the operator's list of what moved, and nothing moved for us either: agreed.
    if (recorded && order.state === "not_moved") {
      counts.compared++;
      counts.agreed++;
      agreed.add(matchKey(order));
      continue;
    }
    if (readable.has(order.direction)) toAsk.push({ order, recorded: recorded !== null });
    else if (recorded) judged(order, { state: "absent", amountMinor: null, currency: null }, recordSource!, { why: "absent from the operator's records" });
    else {
      counts.unanswered++;
      unreadable.add(order.direction);
    }
  }
  for (const direction of unreadable) notes.push(`${direction} orders cannot be asked of this operator one by one (its status check is not a plain read): reconcile them with its statement (recon:import)`);

  let unansweredNoted = false;
  await eachLimited(toAsk, input.concurrency ?? 4, async ({ order, recorded }) => {
    const outcome = await askStatus(serving, order);
    const state = theirStateOfOutcome(outcome, order.state);
    // Paid for us, absent from what the operator's own records say moved, and no answer to say
    // otherwise: the records stand (a record on the next day's file clears it then).
    if (state === null && recorded) return judged(order, { state: "absent", amountMinor: null, currency: null }, recordSource!, { why: "absent from the operator's records; its status could not be read" });
    if (state === null) {
      counts.unanswered++;
      if (!unansweredNoted) notes.push(`the operator gave no answer for some orders (${"message" in outcome && outcome.message ? outcome.message : outcome.status}): asked again next run`);
      unansweredNoted = true;
      return;
    }
    const amount = outcome.status === "success" && outcome.amount ? outcome.amount : null;
    const extra: Record<string, unknown> = { ...("raw" in outcome && outcome.raw ? { raw: outcome.raw } : {}), ...("operatorReference" in outcome && outcome.operatorReference ? { operatorReference: outcome.operatorReference } : {}) };
    judged(order, { state, amountMinor: amount?.minor ?? null, currency: amount?.currency ?? null }, "status", extra);
  });
  // What this run found differing for an order is not cleared by another of its references agreeing.
  const differing = new Set(mismatches.map((m) => `${m.orderId}|${m.reference}`));
  const agreedIds = [...agreed].filter((k) => !differing.has(k)).map((k) => {
    const [orderId, ...reference] = k.split("|");
    return { orderId: orderId!, reference: reference.join("|") };
  });
  return { counts, notes, mismatches, agreedIds, recordSource };

  /** A record under an earlier attempt's reference sent outside the window and a day either side. */
  async function findEarlierAttempt(record: OperatorRecord): Promise<OurOrder | "duplicate" | null> {
    if (!record.reference) return null;
    const [attempt] = await earlierAttempts(db, accountId, environment, { references: [record.reference] });
    if (!attempt || (record.direction && attempt.order.direction !== record.direction)) return null;
    return attempt.duplicate ? "duplicate" : earlierAttemptAsOrder(attempt);
  }
}

/** The status check, as the order engine makes it; an exception is no answer (asked again next run). */
async function askStatus(serving: ServingAccount, order: OurOrder): Promise<ConnectorOutcome> {
  try {
    return await serving.connector.status(serving.context, orderRefOf(order));
  } catch (err) {
    return { status: "pending", message: (err as Error).message };
  }
}

/** Of several records about one order, the one that says where it ends: a reversal, else the latest. */
function latestOf(records: OperatorRecord[]): OperatorRecord {
  const reversed = records.find((r) => r.state === "reversed");
  if (reversed) return reversed;
  return records.reduce((a, b) => ((b.at?.getTime() ?? 0) >= (a.at?.getTime() ?? 0) ? b : a));
}

/** Our orders by reference and by the operator's id, per direction (a refund shares its collect's id at Wave). */
function indexOrders(orders: OurOrder[]) {
  const byKey = new Map<string, OurOrder>();
  for (const o of orders) {
    byKey.set(`r|${o.reference}`, o);
    if (o.operatorReference) {
      const key = `${o.direction}|o|${o.operatorReference}`;
      const seen = byKey.get(key);
      // Of several (a refund that failed, then one that went through), the one whose money moved.
      if (!seen || (seen.state !== "moved" && o.state === "moved")) byKey.set(key, o);
    }
  }
  return {
    find(record: OperatorRecord): OurOrder | null {
      const byRef = record.reference ? byKey.get(`r|${record.reference}`) : undefined;
      if (byRef && (!record.direction || byRef.direction === record.direction)) return byRef;
      if (!record.operatorReference) return null;
      for (const d of record.direction ? [record.direction] : DIRECTIONS) {
        const o = byKey.get(`${d}|o|${record.operatorReference}`);
        if (o) return o;
      }
      return null;
    },
  };
}

/**
 * Ends the open order mismatches this run found agreeing, per order and reference (an order's
 * earlier attempt is judged under its own): the operator's own answer is the evidence.
 */
async function clearAgreed(db: Db, scope: { environment: AppEnvironment; accountId: string; runId: string; now: Date }, all: { orderId: string; reference: string }[], how: MismatchSource): Promise<number> {
  let cleared = 0;
  for (let i = 0; i < all.length; i += 500) {
    const { count } = await db.reconciliationMismatch.updateMany({
      where: { environment: scope.environment, accountId: scope.accountId, OR: all.slice(i, i + 500), kind: { in: [...ORDER_KINDS] }, resolvedAt: null },
      data: { resolvedAt: scope.now, resolvedBy: "reconciliation", evidence: `reconciliation ${scope.runId} (${how}) found the operator and our order agreeing` },
    });
    cleared += count;
  }
  return cleared;
}

async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** The operator's statements for the window, fetched through its API and read with its published layout. */
async function fetchedStatements(
  serving: ServingAccount,
  format: StatementFormat,
  fetch: NonNullable<ReconciliationHooks<Record<string, unknown>>["fetchStatements"]>,
  window: { from: Date; to: Date },
): Promise<{ records: OperatorRecord[]; skipped: number }> {
  const currency = accountCurrency(serving.account.settings);
  // Statements state times to the second: a row is the window's when its second is.
  const from = Math.floor(window.from.getTime() / 1000) * 1000;
  const to = Math.ceil(window.to.getTime() / 1000) * 1000;
  const records: OperatorRecord[] = [];
  let skipped = 0;
  for (const text of await fetch(serving.context, window)) {
    const reading = readStatement(text, format, { currency });
    records.push(...reading.records.filter((r) => !r.at || (r.at.getTime() >= from && r.at.getTime() < to)));
    skipped += reading.skipped.length;
  }
  return { records, skipped };
}
