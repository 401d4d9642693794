import { createHash } from "node:crypto";
import type { Direction } from "@/lib/connectors/connector";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import type { OperatorTruth } from "@/simulators/kit/truth";
import type { CallbackRelay } from "./callbacks";
import { knownGapOf } from "./known-gaps";
import type { WebhookReceiver } from "./listeners";
import type { OperatorUnderTest } from "./operators/operator";
import type { TrackedOrder } from "./run-seed";
import { isoOf } from "./sim-clock";
import type { SimMerchant } from "./world";

/**
 * What must hold at the end of every seed, once every order is final or held for review
 * (docs/design/simulation.md, "Invariants"):
 * 1. every order's state agrees with the operator's truth, or the order is in review — never a
 *    final state the operator contradicts, never an order left open outside review;
 * 2. each merchant's wallets equal the truth: collected − paid out − refunded − fees, to the
 *    minor unit (money the platform still holds for an open payout or refund counts as gone; a
 *    collect held for review counts once its review ends);
 * 3. no payout or refund reached the operator twice under different references, nothing
 *    reached it under a reference no order carries, and no customer was charged twice for one
 *    payment without a recorded duplicate;
 * 4. the ledger reconciles at zero, every order produced each final webhook event once and the
 *    last one is its state, and every event reached the merchant's endpoint;
 * 5. nothing left review without the operator's answer or an evidenced resolution.
 */
export type Violation = {
  /** 1–5 as above, 6: reconciliation (reconciliation-check.ts); 0: the run itself broke (an error the harness or the platform threw). */
  invariant: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  subject: string;
  message: string;
  timeline?: string[];
  /** The open known gap (known-gaps.ts) that explains it: reported apart, does not fail the run. */
  known?: string;
};

type Row = { id: string; status: string; amount: bigint; currency: string; merchantId: string; connectorAccountId: string | null; providerRequestRef: string | null };
type TruthRow = OperatorTruth & { account: string; destination?: string };

const SUCCESS: Record<Direction, string[]> = { collect: ["success", "refunded"], payout: ["success"], refund: ["success"] };
const OPEN = ["pending", "processing"];
const EVENT_PREFIX: Record<Direction, string> = { collect: "payment", payout: "payout", refund: "refund" };

export async function checkInvariants(input: {
  orders: TrackedOrder[];
  operators: OperatorUnderTest[];
  references: Map<string, string>;
  merchants: SimMerchant[];
  receiver: WebhookReceiver;
  relay: CallbackRelay;
}): Promise<{ checked: number; violations: Violation[]; digest: string; table: string[] }> {
  const prisma = await getPrisma();
  const { orders, references } = input;
  const violations: Violation[] = [];
  let checked = 0;
  const ids = orders.map((o) => o.id);
  const payments = await prisma.payment.findMany({ where: { id: { in: ids } } });
  const payouts = await prisma.payout.findMany({ where: { id: { in: ids } } });
  const refunds = await prisma.refund.findMany({ where: { id: { in: ids } } });
  const rows = new Map<string, Row & { fee: bigint; debit: bigint }>();
  for (const p of payments) rows.set(p.id, { ...p, fee: p.fee, debit: 0n });
  for (const p of payouts) rows.set(p.id, { ...p, fee: p.fees, debit: p.debitAmount });
  for (const r of refunds) rows.set(r.id, { ...r, fee: 0n, debit: r.amount });
  const reviews = await prisma.orderReview.findMany({ where: { orderId: { in: ids } } });
  const openReview = new Set(reviews.filter((r) => r.resolvedAt === null).map((r) => r.orderId));

  // The operators' truth, each row attributed to the order that sent its reference.
  const truth: TruthRow[] = input.operators.flatMap((o) => o.truth().map((t) => ({ ...t, account: o.accountId })));
  const { truthOf, orphans } = attribute(truth, orders, references, [...payments, ...payouts, ...refunds]);
  const paidAt = (id: string) => (truthOf.get(id) ?? []).filter((t) => t.state === "succeeded").length;
  const reversedAt = (id: string) => (truthOf.get(id) ?? []).some((t) => t.state === "reversed");
  const pendingAt = (id: string) => (truthOf.get(id) ?? []).some((t) => t.state === "pending");
  const says = (id: string) => (truthOf.get(id) ?? []).map((t) => t.state).join("+") || "nothing";

  // Each order's status changes (invariants 1 and 4).
  const changes = [
    ...(await prisma.paymentStatusChange.findMany({ where: { paymentId: { in: ids } }, orderBy: { id: "asc" } })).map((c) => ({ id: c.paymentId, from: c.fromStatus as string | null, to: c.toStatus as string, reason: c.reason })),
    ...(await prisma.payoutStatusChange.findMany({ where: { payoutId: { in: ids } }, orderBy: { id: "asc" } })).map((c) => ({ id: c.payoutId, from: c.fromStatus as string | null, to: c.toStatus as string, reason: c.reason })),
    ...(await prisma.refundStatusChange.findMany({ where: { refundId: { in: ids } }, orderBy: { id: "asc" } })).map((c) => ({ id: c.refundId, from: c.fromStatus as string | null, to: c.toStatus as string, reason: c.reason })),
  ];
  const failedAt = (t: TruthRow[]) => t.some((r) => r.state === "failed");

  // ── 1. final states agree with the operator, or the order is in review ──
  for (const order of orders) {
    checked++;
    const row = rows.get(order.id);
    if (!row) {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: no such order in the database` });
      continue;
    }
    const inReview = openReview.has(order.id);
    // Money leaving us is released only on the operator's failure: a payout or refund failed here
    // at any point while the operator never failed it (it paid, returned or still holds it) was
    // released on our own, whatever came after (a late success applied again, a review).
    const releases = order.direction === "collect" ? [] : changes.filter((c) => c.id === order.id && c.to === "failed");
    const truthHere = truthOf.get(order.id) ?? [];
    if (releases.length > 0 && truthHere.length > 0 && !failedAt(truthHere)) {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: failed here (released: ${releases.map((c) => c.reason ?? "no reason").join("; ")}) though the operator never failed it (${says(order.id)})` });
      continue;
    }
    const success = SUCCESS[order.direction].includes(row.status);
    const open = OPEN.includes(row.status);
    if (open && !inReview) violations.push({ invariant: 1, subject: order.id, message: `${order.label}: left ${row.status} at the end, not in review (operator: ${says(order.id)})` });
    if (inReview || open) continue;
    if (success && reversedAt(order.id) && row.status !== "reversed") {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: ${row.status} here, but the operator reversed it (money back)` });
    } else if (success && paidAt(order.id) === 0 && !reversedAt(order.id)) {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: ${row.status} here, the operator says ${says(order.id)}` });
    } else if (!success && paidAt(order.id) > 0 && row.status !== "reversed") {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: ${row.status} here, but the operator moved the money (${says(order.id)})` });
    } else if (!success && order.direction !== "collect" && pendingAt(order.id)) {
      violations.push({ invariant: 1, subject: order.id, message: `${order.label}: ${row.status} (released) while the operator still holds it (${says(order.id)})` });
    }
  }

  // ── 3. nothing reached an operator twice, nor under a reference no order carries ──
  for (const order of orders) {
    checked++;
    const rowsAt = truthOf.get(order.id) ?? [];
    if (order.direction === "collect") {
      if (paidAt(order.id) > 1 && !(await duplicateRecorded(order.id))) {
        violations.push({ invariant: 3, subject: order.id, message: `${order.label}: the customer paid ${paidAt(order.id)} times (${rowsAt.map((t) => t.reference).join(", ")}) and no duplicate charge is recorded` });
      }
    } else {
      const live = rowsAt.filter((t) => t.state !== "failed");
      if (live.length > 1) violations.push({ invariant: 3, subject: order.id, message: `${order.label}: at the operator under ${live.length} references (${live.map((t) => `${t.reference} ${t.state}`).join(", ")})` });
    }
  }
  for (const t of orphans) {
    checked++;
    if (t.state === "failed") continue;
    violations.push({ invariant: 3, subject: `${t.account}|${t.reference}`, message: `${t.direction} ${t.amountMinor} ${t.currency} ${t.state} at ${t.account} under ${t.reference}, which no order carries${t.destination ? ` (to ${t.destination})` : ""}` });
  }

  // Orders whose violation an open known gap explains (known-gaps.ts).
  const knownOrders = new Map<string, string>();
  for (const v of violations) {
    const gap = knownGapOf(orders.find((o) => o.id === v.subject), v);
    if (gap) {
      v.known = gap.id;
      knownOrders.set(v.subject, gap.id);
    }
  }

  // ── 2. wallets = collected − paid out − refunded − fees ──
  for (const merchant of input.merchants) {
    checked++;
    /** What the merchant's wallets hold by the truth; `platformSide`: orders counted as the platform sees them instead. */
    const expectedBy = (platformSide: Set<string>) => {
      const expected = new Map<string, bigint>();
      let reversedFees = 0n;
      const add = (currency: string, amount: bigint) => expected.set(currency, (expected.get(currency) ?? 0n) + amount);
      for (const order of orders.filter((o) => o.merchant === merchant)) {
        const row = rows.get(order.id);
        if (!row) continue;
        const holds = OPEN.includes(row.status) || openReview.has(order.id);
        const moved = platformSide.has(order.id) ? SUCCESS[order.direction].includes(row.status) : paidAt(order.id) > 0;
        const reversed = !platformSide.has(order.id) && reversedAt(order.id);
        if (order.direction === "collect") {
          // A collect held for review is credited on the operator's answer or an evidenced
          // resolution; until then what the operator took is not yet the merchant's (and
          // invariant 1 accepts the review).
          if (moved && !openReview.has(order.id)) add(row.currency, row.amount - row.fee);
        } else if (order.direction === "payout") {
          const p = payouts.find((x) => x.id === order.id)!;
          if ((moved && !reversed) || holds) add(p.debitCurrency, -p.debitAmount);
          if (reversed && !holds) reversedFees += p.fees;
        } else if (moved || holds) add(row.currency, -row.amount);
      }
      return { expected, reversedFees };
    };
    const accounts = await prisma.ledgerAccount.findMany({ where: { merchantId: merchant.id, environment: "production" } });
    const actual = new Map<string, bigint>();
    for (const a of accounts) actual.set(a.currency, (actual.get(a.currency) ?? 0n) + a.available + a.pending);
    const receivable = await prisma.$queryRaw<{ currency: string; amount: string }[]>`
      SELECT p.currency, SUM(p.amount)::text AS amount FROM ledger_postings p
      JOIN ledger_entries e ON e.id = p.entry_id JOIN ledger_accounts a ON a.id = p.account_id
      WHERE e.merchant_id = ${merchant.id} AND a.type = 'merchant_receivable' GROUP BY p.currency`;
    for (const r of receivable) actual.set(r.currency, (actual.get(r.currency) ?? 0n) + BigInt(r.amount));
    const strict = expectedBy(new Set());
    const lenient = expectedBy(new Set(knownOrders.keys()));
    // A reversal may give back the principal only, keeping the fee: either is the truth's account.
    const agrees = (e: ReturnType<typeof expectedBy>, currency: string, have: bigint) => have === (e.expected.get(currency) ?? 0n) || have === (e.expected.get(currency) ?? 0n) - e.reversedFees;
    for (const currency of new Set([...strict.expected.keys(), ...actual.keys()])) {
      const want = strict.expected.get(currency) ?? 0n;
      const have = actual.get(currency) ?? 0n;
      if (agrees(strict, currency, have)) continue;
      const gaps = [...new Set([...knownOrders].filter(([id]) => orders.find((o) => o.id === id)?.merchant === merchant).map(([, gap]) => gap))];
      violations.push({
        invariant: 2,
        subject: merchant.id,
        message: `merchant ${merchant.index} (${merchant.country}): wallets hold ${have} ${currency}, the operators' truth says ${want} (difference ${have - want})`,
        ...(gaps.length > 0 && agrees(lenient, currency, have) ? { known: gaps.join(", ") } : {}),
      });
    }
  }

  // ── 4. the ledger reconciles; final events once each, the last one the state; all delivered ──
  checked++;
  const report = await reconcileLedger();
  if (!report.ok) {
    const parts = [
      ...report.unbalancedEntries.map((e) => `entry ${e.entryId} unbalanced by ${e.sum} ${e.currency}`),
      ...report.malformedEntries.map((e) => `entry ${e.entryId}: ${e.problem}`),
      ...report.accountDifferences.map((d) => `account ${d.accountId} stored ${d.stored.available}/${d.stored.pending}, postings ${d.computed.available}/${d.computed.pending}`),
      ...report.settlementDifferences.map((d) => `account ${d.accountId} pending ${d.pending} vs unsettled ${d.unsettled}`),
      ...report.holdDifferences.map((d) => `${d.accountId} in flight ${d.inFlight} vs held ${d.held}`),
    ];
    violations.push({ invariant: 4, subject: "ledger", message: `the ledger does not reconcile: ${parts.slice(0, 5).join("; ")}` });
  }
  const events = await prisma.webhookEvent.findMany({ where: { merchantId: { in: input.merchants.map((m) => m.id) } }, orderBy: [{ createdAt: "asc" }, { seq: "asc" }] });
  const eventsOf = new Map<string, typeof events>();
  for (const e of events) {
    const data = (e.payload as { data?: { refundId?: string; transactionId?: string } }).data ?? {};
    const subject = e.type.startsWith("refund.") ? data.refundId : data.transactionId;
    if (subject) eventsOf.set(subject, [...(eventsOf.get(subject) ?? []), e]);
  }
  // Each time an order reached a final state, one event of that state; no final event without such a change.
  for (const order of orders) {
    checked++;
    const row = rows.get(order.id);
    if (!row) continue;
    const prefix = EVENT_PREFIX[order.direction];
    const isFinal = (status: string) => !OPEN.includes(status);
    const reached = changes.filter((c) => c.id === order.id && isFinal(c.to) && c.from !== c.to).map((c) => `${prefix}.${c.to}`);
    const finals = (eventsOf.get(order.id) ?? []).map((e) => e.type).filter((t) => t.startsWith(`${prefix}.`) && !t.startsWith("payout.bulk") && isFinal(t.slice(prefix.length + 1)));
    if (reached.join() !== finals.join()) {
      violations.push({ invariant: 4, subject: order.id, message: `${order.label}: final states reached [${reached.join(", ")}], final events sent [${finals.join(", ")}]` });
    } else if (isFinal(row.status) && finals[finals.length - 1] !== `${prefix}.${row.status}`) {
      violations.push({ invariant: 4, subject: order.id, message: `${order.label}: ${row.status}, but its last final event is ${finals[finals.length - 1] ?? "none"}` });
    }
  }
  const delivered = new Set(input.receiver.received.map((r) => r.eventId));
  for (const e of events) {
    checked++;
    if (!delivered.has(e.id)) violations.push({ invariant: 4, subject: e.id, message: `webhook ${e.type} (${e.transactionId ?? "-"}) never reached the merchant (status ${e.status}, ${e.attempts} attempts)` });
  }

  // ── 5. out of review only on the operator's word or an evidenced resolution ──
  for (const review of reviews.filter((r) => r.resolvedAt !== null)) {
    checked++;
    const id = review.orderId;
    const ok =
      (review.resolution === "operator_success" && paidAt(id) > 0) ||
      (review.resolution === "operator_failed" && paidAt(id) === 0 && !pendingAt(id)) ||
      (review.resolution === "operator_reversed" && reversedAt(id)) ||
      ((review.resolution === "resolved_success" || review.resolution === "resolved_failed") && (review.evidence ?? "").trim().length >= 10);
    if (!ok) violations.push({ invariant: 5, subject: id, message: `review of ${id} (${review.reason}) closed as ${review.resolution} by ${review.resolvedBy ?? "the engine"}; the operator says ${says(id)}${review.evidence ? `, evidence "${review.evidence}"` : ""}` });
  }

  for (const v of violations) {
    const gap = v.known ? undefined : knownGapOf(orders.find((o) => o.id === v.subject), v);
    if (gap) v.known = gap.id;
  }
  for (const v of violations) if (rows.has(v.subject)) v.timeline = await timeline(v.subject, orders.find((o) => o.id === v.subject)!, truthOf.get(v.subject) ?? [], input.relay);

  const material = JSON.stringify(
    orders.map((o) => [o.label, rows.get(o.id)?.status, says(o.id), (eventsOf.get(o.id) ?? []).map((e) => e.type)]),
    (_k, v) => (typeof v === "bigint" ? v.toString() : v),
  );
  if (process.env.SIMULATION_DIGEST_FILE) (await import("node:fs")).writeFileSync(process.env.SIMULATION_DIGEST_FILE, material.replace(/\],\[/g, "],\n["));
  const digest = createHash("sha256").update(material).digest("hex").slice(0, 16);
  const table = orders.map((o, i) => `#${i} ${o.label} [${o.kinds.join(", ")}] → ${rows.get(o.id)?.status ?? "?"}${openReview.has(o.id) ? " (in review)" : ""}; operator: ${says(o.id)}`);
  return { checked, violations, digest, table };
}

const DIRECTION_OF_PREFIX: Record<string, Direction> = { txn: "collect", po: "payout", rf: "refund" };
const directionOf = (id: string): Direction | undefined => DIRECTION_OF_PREFIX[id.split("_")[0]!];

/**
 * Which order each truth row belongs to: the order that stored the reference it was sent under
 * (every reference the harness saw stored, earlier attempts included), or whose operator id it
 * is; a refund an operator keeps under its collect's reference (Wave, Airtel) goes to a refund of
 * that payment; a row an operator keeps under an id of its own (Daraja's CheckoutRequestID) goes
 * to the order sent to its destination. What stays unattributed reached the operator under a
 * reference no order carries.
 */
function attribute(
  truth: TruthRow[],
  orders: TrackedOrder[],
  references: Map<string, string>,
  rows: { id: string; connectorAccountId: string | null; providerRequestRef: string | null; providerReference: string | null }[],
): { truthOf: Map<string, TruthRow[]>; orphans: TruthRow[] } {
  const byKey = new Map<string, Set<string>>();
  const index = (account: string | null, reference: string | null, id: string) => {
    if (!account || !reference) return;
    const key = `${account}|${reference}`;
    byKey.set(key, (byKey.get(key) ?? new Set()).add(id));
  };
  for (const [key, id] of references) {
    const [account, ...rest] = key.split("|");
    index(account!, rest.join("|"), id);
  }
  for (const r of rows) {
    index(r.connectorAccountId, r.providerRequestRef, r.id);
    index(r.connectorAccountId, r.providerReference, r.id);
  }
  const truthOf = new Map<string, TruthRow[]>();
  const orphans: TruthRow[] = [];
  const give = (id: string, t: TruthRow) => truthOf.set(id, [...(truthOf.get(id) ?? []), t]);
  const taken = (id: string) => (truthOf.get(id) ?? []).length > 0;
  for (const t of truth) {
    const direct = [...(byKey.get(`${t.account}|${t.reference}`) ?? [])].find((id) => directionOf(id) === t.direction);
    if (direct) {
      give(direct, t);
      continue;
    }
    if (t.direction === "refund" && t.refundOf) {
      const payment = [...(byKey.get(`${t.account}|${t.refundOf}`) ?? [])].find((id) => directionOf(id) === "collect");
      const refunds = orders.filter((o) => o.direction === "refund" && o.paymentId === payment);
      const refund = refunds.find((o) => !taken(o.id)) ?? refunds[0];
      if (refund) {
        give(refund.id, t);
        continue;
      }
    }
    if (t.destination) {
      const sentThere = orders.filter((o) => o.direction === t.direction && o.phone === t.destination && o.operator.accountId === t.account);
      const order = sentThere.find((o) => !taken(o.id)) ?? sentThere[0];
      if (order) {
        give(order.id, t);
        continue;
      }
    }
    orphans.push(t);
  }
  return { truthOf, orphans };
}

/**
 * A duplicate charge the platform recorded: an event or a review naming a duplicate for the
 * payment (the attempts work records them; tolerant of how it names them).
 */
async function duplicateRecorded(paymentId: string): Promise<boolean> {
  const prisma = await getPrisma();
  const events = await prisma.webhookEvent.count({ where: { transactionId: paymentId, type: { contains: "duplicate" } } });
  const reviews = await prisma.orderReview.count({ where: { orderId: paymentId, reason: { contains: "duplicate" } } });
  return events + reviews > 0;
}

/** The order's story, for a violation: status changes, operator calls, callbacks, events, truth. */
export async function timeline(id: string, order: TrackedOrder, truth: TruthRow[], relay: CallbackRelay): Promise<string[]> {
  const prisma = await getPrisma();
  const lines: { at: number; line: string }[] = [];
  const changes =
    order.direction === "collect"
      ? await prisma.paymentStatusChange.findMany({ where: { paymentId: id } })
      : order.direction === "payout"
        ? await prisma.payoutStatusChange.findMany({ where: { payoutId: id } })
        : await prisma.refundStatusChange.findMany({ where: { refundId: id } });
  for (const c of changes) lines.push({ at: c.createdAt.getTime(), line: `status ${c.fromStatus ?? "∅"} → ${c.toStatus}${c.reason ? ` (${c.reason})` : ""}` });
  for (const c of await prisma.connectorCall.findMany({ where: { subjectId: id } })) {
    // The operator's word in its answer: a status field where there is one, else the start of the body.
    const said = c.responseExcerpt?.match(/"(?:status|ResultCode|ResultDesc|payment_status|checkout_status|errorMessage|message)"\s*:\s*"?([^",}]+)/g)?.join(" ");
    const answer = c.responseExcerpt ? ` ${said ?? c.responseExcerpt.replace(/\s+/g, " ").slice(0, 100)}` : "";
    lines.push({ at: c.createdAt.getTime(), line: `operator ${c.operation} ${c.method} ${c.urlPath} → ${c.httpStatus ?? c.outcome}${c.error ? ` (${c.error.slice(0, 80)})` : answer}` });
  }
  const refs = truth.map((t) => t.reference);
  for (const d of relay.delivered) if (d.body.includes(id) || refs.some((r) => d.body.includes(r))) lines.push({ at: d.at, line: `callback${d.forged ? " (forged)" : ""} → ${d.status}: ${d.body.slice(0, 120)}` });
  for (const e of await prisma.webhookEvent.findMany({ where: { OR: [{ transactionId: id }, { payload: { path: ["data", "refundId"], equals: id } }] } })) {
    lines.push({ at: e.createdAt.getTime(), line: `event ${e.type} (${e.status}, ${e.attempts} attempts)` });
  }
  for (const r of await prisma.orderReview.findMany({ where: { orderId: id } })) {
    lines.push({ at: r.since.getTime(), line: `review ${r.reason}${r.resolvedAt ? `, closed ${isoOf(r.resolvedAt.getTime())} as ${r.resolution}` : ", open"}` });
  }
  lines.sort((a, b) => a.at - b.at);
  return [
    `${order.label} — behaviour: ${order.kinds.join(", ") || "none"}; created ${isoOf(order.createdAt)}`,
    ...lines.map((l) => `  ${isoOf(l.at)}  ${l.line}`),
    `  operator truth: ${truth.map((t) => `${t.reference} ${t.state}`).join("; ") || "nothing"}`,
  ];
}
