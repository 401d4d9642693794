import type { ConnectorOutcome, Direction, NeutralReason, RawOperatorStatus } from "../connector";
import { isCurrency, toMinorAllowZero } from "@/lib/money";
import { parseJsonObject } from "../parse-json-object";

/**
 * Everything MTN MoMo can answer (README.md), mapped into the neutral model in ONE
 * table: the HTTP answers to a submit and to a status GET, the `status` values of a status body
 * and the `reason` codes of a FAILED one. Pure: the only case that needs another call (payout
 * NOT_ENOUGH_FUNDS: our float or the receiver's limit?) is flagged for client.ts to settle with
 * the balance call, and maps conservatively to our float when it cannot.
 */
type ByDirection = Record<Direction, NeutralReason>;

type StatusRule =
  | { outcome: "processing"; ambiguous?: true }
  | { outcome: "success" }
  | { outcome: "failed"; reason: NeutralReason }
  | { outcome: "failed"; reason: "from_reason_code" };

type ReasonRule = { reason: NeutralReason | ByDirection; ifFloatSuffices?: NeutralReason };

type HttpRule =
  | { outcome: "processing" | "duplicate" | "not_found" | "pending" | "from_body"; reason?: undefined }
  | { outcome: "failed"; reason: NeutralReason };

const floatOrLimit: ByDirection = { collect: "insufficient_funds", payout: "merchant_balance_insufficient", refund: "merchant_balance_insufficient" };

export const MTN_MAPPING = {
  /** POST requesttopay / transfer / deposit / refund: 202 accepted, nothing else is. */
  submitHttp: {
    202: { outcome: "processing" },
    409: { outcome: "duplicate" }, // RESOURCE_ALREADY_EXIST: X-Reference-Id already used; look the original up
    400: { outcome: "failed", reason: "invalid_request" }, // headers, non-v4 UUID, characters, note length, currency
    401: { outcome: "failed", reason: "configuration_error" }, // still 401 after one token refresh: our keys
    403: { outcome: "failed", reason: "not_allowed" }, // caller IP not on the allow-list
    404: { outcome: "failed", reason: "configuration_error" }, // no such endpoint: base URL or path wrong
    429: { outcome: "pending" }, // rate-limited: not taken, resend under the same reference later
    "4xx": { outcome: "failed", reason: "invalid_request" },
    "5xx": { outcome: "pending" }, // 500 with a code, 503 SERVICE_UNAVAILABLE: outcome unknown, never failed
    other: { outcome: "pending" },
  } satisfies Record<string, HttpRule>,
  /** GET …/{referenceId}: 404 means MTN never took it (the core may resend under the same reference). */
  statusHttp: {
    200: { outcome: "from_body" },
    404: { outcome: "not_found" }, // RESOURCE_NOT_FOUND
    other: { outcome: "pending" }, // 401 twice, 5xx, 429: we learnt nothing
  } satisfies Record<string, HttpRule>,
  /** `status` in a status body or a callback. */
  statuses: {
    PENDING: { outcome: "processing" },
    CREATED: { outcome: "processing" }, // sandbox [L]
    ONGOING: { outcome: "processing" }, // sandbox [L]
    SUCCESSFUL: { outcome: "success" },
    FAILED: { outcome: "failed", reason: "from_reason_code" },
    REJECTED: { outcome: "failed", reason: "declined" }, // [L]
    TIMEOUT: { outcome: "failed", reason: "expired" }, // [L]
  } satisfies Record<string, StatusRule>,
  /** `reason` of a FAILED status. */
  reasons: {
    NOT_ENOUGH_FUNDS: { reason: floatOrLimit, ifFloatSuffices: "limit_exceeded" },
    PAYER_NOT_FOUND: { reason: "account_not_found" },
    PAYEE_NOT_FOUND: { reason: "account_not_found" },
    PAYER_LIMIT_REACHED: { reason: "limit_exceeded" },
    PAYEE_NOT_ALLOWED_TO_RECEIVE: { reason: "account_blocked" },
    SENDER_ACCOUNT_NOT_ACTIVE: { reason: "account_blocked" },
    APPROVAL_REJECTED: { reason: "declined" },
    PAYMENT_NOT_APPROVED: { reason: "declined" },
    TRANSACTION_CANCELED: { reason: "declined" },
    EXPIRED: { reason: "expired" },
    COULD_NOT_PERFORM_TRANSACTION: { reason: "expired" }, // the approval window closed
    NOT_ALLOWED: { reason: "not_allowed" },
    NOT_ALLOWED_TARGET_ENVIRONMENT: { reason: "configuration_error" },
    INVALID_CALLBACK_URL_HOST: { reason: "configuration_error" },
    INVALID_CURRENCY: { reason: "invalid_request" },
    SERVICE_UNAVAILABLE: { reason: "provider_unavailable" },
    INTERNAL_PROCESSING_ERROR: { reason: "provider_error" }, // has often masked insufficient funds
    // "Unknown id" codes. As an HTTP 404 they mean not_found (statusHttp); inside a FAILED body
    // (a refund whose referenceIdToRefund MTN does not know) the request itself was invalid.
    RESOURCE_NOT_FOUND: { reason: "invalid_request" },
    TRANSACTION_NOT_FOUND: { reason: "invalid_request" },
  } satisfies Record<string, ReasonRule>,
  /** A FAILED without a reason (the [L] field report of the sandbox) or with one not above. */
  unknownReason: "other" as NeutralReason,
  missingReason: "provider_error" as NeutralReason,
} as const;

export type MtnStatusBody = {
  amount?: unknown;
  currency?: unknown;
  financialTransactionId?: unknown;
  externalId?: unknown;
  status?: unknown;
  reason?: unknown;
};

/** When the outcome depends on our float: client.ts compares the balance with `amount`. */
export type FloatCheck = { amount: string; currency: string | null; ifFloatSuffices: NeutralReason };

export function mapSubmitHttp(httpStatus: number, body: string): ConnectorOutcome {
  const rule = pickHttpRule(MTN_MAPPING.submitHttp, httpStatus);
  const raw = rawFromErrorBody(httpStatus, body);
  const message = `MTN MoMo answered HTTP ${httpStatus}${raw.code ? ` ${raw.code}` : ""}`;
  switch (rule.outcome) {
    case "processing":
      return { status: "processing", raw };
    case "duplicate":
      return { status: "duplicate", raw };
    case "failed":
      return { status: "failed", reason: rule.reason, message, raw };
    default:
      return { status: "pending", message, raw };
  }
}

/** A status GET's answer; `floatCheck` asks the caller to settle NOT_ENOUGH_FUNDS on a payout. */
export function mapStatusHttp(httpStatus: number, body: string, direction: Direction, currency?: string): { outcome: ConnectorOutcome; floatCheck?: FloatCheck } {
  const rule = pickHttpRule(MTN_MAPPING.statusHttp, httpStatus);
  if (rule.outcome === "not_found") return { outcome: { status: "not_found", raw: rawFromErrorBody(httpStatus, body) } };
  if (rule.outcome !== "from_body") {
    const raw = rawFromErrorBody(httpStatus, body);
    return { outcome: { status: "pending", message: `status check answered HTTP ${httpStatus}${raw.code ? ` ${raw.code}` : ""}`, raw } };
  }
  const parsed = parseJsonObject(body);
  if (!parsed) return { outcome: { status: "pending", message: "status check answered 200 with a body that is not a JSON object" } };
  return mapStatusBody(parsed, direction, currency);
}

/** A status object (the GET body, also what MTN sends in a callback). */
export function mapStatusBody(body: MtnStatusBody, direction: Direction, accountCurrency?: string): { outcome: ConnectorOutcome; floatCheck?: FloatCheck } {
  const status = typeof body.status === "string" ? body.status.toUpperCase() : "";
  const { code, message: reasonMessage } = readReason(body.reason);
  const raw: RawOperatorStatus = { status: status || undefined, code, message: reasonMessage };
  const operatorReference = typeof body.financialTransactionId === "string" && body.financialTransactionId ? body.financialTransactionId : undefined;
  const rule: StatusRule | undefined = (MTN_MAPPING.statuses as Record<string, StatusRule>)[status];
  if (!rule) {
    // A status we do not know is never taken as final: keep asking, and say it is unclear.
    return { outcome: { status: "processing", ambiguous: true, operatorReference, raw } };
  }
  if (rule.outcome === "processing") return { outcome: { status: "processing", operatorReference, raw } };
  if (rule.outcome === "success") return { outcome: { status: "success", operatorReference, raw, ...movedAmount(body, accountCurrency) } };
  if (rule.reason !== "from_reason_code") {
    return { outcome: { status: "failed", reason: rule.reason, message: failureMessage(status, code), operatorReference, raw } };
  }
  const reasonRule: ReasonRule | undefined = code ? (MTN_MAPPING.reasons as Record<string, ReasonRule>)[code] : undefined;
  const reason = !code ? MTN_MAPPING.missingReason : !reasonRule ? MTN_MAPPING.unknownReason : typeof reasonRule.reason === "string" ? reasonRule.reason : reasonRule.reason[direction];
  const outcome: ConnectorOutcome = { status: "failed", reason, message: failureMessage(status, code), operatorReference, raw };
  if (reasonRule?.ifFloatSuffices && direction !== "collect" && typeof body.amount === "string") {
    return { outcome, floatCheck: { amount: body.amount, currency: typeof body.currency === "string" ? body.currency : null, ifFloatSuffices: reasonRule.ifFloatSuffices } };
  }
  return { outcome };
}

/** What MTN says moved (`amount` a decimal string in `currency`), in minor units, when it says it readably. */
function movedAmount(body: MtnStatusBody, accountCurrency: string | undefined): { amount?: { minor: bigint; currency: string } } {
  const currency = typeof body.currency === "string" ? body.currency : accountCurrency;
  if (!currency || !isCurrency(currency) || (typeof body.amount !== "string" && typeof body.amount !== "number")) return {};
  try {
    return { amount: { minor: toMinorAllowZero(String(body.amount), currency), currency } };
  } catch {
    return {};
  }
}

function pickHttpRule(table: Record<string, HttpRule>, httpStatus: number): HttpRule {
  return table[String(httpStatus)] ?? (httpStatus >= 500 ? table["5xx"] : httpStatus >= 400 ? table["4xx"] : undefined) ?? table.other!;
}

function failureMessage(status: string, code: string | undefined): string {
  return `MTN MoMo: ${status}${code ? ` (${code})` : ""}`;
}

/** MTN's reason is a bare code in v1 bodies, `{code, message}` in some; accept both. */
function readReason(reason: unknown): { code?: string; message?: string } {
  if (typeof reason === "string" && reason) return { code: reason.toUpperCase() };
  if (reason && typeof reason === "object") {
    const r = reason as { code?: unknown; message?: unknown };
    return { code: typeof r.code === "string" ? r.code.toUpperCase() : undefined, message: typeof r.message === "string" ? r.message : undefined };
  }
  return {};
}

/** MTN error bodies: `{code, message}` from the API, `{statusCode, message}` from its gateway. */
function rawFromErrorBody(httpStatus: number, body: string): RawOperatorStatus {
  const parsed = parseJsonObject(body) as { code?: unknown; message?: unknown } | null;
  return {
    status: String(httpStatus),
    code: typeof parsed?.code === "string" ? parsed.code : undefined,
    message: typeof parsed?.message === "string" ? parsed.message.slice(0, 200) : undefined,
  };
}
