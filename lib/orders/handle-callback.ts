import { appEnv } from "@/lib/config";
import type { CallbackResult, Direction, IncomingCallback } from "@/lib/connectors/connector";
import { isBuiltIn } from "@/lib/connectors/connector-accounts";
import { servingAccount } from "@/lib/connectors/get-route";
import { redactHeaders, redactText } from "@/lib/observability/redact";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/log";
import { recordUnknownCallbackReference } from "@/lib/reconciliation/record-unknown-callback";
import { applyAttemptAnswer, applyOrderStatus } from "./apply-order-status";
import { findAttempt, noteHintedOperatorReference } from "./attempts";
import { checkOrderJob } from "./check-order-job";
import { kindOf, orderKinds } from "./order-kinds";
import { recordInboundCallback } from "@/lib/connectors/connector-records";

/**
 * POST|PUT /api/v1/connectors/{accountId}/callback. The connector reads the
 * callback (verifying it first when the operator signs them), then:
 * - unknown account → 404; `rejected` (forged, tampered, stale) → 401, nothing changed;
 * - `hint` (unsigned: MTN, Orange, Daraja) → an immediate `connector.check` job for the order;
 *   the body itself never changes a state;
 * - `verified` → applied at once (applyOrderStatus: one short transaction, well within the
 *   operator's 1 s); an outcome that is not an answer (pending,
 *   duplicate) becomes a check job instead;
 * - `ignored` → 200, nothing changed; a reference we do not know → 200, nothing changed, and the
 *   reference kept as a reconciliation mismatch (lib/reconciliation): it may be money we do not know of.
 * The order is found by ANY reference ever sent for it (its attempts, lib/orders/attempts.ts):
 * the late answer of an earlier attempt of a retried checkout is applied as that attempt's
 * (applyAttemptAnswer: the payment takes it back, or a duplicate charge is recorded).
 * Repeated and out-of-order callbacks are harmless: every transition is conditional. A crash of
 * ours is logged and answered 202 with nothing applied (never a 500 to an operator, who would
 * only retry, or give up): the poll stays the safety net.
 */
export type CallbackAnswer = { status: 200 | 202; body: { received: true } };

export async function handleConnectorCallback(accountId: string, callback: IncomingCallback): Promise<CallbackAnswer> {
  const serving = await servingAccount(accountId, appEnv());
  if (!serving) throw new AppError("not_found", "Unknown connector account.");
  let result: CallbackResult;
  try {
    result = await serving.connector.parseCallback(serving.context, callback);
  } catch (err) {
    log.error("connector could not read a callback", { accountId, error: (err as Error).message });
    return { status: 202, body: { received: true } };
  }
  if (result.kind === "rejected") {
    log.warn("connector callback rejected", { accountId, why: result.why });
    await recordCallback(accountId, callback, "rejected", null, isBuiltIn(serving.account));
    throw new AppError("unauthenticated", "The callback could not be verified.");
  }
  try {
    return await act(accountId, isBuiltIn(serving.account), callback, result);
  } catch (err) {
    log.error("connector callback not applied", { accountId, kind: result.kind, error: (err as Error).message });
    return { status: 202, body: { received: true } };
  }
}

async function act(accountId: string, builtIn: boolean, callback: IncomingCallback, result: Exclude<CallbackResult, { kind: "rejected" }>): Promise<CallbackAnswer> {
  if (result.kind === "ignored") {
    await recordCallback(accountId, callback, "ignored", null, builtIn);
    return { status: 200, body: { received: true } };
  }
  const order = await findOrder(builtIn ? null : accountId, result.reference, result.direction);
  await recordCallback(accountId, callback, order ? result.kind : "unknown_reference", order?.row.id ?? null, builtIn);
  if (!order) {
    log.warn("connector callback for an unknown reference", { accountId });
    await keepUnknownReference(accountId, result);
    return { status: 200, body: { received: true } };
  }
  if (result.kind === "verified") {
    const applied = order.attempt
      ? await applyAttemptAnswer(order.kind, order.row, order.attempt, result.outcome, { note: "provider callback" })
      : await applyOrderStatus(order.kind, order.row, result.outcome, { note: "provider callback" });
    const isAnswer = ["processing", "success", "failed", "reversed"].includes(result.outcome.status);
    if (applied || isAnswer) return { status: 200, body: { received: true } };
  }
  if (result.kind === "hint" && result.operatorReference && order.attempt) await noteHintedOperatorReference(order.attempt.id, result.operatorReference);
  // A hint, or a verified message that is not an answer: ask the operator now, in a job, about the attempt it names.
  const prisma = await getPrisma();
  const id = order.row.id;
  await enqueueJob(prisma, checkOrderJob, { id, reference: result.reference }, { dedupeKey: `${checkOrderJob.type}:${id}:${result.reference}:${Math.floor(Date.now() / 1000)}` });
  return { status: 202, body: { received: true } };
}

/**
 * Our order by a reference we sent — any of its attempts — scoped to the account that sent it
 * (and the direction, when the callback says). An order sent before attempts were recorded is
 * found by its current reference.
 */
async function findOrder(accountId: string | null, reference: string, direction: Direction | null) {
  const prisma = await getPrisma();
  const environment = appEnv();
  const attempt = await findAttempt(prisma, reference, accountId, environment, direction);
  const kind = attempt && kindOf(attempt.orderId);
  const row = kind && (await kind.load(attempt.orderId, prisma));
  if (kind && row) return { kind, row, attempt };
  for (const kind of orderKinds) {
    if (direction !== null && kind.direction !== direction) continue;
    const row = await kind.findByReference(prisma, reference, accountId, environment);
    if (row) return { kind, row, attempt: null };
  }
  return null;
}

/** Inbound callbacks join the call record (the provider timeline), redacted as calls are. */
async function recordCallback(accountId: string, callback: IncomingCallback, outcome: string, subjectId: string | null, builtIn: boolean) {
  if (builtIn) return;
  try {
    await recordInboundCallback({
      accountId,
      subjectId,
      method: callback.method,
      urlPath: new URL(callback.url).pathname,
      outcome,
      requestExcerpt: redactText(`${redactHeaders(callback.headers, [])}\n\n${callback.rawBody}`, []),
    });
  } catch (err) {
    log.error("could not record a connector callback", { accountId, error: (err as Error).message });
  }
}

/** A callback about a reference we hold no order for: kept for reconciliation; never changes the operator's answer. */
async function keepUnknownReference(accountId: string, result: Extract<CallbackResult, { kind: "hint" | "verified" }>) {
  try {
    const verified = result.kind === "verified";
    const operatorReference = verified ? ("operatorReference" in result.outcome ? (result.outcome.operatorReference ?? null) : null) : (result.operatorReference ?? null);
    await recordUnknownCallbackReference(await getPrisma(), {
      environment: appEnv(),
      accountId,
      reference: result.reference,
      direction: result.direction,
      verified,
      ...(verified ? { status: result.outcome.status } : {}),
      operatorReference,
      now: new Date(),
    });
  } catch (err) {
    log.error("could not keep a callback's unknown reference", { accountId, error: (err as Error).message });
  }
}
