import type { components } from "./schema.js";

/** The one error body every endpoint answers with (DESIGN §4). */
export type ApiErrorBody = components["schemas"]["Error"];
/**
 * Every machine-readable error code, as the SDK reports it: lower case. The wire has one code in
 * two spellings (`INSUFFICIENT_BALANCE` in the quote's spec body, `insufficient_balance` from
 * initiate); `body.code` keeps the wire's.
 */
export type ErrorCode = Lowercase<NonNullable<ApiErrorBody["code"]>>;

/**
 * The API answered with an error status. `code` is the machine-readable reason (switch on it);
 * `requestId` is what support needs; `details` lists field errors of a 400.
 */
export class PaymentsApiError extends Error {
  readonly name = "PaymentsApiError";
  readonly status: number;
  /** Normalised (lower case); `body.code` is the wire's spelling. */
  readonly code: ErrorCode | undefined;
  readonly requestId: string | undefined;
  readonly details: { path: string; message: string }[];
  /** Seconds to wait before retrying (429 and some 503 answers). */
  readonly retryAfter: number | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(response: Response, body: unknown) {
    const parsed = isErrorBody(body) ? body : undefined;
    super(parsed?.message ?? `HTTP ${response.status}`);
    this.status = response.status;
    this.body = parsed;
    this.code = parsed?.code ? (parsed.code.toLowerCase() as ErrorCode) : undefined;
    this.requestId = parsed?.requestId ?? response.headers.get("x-request-id") ?? undefined;
    this.details = (parsed?.details as { path: string; message: string }[] | undefined) ?? [];
    this.retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  }
}

/** The request never got an answer (DNS, connection reset, timeout) after every retry. */
export class PaymentsNetworkError extends Error {
  readonly name = "PaymentsNetworkError";
  constructor(
    message: string,
    readonly cause: unknown,
  ) {
    super(message);
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return !!body && typeof body === "object" && typeof (body as ApiErrorBody).statusCode === "number" && typeof (body as ApiErrorBody).message === "string";
}

/** Retry-After as seconds: a delay in seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
