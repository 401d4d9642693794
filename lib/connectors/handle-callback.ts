import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/log";
import { applyPaymentStatus } from "@/lib/payments/apply-payment-status";
import { applyPayoutStatus } from "@/lib/payouts/apply-payout-status";
import { applyRefundStatus } from "@/lib/refunds/apply-refund-status";
import { CHECK_ORDER_JOB } from "./check-order-job";
import type { CallbackResult, Direction, IncomingCallback } from "./connector";
import { isBuiltIn } from "./connector-accounts";
import { servingAccount } from "./get-route";
import { redactHeaders, redactText } from "./redact";

/**
 * POST|PUT /api/v1/connectors/{accountId}/callback (DESIGN §13). The connector reads the
 * callback (verifying it first when the operator signs them), then:
 * - unknown account → 404; `rejected` (forged, tampered, stale) → 401, nothing changed;
 * - `hint` (unsigned: MTN, Orange, Daraja) → an immediate `connector.check` job for the order;
 *   the body itself never changes a state;
 * - `verified` → applied at once through apply-payment/payout/refund-status (one short
 *   transaction, well within the operator's 1 s); an outcome that is not an answer (pending,
 *   duplicate) becomes a check job instead;
 * - `ignored`, or a reference we do not know → 200, nothing changed.
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
    return { status: 200, body: { received: true } };
  }
  if (result.kind === "verified") {
    const note = { note: "provider callback" };
    const applied =
      order.kind === "payment"
        ? await applyPaymentStatus(order.row, result.outcome, note)
        : order.kind === "payout"
          ? await applyPayoutStatus(order.row, result.outcome, note)
          : await applyRefundStatus(order.row, result.outcome, note);
    const isAnswer = result.outcome.status === "processing" || result.outcome.status === "success" || result.outcome.status === "failed";
    if (applied || isAnswer) return { status: 200, body: { received: true } };
  }
  // A hint, or a verified message that is not an answer: ask the operator now, in a job.
  const prisma = await getPrisma();
  await enqueueJob(prisma, CHECK_ORDER_JOB, { id: order.row.id }, { dedupeKey: `${CHECK_ORDER_JOB}:${order.row.id}:${Math.floor(Date.now() / 1000)}` });
  return { status: 202, body: { received: true } };
}

/** Our order by the reference we sent, scoped to the account that sent it. */
async function findOrder(accountId: string | null, reference: string, direction: Direction | null) {
  const prisma = await getPrisma();
  const environment = appEnv();
  if (direction !== "payout" && direction !== "refund") {
    const row = await prisma.payment.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } });
    if (row) return { kind: "payment" as const, row };
  }
  if (direction !== "collect" && direction !== "refund") {
    const row = await prisma.payout.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } });
    if (row) return { kind: "payout" as const, row };
  }
  if (direction !== "collect" && direction !== "payout") {
    const row = await prisma.refund.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } });
    if (row) return { kind: "refund" as const, row };
  }
  return null;
}

/** Inbound callbacks join the call record (the provider timeline), redacted as calls are. */
async function recordCallback(accountId: string, callback: IncomingCallback, outcome: string, subjectId: string | null, builtIn: boolean) {
  if (builtIn) return;
  try {
    await (await getPrisma()).connectorCall.create({
      data: {
        accountId,
        operation: "callback",
        subjectId,
        method: callback.method,
        urlPath: new URL(callback.url).pathname,
        latencyMs: 0,
        outcome,
        requestExcerpt: redactText(`${redactHeaders(callback.headers, [])}\n\n${callback.rawBody}`, []),
      },
    });
  } catch (err) {
    log.error("could not record a connector callback", { accountId, error: (err as Error).message });
  }
}
