import type { ConnectorOutcome, Direction, NeutralReason, RawOperatorStatus } from "../connector";
import { parseJsonObject } from "../parse-json-object";

/**
 * Everything Airtel Money's Open API can answer (README.md), mapped into the neutral model in
 * ONE table: the transaction status letters (TIP, TA, TS, TF, TE), the words of a refund's answer
 * (SUCCESS, FAILED) and of a refunded collection's enquiry, the response / result codes of the
 * `status` envelope, and the HTTP statuses that say something by themselves. Pure.
 */
type ByDirection = Record<Direction, NeutralReason>;
type Rule =
  | { outcome: "processing"; ambiguous?: true }
  | { outcome: "success" | "duplicate" | "not_found" | "pending" | "from_code" }
  | { outcome: "failed"; reason: NeutralReason | ByDirection };

const balance: ByDirection = { collect: "insufficient_funds", payout: "merchant_balance_insufficient", refund: "merchant_balance_insufficient" };

export const AIRTEL_MAPPING = {
  /** `data.transaction.status` (enquiry) and `status_code` (callback). */
  statuses: {
    TIP: { outcome: "processing" }, // in progress: the USSD prompt is open
    TA: { outcome: "processing", ambiguous: true }, // ambiguous: enquire later
    TS: { outcome: "success" },
    TF: { outcome: "from_code" }, // failed: the reason is in the response code
    TE: { outcome: "failed", reason: "expired" },
  } satisfies Record<string, Rule>,
  /**
   * `data.transaction.status` of a refund's answer. Airtel publishes `SUCCESS` with
   * `status.success: false` and no response_code: the transaction's word decides, never the flag.
   */
  refundStatuses: {
    SUCCESS: { outcome: "success" },
    FAILED: { outcome: "failed", reason: "provider_error" },
  } satisfies Record<string, Rule>,
  /**
   * `data.transaction.status` of an enquiry of the refunded collection, read for the refund's
   * status. Only an explicit refund word confirms it [unconfirmed until a sandbox run]; the
   * collection still `TS` (or anything else) proves nothing either way: held for review.
   */
  refundedCollection: {
    REFUNDED: { outcome: "success" },
  } satisfies Record<string, Rule>,
  /** `status.response_code` / `status.result_code`. */
  codes: {
    DP00800001006: { outcome: "processing" }, // collection: prompt sent
    DP00900001006: { outcome: "processing" }, // disbursement: in progress
    DP00800001000: { outcome: "processing", ambiguous: true },
    DP00900001000: { outcome: "processing", ambiguous: true },
    ESB000001: { outcome: "processing", ambiguous: true },
    ESB000004: { outcome: "processing", ambiguous: true },
    ROUTER117: { outcome: "processing", ambiguous: true },
    DP00800001001: { outcome: "success" },
    DP00900001001: { outcome: "success" },
    DP00800001024: { outcome: "failed", reason: "expired" },
    DP00800001029: { outcome: "failed", reason: "expired" },
    DP00800001002: { outcome: "failed", reason: "declined" }, // wrong PIN
    DP00800001008: { outcome: "failed", reason: "declined" }, // refused
    DP00800001003: { outcome: "failed", reason: "limit_exceeded" },
    DP00900001003: { outcome: "failed", reason: "limit_exceeded" },
    DP00800001004: { outcome: "failed", reason: "invalid_amount" },
    DP00800001005: { outcome: "failed", reason: "expired" }, // PIN not entered; an "MSISDN not found" variant exists [L]
    DP00800001007: { outcome: "failed", reason: balance }, // payer's wallet / our disbursement wallet
    DP00800001009: { outcome: "failed", reason: "provider_error" }, // do not honour
    DP00800001010: { outcome: "failed", reason: "account_blocked" }, // payee barred / unregistered
    DP00800001026: { outcome: "failed", reason: "configuration_error" }, // message signature
    ROUTER115: { outcome: "failed", reason: "configuration_error" }, // PIN / key encryption
    ROUTER116: { outcome: "failed", reason: "configuration_error" },
    ESB000008: { outcome: "failed", reason: "invalid_request" },
    ROUTER003: { outcome: "failed", reason: "invalid_request" },
    ROUTER006: { outcome: "failed", reason: "invalid_request" },
    ROUTER112: { outcome: "failed", reason: "invalid_request" },
    DP00800001025: { outcome: "not_found" }, // unknown transaction id
    ESB000045: { outcome: "not_found" },
    ESB000041: { outcome: "duplicate" }, // transaction.id already used
  } satisfies Record<string, Rule>,
  /** HTTP statuses that decide by themselves (others: read the envelope). */
  http: {
    404: { outcome: "failed", reason: "configuration_error" }, // no such path on this OpCo: nothing was taken
    408: { outcome: "processing", ambiguous: true }, // timed out after commit: enquire
    429: { outcome: "pending" }, // rate-limited: provider_unavailable, nothing taken
    503: { outcome: "pending" },
    "5xx": { outcome: "pending" }, // unknown, never failed
  } satisfies Record<string, Rule>,
  /** A refusal (success false) whose code is not above. */
  unknownRefusal: "other" as NeutralReason,
} as const;

type Envelope = { code?: string; message?: string; success?: boolean; httpStatus: number; status?: string; airtelMoneyId?: string; transactionMessage?: string };

/** What we read of Airtel's `{data: {transaction}, status: {code, message, result_code, response_code, success}}`. */
export function readEnvelope(httpStatus: number, text: string): Envelope {
  const body = parseJsonObject(text);
  const status = (body?.status ?? {}) as Record<string, unknown>;
  const transaction = ((body?.data as Record<string, unknown> | undefined)?.transaction ?? {}) as Record<string, unknown>;
  const responseCode = str(status.response_code);
  const resultCode = str(status.result_code);
  // The response_code (DP…) is the business answer, the result_code (ESB…/ROUTER…) the gateway's;
  // the gateway's "duplicate" and "unknown id" overrule whatever business code comes with them.
  const gatewayVerdict = resultCode && ["duplicate", "not_found"].includes(codeRule(resultCode)?.outcome ?? "");
  const code = gatewayVerdict ? resultCode : (responseCode ?? resultCode);
  return {
    httpStatus,
    code,
    message: str(status.message)?.slice(0, 200),
    success: typeof status.success === "boolean" ? status.success : undefined,
    status: str(transaction.status)?.toUpperCase(),
    airtelMoneyId: str(transaction.airtel_money_id),
    transactionMessage: str(transaction.message)?.slice(0, 200),
  };
}

function fromRule(rule: Rule | undefined, e: Envelope, direction: Direction, fallback: ConnectorOutcome): ConnectorOutcome {
  const raw: RawOperatorStatus = { status: e.status ?? String(e.httpStatus), code: e.code, message: e.transactionMessage ?? e.message };
  const operatorReference = e.airtelMoneyId || undefined;
  if (!rule) return fallback;
  switch (rule.outcome) {
    case "processing":
      return { status: "processing", operatorReference, ...(rule.ambiguous ? { ambiguous: true } : {}), raw };
    case "success":
      return { status: "success", operatorReference, raw };
    case "duplicate":
      return { status: "duplicate", raw };
    case "not_found":
      return { status: "not_found", raw };
    case "pending":
      return { status: "pending", message: `Airtel answered HTTP ${e.httpStatus}`, raw };
    case "failed": {
      const reason = typeof rule.reason === "string" ? rule.reason : rule.reason[direction];
      return { status: "failed", reason, message: `Airtel Money: ${e.code ?? e.status}${raw.message ? ` (${raw.message})` : ""}`, operatorReference, raw };
    }
    default:
      return fallback;
  }
}

const codeRule = (code?: string): Rule | undefined => (code ? (AIRTEL_MAPPING.codes as Record<string, Rule>)[code] : undefined);

/**
 * A submit's answer (payment, disbursement, refund). 2xx with `success: true` and no code of its
 * own → processing (ambiguous: the prompt was sent, nothing more); an explicit refusal → failed.
 */
export function mapSubmit(httpStatus: number, text: string, direction: Direction): ConnectorOutcome {
  const e = readEnvelope(httpStatus, text);
  const raw: RawOperatorStatus = { status: String(httpStatus), code: e.code, message: e.message };
  const byHttp = (AIRTEL_MAPPING.http as Record<string, Rule>)[String(httpStatus)] ?? (httpStatus >= 500 ? AIRTEL_MAPPING.http["5xx"] : undefined);
  if (byHttp) return fromRule(byHttp, e, direction, { status: "pending", raw });
  if (httpStatus === 401) return { status: "failed", reason: "configuration_error", message: "Airtel refused our token twice", raw };
  if (direction === "refund") {
    const word = e.status ? (AIRTEL_MAPPING.refundStatuses as Record<string, Rule>)[e.status] : undefined;
    if (word && httpStatus < 300) return fromRule(word, e, direction, { status: "pending", raw });
  }
  const rule = codeRule(e.code);
  // A disbursement or refund may answer with its final status at once (TS / TF).
  const statusRule = e.status ? (AIRTEL_MAPPING.statuses as Record<string, Rule>)[e.status] : undefined;
  if (statusRule && statusRule.outcome !== "from_code" && statusRule.outcome !== "processing") return fromRule(statusRule, e, direction, { status: "pending", raw });
  if (rule && rule.outcome !== "not_found") return fromRule(rule, e, direction, { status: "pending", raw });
  if (e.success === true && httpStatus < 300) return { status: "processing", operatorReference: e.airtelMoneyId, ambiguous: true, raw };
  if (e.success === false || (httpStatus >= 400 && httpStatus < 500)) {
    return { status: "failed", reason: httpStatus >= 400 && !e.code ? "invalid_request" : AIRTEL_MAPPING.unknownRefusal, message: `Airtel Money refused: HTTP ${httpStatus}${e.code ? ` ${e.code}` : ""}`, raw };
  }
  return { status: "pending", message: `Airtel answered HTTP ${httpStatus} without a readable status`, raw };
}

/** An enquiry's answer: the status letters first, TF's reason from the code; an unknown id → not_found. */
export function mapEnquiry(httpStatus: number, text: string, direction: Direction): ConnectorOutcome {
  const e = readEnvelope(httpStatus, text);
  const raw: RawOperatorStatus = { status: e.status ?? String(httpStatus), code: e.code, message: e.transactionMessage ?? e.message };
  const rule = codeRule(e.code);
  if (rule?.outcome === "not_found") return { status: "not_found", raw };
  if (httpStatus >= 300 || !e.status) return { status: "pending", message: `Airtel enquiry answered HTTP ${httpStatus}${e.code ? ` ${e.code}` : ""}`, raw };
  return mapTransactionStatus(e.status, e.code, direction, e);
}

/**
 * A refund's status, read from an enquiry of the collection it refunds (Airtel gives a refund no
 * id of ours). Success only on an explicit refund word; anything else (still TS, a message
 * mentioning a refund, an unknown id) is processing and ambiguous: the refund may or may not have
 * moved money, so it is never failed from here. No answer → pending.
 */
export function mapRefundEnquiry(httpStatus: number, text: string, collectOperatorReference: string | null): ConnectorOutcome {
  const e = readEnvelope(httpStatus, text);
  const raw: RawOperatorStatus = { status: e.status ?? String(httpStatus), code: e.code, message: e.transactionMessage ?? e.message };
  if (httpStatus >= 500 || httpStatus === 408 || httpStatus === 429 || httpStatus === 401) return { status: "pending", message: `Airtel enquiry answered HTTP ${httpStatus}`, raw };
  const word = e.status ? (AIRTEL_MAPPING.refundedCollection as Record<string, Rule>)[e.status] : undefined;
  if (word?.outcome === "success" && httpStatus < 300) return { status: "success", operatorReference: e.airtelMoneyId ?? collectOperatorReference ?? undefined, raw };
  return { status: "processing", ambiguous: true, ...(collectOperatorReference ? { operatorReference: collectOperatorReference } : {}), raw };
}

/** A status letter (enquiry or callback) with its code. Unknown letters are never final. */
export function mapTransactionStatus(status: string, code: string | undefined, direction: Direction, e: Partial<Envelope> = {}): ConnectorOutcome {
  const envelope: Envelope = { httpStatus: 200, ...e, status, code };
  const rule = (AIRTEL_MAPPING.statuses as Record<string, Rule>)[status.toUpperCase()];
  const raw: RawOperatorStatus = { status, code, message: e.transactionMessage ?? e.message };
  if (!rule) return { status: "processing", ambiguous: true, raw };
  if (rule.outcome !== "from_code") return fromRule(rule, envelope, direction, { status: "processing", ambiguous: true, raw });
  const reasonRule = codeRule(code);
  if (reasonRule?.outcome === "failed") return fromRule(reasonRule, envelope, direction, { status: "processing", raw });
  return { status: "failed", reason: code ? AIRTEL_MAPPING.unknownRefusal : "provider_error", message: `Airtel Money: TF${code ? ` (${code})` : ""}`, operatorReference: e.airtelMoneyId, raw };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : typeof value === "number" ? String(value) : undefined;
}
