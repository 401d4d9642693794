/**
 * MTN's sandbox test numbers (lib/connectors/mtn-momo/README.md): 46733123450…463 pick a scenario by their last
 * two digits; any other number succeeds. Two readings of the outcomes exist: the documented one
 * [M] and one field report [L] (50-52 plain FAILED without a reason, 54 CREATED then SUCCESSFUL
 * after ~25 s); the simulator's `sandboxVariant` option picks one.
 */
export type MtnStatus = "PENDING" | "CREATED" | "ONGOING" | "SUCCESSFUL" | "FAILED" | "REJECTED" | "TIMEOUT";

/** What a request becomes: `final` at `afterSeconds` (virtual clock), `interim` until then. */
export type Plan = {
  interim: "PENDING" | "CREATED" | "ONGOING";
  final: { status: MtnStatus; reason?: string } | null;
  afterSeconds: number;
  /** Sandbox scenarios run their own course; the payer approval window does not apply. */
  exemptFromWindow?: boolean;
};

export type SandboxVariant = "documented" | "field-report";

const PREFIX = "467331234";
const DELAYED_SECONDS = 25; // the field report's figure; the documented page gives none

const failed = (reason?: string): Plan => ({ interim: "PENDING", final: { status: "FAILED", reason }, afterSeconds: 0, exemptFromWindow: true });
const ongoing: Plan = { interim: "PENDING", final: null, afterSeconds: 0, exemptFromWindow: true };
const delayed = (variant: SandboxVariant): Plan => ({
  interim: variant === "field-report" ? "CREATED" : "PENDING",
  final: { status: "SUCCESSFUL" },
  afterSeconds: DELAYED_SECONDS,
  exemptFromWindow: true,
});
const first3 = (variant: SandboxVariant, reasons: [string, string, string]) => reasons.map((r) => failed(variant === "field-report" ? undefined : r));

/** requesttopay and deposit, 50→63. */
function collectionTable(variant: SandboxVariant): Plan[] {
  return [
    ...first3(variant, ["INTERNAL_PROCESSING_ERROR", "APPROVAL_REJECTED", "EXPIRED"]), // PayerFailed, PayerRejected, PayerExpired
    ongoing, // PayerOngoing
    delayed(variant), // PayerDelayed
    failed("PAYER_NOT_FOUND"),
    failed("PAYEE_NOT_ALLOWED_TO_RECEIVE"),
    failed("NOT_ALLOWED"),
    failed("NOT_ALLOWED_TARGET_ENVIRONMENT"),
    failed("INVALID_CALLBACK_URL_HOST"),
    failed("INVALID_CURRENCY"),
    failed("INTERNAL_PROCESSING_ERROR"),
    failed("SERVICE_UNAVAILABLE"),
    failed("COULD_NOT_PERFORM_TRANSACTION"),
  ];
}

/** transfer, 50→63. */
function transferTable(variant: SandboxVariant): Plan[] {
  return [
    ...first3(variant, ["INTERNAL_PROCESSING_ERROR", "APPROVAL_REJECTED", "EXPIRED"]), // PayeeFailed, PayeeRejected, PayeeExpired
    ongoing, // PayeeOngoing
    delayed(variant), // PayeeDelayed
    failed("NOT_ENOUGH_FUNDS"), // PayeeNotEnoughFunds
    failed("PAYER_LIMIT_REACHED"),
    failed("PAYEE_NOT_FOUND"),
    failed("NOT_ALLOWED"),
    failed("NOT_ALLOWED_TARGET_ENVIRONMENT"),
    failed("INVALID_CALLBACK_URL_HOST"),
    failed("INVALID_CURRENCY"),
    failed("INTERNAL_PROCESSING_ERROR"),
    failed("SERVICE_UNAVAILABLE"),
  ];
}

export function sandboxPlan(kind: "requesttopay" | "transfer" | "deposit", msisdn: string, variant: SandboxVariant): Plan | null {
  if (!msisdn.startsWith(PREFIX) || msisdn.length !== PREFIX.length + 2) return null;
  const index = Number(msisdn.slice(PREFIX.length)) - 50;
  const table = kind === "transfer" ? transferTable(variant) : collectionTable(variant);
  return table[index] ?? null;
}

/**
 * Refund scenarios by `referenceIdToRefund` "1"…"13". The reference names only the first six
 * (NotFound, Failed, Rejected, Expired, Ongoing, Delayed); 7-13 are undocumented and succeed here.
 */
export function sandboxRefundPlan(referenceIdToRefund: string, variant: SandboxVariant): Plan | null {
  if (!/^([1-9]|1[0-3])$/.test(referenceIdToRefund)) return null;
  const n = Number(referenceIdToRefund);
  const plans: Record<number, Plan> = {
    1: failed("RESOURCE_NOT_FOUND"),
    2: failed("INTERNAL_PROCESSING_ERROR"),
    3: failed("APPROVAL_REJECTED"),
    4: failed("EXPIRED"),
    5: ongoing,
    6: delayed(variant),
  };
  return plans[n] ?? { interim: "PENDING", final: { status: "SUCCESSFUL" }, afterSeconds: 0, exemptFromWindow: true };
}

/** accountholder/{type}/{id}/active, 50→55. */
export type ActiveAnswer = { http: number; body: unknown };
export function sandboxActiveAnswer(msisdn: string): ActiveAnswer | null {
  if (!msisdn.startsWith(PREFIX) || msisdn.length !== PREFIX.length + 2) return null;
  const answers: ActiveAnswer[] = [
    { http: 404, body: { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." } }, // not found
    { http: 200, body: { result: false } }, // not active
    { http: 500, body: { code: "NOT_ALLOWED", message: "Authorization failed. Insufficient permissions." } },
    { http: 500, body: { code: "NOT_ALLOWED_TARGET_ENVIRONMENT", message: "Access to target environment is forbidden." } },
    { http: 500, body: { code: "INTERNAL_PROCESSING_ERROR", message: "An internal error occurred while processing." } },
    { http: 503, body: { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." } },
  ];
  return answers[Number(msisdn.slice(PREFIX.length)) - 50] ?? null;
}
