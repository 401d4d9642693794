import type { ConnectorOutcome, NeutralReason, RawOperatorStatus } from "../connector";
import { parseJsonObject } from "../parse-json-object";

/**
 * Everything Orange's Web Payment API answers (README "Status mapping"), in ONE table: the HTTP answers to
 * a payment init and to a status query, and the `status` of a transaction. WebPay gives no
 * failure reason: a FAILED is `provider_error`.
 */
type HttpRule = { outcome: "from_body" | "pending" | "not_found" } | { outcome: "failed"; reason: NeutralReason };
type StatusRule = { outcome: "processing" } | { outcome: "success" } | { outcome: "failed"; reason: NeutralReason };

export const ORANGE_MAPPING = {
  initHttp: {
    201: { outcome: "from_body" },
    400: { outcome: "failed", reason: "invalid_request" },
    401: { outcome: "failed", reason: "configuration_error" }, // still 401 after one token refresh
    403: { outcome: "failed", reason: "provider_error" }, // order_id refused (reused [L]): no payment URL ever reached the customer
    404: { outcome: "failed", reason: "configuration_error" }, // wrong country path or base URL
    429: { outcome: "pending" },
    "4xx": { outcome: "failed", reason: "invalid_request" },
    "5xx": { outcome: "pending" },
    other: { outcome: "pending" },
  } satisfies Record<string, HttpRule>,
  statusHttp: {
    200: { outcome: "from_body" },
    201: { outcome: "from_body" },
    404: { outcome: "not_found" },
    other: { outcome: "pending" },
  } satisfies Record<string, HttpRule>,
  statuses: {
    INITIATED: { outcome: "processing" }, // the customer has not started
    PENDING: { outcome: "processing" },
    SUCCESS: { outcome: "success" },
    FAILED: { outcome: "failed", reason: "provider_error" }, // WebPay gives no reason
    EXPIRED: { outcome: "failed", reason: "expired" },
  } satisfies Record<string, StatusRule>,
} as const;

function pick(table: Record<string, HttpRule>, status: number): HttpRule {
  return table[String(status)] ?? (status >= 500 ? table["5xx"] : status >= 400 ? table["4xx"] : undefined) ?? table.other!;
}

/** The init's answer: 201 with the three tokens → processing, the customer redirected to payment_url. */
export function mapInit(httpStatus: number, text: string): ConnectorOutcome {
  const rule = pick(ORANGE_MAPPING.initHttp, httpStatus);
  const body = parseJsonObject(text);
  const raw: RawOperatorStatus = { status: String(httpStatus), message: typeof body?.message === "string" ? body.message.slice(0, 200) : undefined };
  if (rule.outcome === "failed") return { status: "failed", reason: rule.reason, message: `Orange Money answered HTTP ${httpStatus}`, raw };
  if (rule.outcome !== "from_body") return { status: "pending", message: `Orange Money answered HTTP ${httpStatus}`, raw };
  const payToken = typeof body?.pay_token === "string" ? body.pay_token : null;
  const paymentUrl = typeof body?.payment_url === "string" ? body.payment_url : null;
  // A 201 we cannot use: if a pay_token came back, the status query knows; otherwise the attempt is void.
  if (!payToken || !paymentUrl) return { status: "pending", message: "Orange Money answered 201 without pay_token / payment_url", raw };
  return { status: "processing", operatorReference: payToken, nextAction: { type: "redirect", url: paymentUrl }, raw: { ...raw, status: "INITIATED" } };
}

export function mapStatus(httpStatus: number, text: string, payToken: string): ConnectorOutcome {
  const rule = pick(ORANGE_MAPPING.statusHttp, httpStatus);
  if (rule.outcome === "not_found") return { status: "not_found", raw: { status: String(httpStatus) } };
  const body = parseJsonObject(text);
  if (rule.outcome !== "from_body" || !body) return { status: "pending", message: `Orange Money status query answered HTTP ${httpStatus}`, raw: { status: String(httpStatus) } };
  const status = typeof body.status === "string" ? body.status.toUpperCase() : "";
  const txnid = typeof body.txnid === "string" && body.txnid ? body.txnid : undefined;
  const raw: RawOperatorStatus = { status, ...(txnid ? { message: `txnid ${txnid}` } : {}) };
  const s: StatusRule | undefined = (ORANGE_MAPPING.statuses as Record<string, StatusRule>)[status];
  if (!s) return { status: "processing", ambiguous: true, operatorReference: payToken, raw };
  if (s.outcome === "processing") return { status: "processing", operatorReference: payToken, raw };
  if (s.outcome === "success") return { status: "success", operatorReference: payToken, raw };
  return { status: "failed", reason: s.reason, message: `Orange Money: ${status}`, operatorReference: payToken, raw };
}
