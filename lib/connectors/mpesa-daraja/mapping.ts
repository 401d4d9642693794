import type { ConnectorOutcome, NeutralReason, RawOperatorStatus } from "../connector";
import { isCurrency, minorPerMajor } from "@/lib/money";
import { parseJsonObject } from "../parse-json-object";

/**
 * Everything Safaricom's Daraja can answer us (README.md), mapped into the neutral model in
 * ONE table: the HTTP answers to a submit (STK push, B2C), the synchronous error envelope codes,
 * the STK `ResultCode`s (query and callback), and the Transaction Status result that confirms a
 * B2C payout. Pure.
 *
 * B2C `ResultCode`s (0, 1, 2001, 8006, 2040, 2028, 11) arrive only in the unsigned B2C result
 * callback, which is a hint (recorded, then confirmed by a Transaction Status query): they are
 * listed for ops reading the recorded callback and for the docs page, never applied.
 */
type Rule =
  | { outcome: "processing" | "pending" | "success" | "from_body" }
  | { outcome: "failed"; reason: NeutralReason };

export const MPESA_MAPPING = {
  /** POST stkpush / b2c paymentrequest / transactionstatus query. */
  submitHttp: {
    200: { outcome: "from_body" }, // ResponseCode "0": accepted (the prompt is queued / the request is queued)
    400: { outcome: "failed", reason: "invalid_request" }, // 400.002.02 invalid field (PhoneNumber, Amount, Timestamp…)
    401: { outcome: "failed", reason: "configuration_error" }, // still 401 after one fresh token, or a wrong Password
    403: { outcome: "failed", reason: "not_allowed" },
    404: { outcome: "failed", reason: "configuration_error" }, // base URL or path wrong
    429: { outcome: "pending" }, // Spike arrest: not taken
    "4xx": { outcome: "failed", reason: "invalid_request" },
    "5xx": { outcome: "pending" }, // outcome unknown, never failed
    other: { outcome: "pending" },
  } satisfies Record<string, Rule>,
  /** `errorCode` of the synchronous envelope `{requestId, errorCode, errorMessage}` where it changes the answer. */
  errorCodes: {
    "500.001.1001": { outcome: "processing" }, // STK query: "The transaction is being processed"
    "400.002.02": { outcome: "failed", reason: "invalid_request" }, // invalid field
    "401.002.01": { outcome: "failed", reason: "configuration_error" }, // invalid access token (after a refresh)
    "404.001.03": { outcome: "failed", reason: "configuration_error" }, // invalid access token (gateway form)
  } satisfies Record<string, Rule>,
  /** STK `ResultCode` (stkpushquery answer and stkCallback). */
  stkResultCodes: {
    "0": { outcome: "success" },
    "1": { outcome: "failed", reason: "insufficient_funds" },
    "1032": { outcome: "failed", reason: "declined" }, // cancelled on the handset
    "2001": { outcome: "failed", reason: "declined" }, // wrong PIN
    "1037": { outcome: "failed", reason: "expired" }, // no answer / handset unreachable
    "1019": { outcome: "failed", reason: "expired" }, // transaction expired
    "1001": { outcome: "failed", reason: "payer_busy" }, // another session open on the handset
    "17": { outcome: "failed", reason: "provider_unavailable" },
    "26": { outcome: "failed", reason: "provider_unavailable" },
    "1025": { outcome: "failed", reason: "provider_error" }, // push not sent (often an over-long description)
    "9999": { outcome: "failed", reason: "provider_error" },
  } satisfies Record<string, Rule>,
  unknownStkResultCode: "other" as NeutralReason,
  /** B2C `ResultCode` of the (unsigned) result callback: recorded, never applied by itself. */
  b2cResultCodes: {
    "0": { outcome: "success" },
    "1": { outcome: "failed", reason: "merchant_balance_insufficient" },
    "2001": { outcome: "failed", reason: "configuration_error" }, // initiator information invalid
    "8006": { outcome: "failed", reason: "configuration_error" }, // security credential locked
    "2040": { outcome: "failed", reason: "account_not_found" }, // recipient not registered
    "2028": { outcome: "failed", reason: "not_allowed" },
    "11": { outcome: "failed", reason: "not_allowed" },
  } satisfies Record<string, Rule>,
  /**
   * `TransactionStatus` in a Transaction Status result (ResultCode 0). Failure detail is
   * undocumented [M]: a failed payout maps to `other`, with the raw status kept.
   */
  transactionStatuses: {
    Completed: { outcome: "success" },
    Pending: { outcome: "processing" },
    Processing: { outcome: "processing" },
    Failed: { outcome: "failed", reason: "other" },
    Declined: { outcome: "failed", reason: "other" },
    Cancelled: { outcome: "failed", reason: "other" },
    Expired: { outcome: "failed", reason: "expired" },
  } satisfies Record<string, Rule>,
} as const;

function pick(table: Record<string, Rule>, httpStatus: number): Rule {
  return table[String(httpStatus)] ?? (httpStatus >= 500 ? table["5xx"] : httpStatus >= 400 ? table["4xx"] : undefined) ?? table.other!;
}

/** `{requestId, errorCode, errorMessage}` of a synchronous error, as our raw record. */
function errorEnvelope(httpStatus: number, body: Record<string, unknown> | null): RawOperatorStatus {
  return {
    status: String(httpStatus),
    code: typeof body?.errorCode === "string" ? body.errorCode : undefined,
    message: typeof body?.errorMessage === "string" ? body.errorMessage.slice(0, 200) : undefined,
  };
}

/**
 * A submit's answer (STK push or B2C): 200 with ResponseCode "0" → processing under the id Daraja
 * gave (`CheckoutRequestID` / `ConversationID`, named by `idField`); an error envelope → the
 * code's rule, else the HTTP rule.
 */
export function mapSubmit(httpStatus: number, text: string, idField: "CheckoutRequestID" | "ConversationID"): ConnectorOutcome {
  const body = parseJsonObject(text);
  if (httpStatus === 200) {
    const code = body?.ResponseCode;
    const id = body?.[idField];
    if (String(code) === "0" && typeof id === "string" && id) {
      return { status: "processing", operatorReference: id, raw: { status: "200", code: "0", message: str(body?.ResponseDescription) } };
    }
    // 200 without an acceptance we can read: we cannot tell whether the prompt went out.
    return { status: "pending", message: "Daraja answered 200 without ResponseCode 0 and an id", raw: { status: "200", code: str(code) } };
  }
  const raw = errorEnvelope(httpStatus, body);
  const byCode = raw.code ? (MPESA_MAPPING.errorCodes as Record<string, Rule>)[raw.code] : undefined;
  const rule = byCode && byCode.outcome !== "processing" ? byCode : pick(MPESA_MAPPING.submitHttp, httpStatus);
  const message = `Daraja answered HTTP ${httpStatus}${raw.code ? ` ${raw.code}` : ""}${raw.message ? `: ${raw.message}` : ""}`;
  if (rule.outcome === "failed") return { status: "failed", reason: rule.reason, message, raw };
  return { status: "pending", message, raw };
}

/**
 * The STK query's answer: a ResultCode, or the "still being processed" envelope. An answer that
 * names another CheckoutRequestID than the one asked about is not about this payment: pending.
 */
export function mapStkQuery(httpStatus: number, text: string, asked?: string): ConnectorOutcome {
  const body = parseJsonObject(text);
  if (httpStatus === 200 && body && body.ResultCode !== undefined && body.ResultCode !== null) {
    if (asked && typeof body.CheckoutRequestID === "string" && body.CheckoutRequestID !== asked) {
      return { status: "pending", message: "the STK query answered for another CheckoutRequestID", raw: { status: "200", code: String(body.ResultCode) } };
    }
    return mapStkResult(body.ResultCode, body.ResultDesc, undefined);
  }
  const raw = errorEnvelope(httpStatus, body);
  const byCode = raw.code ? (MPESA_MAPPING.errorCodes as Record<string, Rule>)[raw.code] : undefined;
  if (byCode?.outcome === "processing") return { status: "processing", raw };
  // Anything else on a query (a refused token, a 5xx, an unknown CheckoutRequestID) teaches us
  // nothing about the payment: keep asking. Daraja has no "never heard of it" we could trust to
  // resend (a resend would be a second prompt under a new CheckoutRequestID).
  return { status: "pending", message: `STK query answered HTTP ${httpStatus}${raw.code ? ` ${raw.code}` : ""}`, raw };
}

/** An STK `ResultCode` (query or callback metadata). */
export function mapStkResult(resultCode: unknown, resultDesc: unknown, receipt: string | undefined): ConnectorOutcome {
  const code = String(resultCode);
  const raw: RawOperatorStatus = { code, message: str(resultDesc)?.slice(0, 200) };
  const rule = (MPESA_MAPPING.stkResultCodes as Record<string, Rule>)[code];
  if (rule?.outcome === "success") return { status: "success", operatorReference: receipt, raw };
  const reason = rule?.outcome === "failed" ? rule.reason : MPESA_MAPPING.unknownStkResultCode;
  return { status: "failed", reason, message: `M-Pesa STK ResultCode ${code}${raw.message ? `: ${raw.message}` : ""}`, raw };
}

/**
 * A Transaction Status result (asynchronous, on the ResultURL we gave for that query): the answer
 * to our own question about a B2C payout. Only a final or accepted status is an outcome; a query
 * that failed itself (ResultCode ≠ 0: initiator wrong, transaction not found) says nothing about
 * the payout: null.
 */
export function mapTransactionStatusResult(result: Record<string, unknown>, currency?: string): ConnectorOutcome | null {
  if (String(result.ResultCode) !== "0") return null;
  const params = resultParameters(result);
  const status = params.TransactionStatus;
  const rule = status ? (MPESA_MAPPING.transactionStatuses as Record<string, Rule>)[status] : undefined;
  const raw: RawOperatorStatus = { status, code: "0", message: params.ReasonType?.slice(0, 200) };
  if (!rule) return null;
  const receipt = params.ReceiptNo || undefined;
  if (rule.outcome === "success") {
    const moved = currency ? minorOfWhole(params.Amount, currency) : null;
    return { status: "success", operatorReference: receipt, raw, ...(moved !== null ? { amount: { minor: moved, currency: currency! } } : {}) };
  }
  if (rule.outcome === "failed") return { status: "failed", reason: rule.reason, message: `M-Pesa Transaction Status: ${status}`, operatorReference: receipt, raw };
  return { status: "processing", operatorReference: receipt, raw };
}

/** `ResultParameters.ResultParameter` (an array, or one object when there is one) as a plain map. */
export function resultParameters(result: Record<string, unknown>): Record<string, string> {
  const holder = result.ResultParameters as { ResultParameter?: unknown } | undefined;
  const list = holder?.ResultParameter;
  const items = Array.isArray(list) ? list : list ? [list] : [];
  const out: Record<string, string> = {};
  for (const item of items) {
    if (item && typeof item === "object" && typeof (item as { Key?: unknown }).Key === "string") {
      const value = (item as { Value?: unknown }).Value;
      out[(item as { Key: string }).Key] = value === undefined || value === null ? "" : String(value);
    }
  }
  return out;
}

/** Daraja's whole-unit `Amount` ("300", 300) in minor units of `currency`, or null when it is not one. */
export function minorOfWhole(value: string | undefined, currency: string): bigint | null {
  if (!value || !/^\d+$/.test(value.trim()) || !isCurrency(currency)) return null;
  return BigInt(value.trim()) * minorPerMajor(currency);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}
