import { setting } from "@/lib/config";
import { z } from "zod";
import type { Connector, ConnectorOutcome, Direction, NeutralReason, OrderRef } from "../connector";

/**
 * The `simulator` connector: the sandbox's built-in outcomes (docs/design/sandbox.md) behind the connector
 * interface. The last two digits of the phone number (or bank account number) pick the outcome;
 * everything else succeeds, SANDBOX_PROVIDER_DELAY_MS (default 3000; tests use 0) after the
 * submission. It keeps no state and makes no HTTP call: the outcome follows from the destination
 * and the submission time, so any instance, after any restart, gives the same answer.
 *
 * Refunds go back to the payer's phone, whose digits already decided the collect (a payer ending
 * in 90-94 never paid), so a refund's outcome is picked by the last two digits of its amount in
 * minor units instead, with the payout table: refunding 1,090 XOF fails `invalid_recipient`,
 * 1,099 XOF never gets an answer, 1,000 XOF succeeds. A payout ending in 95 is paid, then
 * reversed (REVERSED); a refund of an amount ending in 95 succeeds (refunds are not reversed).
 *
 * Its outcomes are neutral reasons chosen so that the one reason table (platform-error-code.ts)
 * gives back the spec's sandbox codes, and its messages are the ones sandbox merchants always saw.
 */
type Outcome = { reason: NeutralReason; message: string };

/** Exported read-only for the sandbox test numbers the dashboard and /docs show (lib/dashboard/getting-started.ts), which must not restate it. */
export const OUTCOMES: Readonly<Record<"collect" | "payout", Readonly<Record<string, Outcome>>>> = {
  collect: {
    "90": { reason: "insufficient_funds", message: "The customer's wallet balance is too low." },
    "91": { reason: "declined", message: "The customer declined the payment on their phone." },
    "92": { reason: "expired", message: "The customer did not approve the payment in time." },
    "93": { reason: "provider_error", message: "The operator could not process the payment." },
    "94": { reason: "account_not_found", message: "The phone number is not a valid wallet for this operator." },
  },
  payout: {
    "90": { reason: "account_not_found", message: "The recipient's wallet or account does not exist." },
    "91": { reason: "provider_error", message: "The operator could not process the payout." },
    "92": { reason: "account_blocked", message: "The recipient's account is blocked." },
    "93": { reason: "merchant_balance_insufficient", message: "The operator's float is too low for this payout." },
    "94": { reason: "limit_exceeded", message: "The recipient's account limit would be exceeded." },
  },
};

/** "99": the provider never answers; the order stays processing until our timeout. */
export const NO_ANSWER = "99";

/**
 * "95", payouts only: the operator pays the payout, then returns the money (a reversal, as Wave's
 * `reversed`): once the delay has passed the answer is `reversed`, which the engine applies as
 * paid, then reversed, in one transaction (`payout.success`, then `payout.reversed`; the principal
 * back in the wallet, the fee kept). A payment or a refund ending this way simply succeeds.
 */
export const REVERSED = "95";
export const REVERSED_MESSAGE = "The recipient's operator returned the payout.";

export function simulatorDelayMs(): number {
  return setting("SANDBOX_PROVIDER_DELAY_MS");
}

const lastTwoDigits = (value: string) => value.replace(/\D/g, "").slice(-2);
const operatorReference = (id: string) => `sim_${id}`;

export function simulatedOutcome(direction: Direction, order: Pick<OrderRef, "id" | "destination" | "submittedAt" | "amountMinor">, now: Date): ConnectorOutcome {
  // Never sent (a status check before the submit): the operator does not know it.
  if (!order.submittedAt) return { status: "not_found" };
  const reference = operatorReference(order.id);
  const digits = direction === "refund" ? lastTwoDigits(String(order.amountMinor ?? "")) : lastTwoDigits(order.destination ?? "");
  if (digits === NO_ANSWER) return { status: "processing", operatorReference: reference };
  const answersAt = order.submittedAt.getTime() + simulatorDelayMs();
  if (now.getTime() < answersAt) return { status: "processing", operatorReference: reference };
  if (direction === "payout" && digits === REVERSED) return { status: "reversed", operatorReference: reference, message: REVERSED_MESSAGE };
  const failure = OUTCOMES[direction === "collect" ? "collect" : "payout"][digits];
  if (failure) return { status: "failed", reason: failure.reason, message: failure.message, operatorReference: reference };
  return { status: "success", operatorReference: reference, completedAt: new Date(answersAt) };
}

export const simulatorConnector: Connector<Record<string, never>> = {
  type: "simulator",
  capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: false, uuidReference: false, partialRefund: true },
  settingsSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  secretNames: [],
  defaultBaseUrl: null,

  // Accepted at once, under a reference derived from our id (idempotent: the same id, the same answer).
  async collect(_context, order) {
    return { status: "processing", operatorReference: operatorReference(order.transactionId) };
  },
  async payout(_context, order) {
    return { status: "processing", operatorReference: operatorReference(order.payoutId) };
  },
  async refund(_context, order) {
    return { status: "processing", operatorReference: operatorReference(order.refundId) };
  },
  async status(context, order) {
    return simulatedOutcome(order.direction, order, context.now());
  },
  async parseCallback() {
    // The simulator is polled; it sends no callbacks.
    return { kind: "ignored", why: "the simulator sends no callbacks" };
  },
  async checkHealth() {
    return { ok: true, detail: "built-in simulator" };
  },
};
