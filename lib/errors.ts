/**
 * Domain errors. An AppError carries a machine code and a human message and knows nothing
 * about HTTP: lib/http/error-status.ts maps each code to its status in one table.
 */
export type ErrorDetail = { path: string; message: string };

export const ERROR_CODES = [
  // 400: the client must fix the request
  "invalid_request",
  "invalid_json",
  "validation_error",
  "invalid_amount",
  "invalid_phone",
  "invalid_currency",
  "invalid_country",
  "provider_unavailable",
  "quote_expired",
  "corridor_unsupported",
  "purpose_missing",
  "company_missing",
  "insufficient_balance",
  "INSUFFICIENT_BALANCE",
  "limit_exceeded",
  "bulk_rejected",
  // 401 / 403 / 404 / 405 / 409 / 413 / 415
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "idempotency_key_in_progress",
  "payload_too_large",
  "unsupported_media_type",
  // 422: well-formed but conflicts with stored state
  "idempotency_key_reused",
  "quote_already_used",
  "duplicate_reference",
  "invalid_state",
  "slug_taken",
  // 429 / 500 / 503
  "rate_limited",
  "internal_error",
  "service_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  /** Extra top-level fields the spec requires in some error bodies (INSUFFICIENT_BALANCE). */
  readonly extra?: Record<string, unknown>;
  /**
   * 422 instead of the code's usual status, where the contract says the same condition conflicts
   * with stored state (a refund that the balance or what is left of the payment cannot cover,
   * docs/design/refunds.md). The code stays the one a client already handles.
   */
  readonly conflict?: boolean;

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; extra?: Record<string, unknown>; conflict?: boolean } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
    this.conflict = options.conflict;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
