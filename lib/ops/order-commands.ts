import { appEnv } from "@/lib/config";
import { cancelHeldOrder } from "@/lib/orders/cancel-held";
import { listDuplicateCharges } from "@/lib/orders/duplicate-charges";
import { kindOf } from "@/lib/orders/order-kinds";
import { resolveOrder } from "@/lib/orders/resolve-order";
import { listOpenReviews } from "@/lib/orders/review";
import { type OpsCommand, optionalFlag, OpsUsageError, requireFlag } from "./command";

/**
 * Orders in review and their resolution (docs/design/order-lifecycle.md, "Review"): payouts and
 * refunds our timer may not decide, held until the operator answers or an operator resolves them
 * with evidence; and the operator-side cancel of one it holds unpaid. They act on this instance's
 * environment (APP_ENV).
 */
const show = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);
const age = (since: Date) => {
  const minutes = Math.max(0, Math.round((Date.now() - since.getTime()) / 60_000));
  return minutes < 120 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} d`;
};

export const ordersReview: OpsCommand = {
  name: "orders:review",
  summary: "List the payments, payouts, refunds and duplicate charges held for review (oldest first): why, since when, the operator's last answer",
  usage: "orders:review [--json]",
  async run(args, out) {
    const reviews = await listOpenReviews(appEnv());
    const statusOf = async (id: string) => (await kindOf(id)?.load(id))?.status ?? "missing";
    const rows = await Promise.all(reviews.map(async (r) => ({ ...r, status: await statusOf(r.id) })));
    if (args.flags.json) return void out(show(rows));
    if (rows.length === 0) return void out(`No order in review in ${appEnv()}.`);
    for (const r of rows) {
      const last = r.lastAnswer ? `${r.lastAnswer.status}${r.lastAnswer.ambiguous ? " (ambiguous)" : ""}${r.lastAnswer.raw ? ` ${JSON.stringify(r.lastAnswer.raw)}` : ""} at ${r.lastAnswer.at}` : "none";
      out(`${r.id}  ${r.direction}  ${r.status}  ${r.reason}  since ${r.since.toISOString()} (${age(r.since)})  merchant ${r.merchantId}`);
      out(`    ${r.why}; last answer: ${last}; next ask ${r.nextAskAt?.toISOString() ?? "-"}`);
    }
    out(`${rows.length} in review. Resolve one only with the operator's evidence: orders:resolve --id … --outcome success|failed --evidence "…"`);
  },
};

export const ordersResolve: OpsCommand = {
  name: "orders:resolve",
  summary: "Resolve an order in review with the operator's evidence (audited): success finalises its funds, failed releases them",
  usage: 'orders:resolve --id <txn_…|po_…|rf_…|dup_…> --outcome success|failed --evidence "<what shows it>" [--by <your name>]',
  async run(args, out) {
    const id = requireFlag(args, "id");
    const outcome = requireFlag(args, "outcome");
    if (outcome !== "success" && outcome !== "failed") throw new OpsUsageError("--outcome must be success or failed");
    const evidence = optionalFlag(args, "evidence");
    if (!evidence?.trim()) throw new OpsUsageError("--evidence is required: what shows where the money went (the operator's statement, its support's answer, a reference)");
    const by = optionalFlag(args, "by");
    const done = await resolveOrder({ id, outcome, evidence, actor: by ? `ops:${by}` : "ops" });
    out(`${done.id}: ${done.status} (resolved with evidence; audited)`);
  },
};

export const ordersCancelHeld: OpsCommand = {
  name: "orders:cancel-held",
  summary: "Ask the operator to cancel a payout it holds unpaid (pawaPay fail-enqueued; audited): nothing is released until the operator confirms it failed",
  usage: 'orders:cancel-held --id <po_…|rf_…> --evidence "<why, who asked>" [--by <your name>]',
  async run(args, out) {
    const id = requireFlag(args, "id");
    const evidence = optionalFlag(args, "evidence");
    if (!evidence?.trim()) throw new OpsUsageError("--evidence is required: why the order is cancelled and who asked (the merchant's request, the operator's incident, a ticket)");
    const by = optionalFlag(args, "by");
    const done = await cancelHeldOrder({ id, evidence, actor: by ? `ops:${by}` : "ops" });
    const said = `${done.answer}${done.operatorStatus ? ` (${done.operatorStatus})` : ""}${done.message ? `: ${done.message}` : ""}`;
    out(`${done.id}: still ${done.status}, funds held (audited). The operator answered the cancel request ${said}.`);
    if (done.answer === "processing") out("Accepted: the funds are released when the operator reports the order failed (its callback, or connector:recheck to ask now).");
    else if (done.answer === "failed") out("Refused: nothing changes; the order waits for the operator's own answer.");
    else out("No clear answer: nothing changes; ask again later, or connector:recheck to see where it stands.");
    return done.answer === "processing" ? 0 : 1;
  },
};

export const ordersDuplicates: OpsCommand = {
  name: "orders:duplicates",
  summary: "List duplicate charges (newest first): the payment, both references, the amount, where its refund stands",
  usage: "orders:duplicates [--open] [--json]",
  async run(args, out) {
    const charges = await listDuplicateCharges(appEnv(), { open: args.flags.open === true });
    if (args.flags.json) return void out(show(charges));
    if (charges.length === 0) return void out(`No duplicate charge${args.flags.open ? " open" : ""} in ${appEnv()}.`);
    for (const d of charges) {
      out(`${d.id}  ${d.paymentId}  ${d.cause}  ${d.amount} ${d.currency} (minor units)  ${d.provider}  ${d.status}  since ${d.createdAt.toISOString()} (${age(d.createdAt)})  merchant ${d.merchantId}`);
      out(`    charged under ${d.chargedReference}${d.chargedOperatorReference ? ` (operator ${d.chargedOperatorReference})` : ""}; paid under ${d.paidReference ?? "-"}; refund ${d.providerRequestRef ?? "not sent"}${d.review ? `; in review: ${d.review.reason}` : ""}`);
    }
    const held = charges.filter((d) => d.status === "held").length;
    out(`${charges.length} duplicate charge(s), ${held} held. A held one ends with orders:resolve --id dup_… --outcome success (refunded by other means) | failed (left to the merchant) --evidence "…"`);
  },
};

export const orderCommands: OpsCommand[] = [ordersReview, ordersResolve, ordersCancelHeld, ordersDuplicates];
