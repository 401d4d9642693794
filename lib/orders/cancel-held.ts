import { writeAudit } from "@/lib/audit/write-audit";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { servingAccount } from "@/lib/connectors/get-route";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { onClock, orderRefFor } from "./drive-order";
import { kindOf } from "./order-kinds";
import { MIN_EVIDENCE_LENGTH } from "./resolve-order";

/**
 * An operator-side cancel of an order the operator holds and has not paid (`ops
 * orders:cancel-held`): pawaPay's `fail-enqueued` for a payout it keeps ENQUEUED while its
 * provider is down. It only ASKS the operator (the connector's `cancelHeld`); nothing is released
 * here, whatever the answer. The money comes back when the operator confirms — its FAILED status,
 * by callback or by the next status check, applied as any answer is — because an accepted cancel
 * request is not yet a cancelled payout (docs/design/order-lifecycle.md, "The rule", 3).
 *
 * Refused without a reason (evidence: why cancel, who asked), for an order not out with an
 * operator, and where the connector has no cancel. Every request is audited with the operator's
 * answer, accepted or not.
 */
export type CancelHeldInput = { id: string; evidence: string; actor: string; now?: Date };
export type CancelHeldResult = { id: string; status: string; answer: ConnectorOutcome["status"]; operatorStatus: string | null; message: string | null };

export async function cancelHeldOrder(input: CancelHeldInput): Promise<CancelHeldResult> {
  const evidence = input.evidence.trim();
  if (evidence.length < MIN_EVIDENCE_LENGTH) {
    throw new AppError("validation_error", `Say why the order is cancelled and who asked (at least ${MIN_EVIDENCE_LENGTH} characters): the merchant's request, the operator's incident, a ticket.`);
  }
  const kind = kindOf(input.id);
  const row = kind ? await kind.load(input.id) : null;
  if (!kind || !row) throw new AppError("not_found", `No payment, payout or refund ${input.id}.`);
  const order = kind.snapshot(row);
  if (kind.direction === "collect") throw new AppError("invalid_state", `${input.id} is a payment: only money leaving us (a payout, a refund) is cancelled at the operator.`);
  if (!kind.isAwaitingAnswer(row) || !order.requestRef) {
    throw new AppError("invalid_state", `${input.id} is ${row.status}${order.requestRef ? "" : " and was never sent"}: only an order out with its operator, waiting for its answer, can be cancelled there.`);
  }
  const found = await servingAccount(order.accountId, order.environment);
  if (!found) throw new AppError("invalid_state", `The connector account that sent ${input.id} (${order.accountId ?? "built-in"}) is gone.`);
  const now = input.now ?? new Date();
  const serving = onClock(found, now);
  const cancel = serving.connector.cancelHeld;
  if (!cancel) throw new AppError("invalid_state", `The ${serving.connector.type} connector cannot ask its operator to cancel a held order; wait for the operator's answer, or resolve it with evidence (orders:resolve).`);

  let answer: ConnectorOutcome;
  try {
    answer = await cancel.call(serving.connector, serving.context, await orderRefFor(kind, row, order.requestRef));
  } catch (err) {
    answer = { status: "pending", message: (err as Error).message };
  }
  const operatorStatus = "raw" in answer && answer.raw?.status ? answer.raw.status : null;
  const message = "message" in answer && answer.message ? answer.message : null;
  log.warn("asked the operator to cancel a held order", { id: input.id, direction: kind.direction, actor: input.actor, answer: answer.status, operatorStatus });
  await writeAudit(await getPrisma(), {
    merchantId: order.merchantId,
    environment: order.environment,
    actor: input.actor,
    action: "order.cancel_held_requested",
    details: { orderId: input.id, direction: kind.direction, evidence, answer: answer.status, operatorStatus, message },
  });
  return { id: input.id, status: row.status, answer: answer.status, operatorStatus, message };
}
