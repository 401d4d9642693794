import { ZodError } from "zod";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { log } from "@/lib/log";
import { ERROR_STATUS, REASON_PHRASES } from "./error-status";
import { requestIdFor } from "./request-id";

/** The spec's error body (docs/design/errors.md). */
export type ErrorBody = {
  statusCode: number;
  message: string;
  error: string;
  code?: string;
  details?: ErrorDetail[];
  requestId?: string;
  [extra: string]: unknown;
};

export function zodDetails(error: ZodError, prefix?: string): ErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return { path: path || "(root)", message: issue.message };
  });
}

export function zodToAppError(error: ZodError, where: "body" | "query" | "path"): AppError {
  const details = zodDetails(error, where === "body" ? undefined : where);
  const first = details[0];
  const summary = first ? `${first.path}: ${first.message}` : "invalid input";
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return new AppError("validation_error", `Invalid request ${where}: ${summary}${more}`, { details });
}

/** Maps any thrown value to the status and body we send. Unknown errors never leak. */
export function toErrorBody(err: unknown, requestId: string): ErrorBody {
  if (err instanceof ZodError) err = zodToAppError(err, "body");
  if (err instanceof AppError) {
    const statusCode = err.conflict ? 422 : ERROR_STATUS[err.code];
    return {
      ...err.extra,
      statusCode,
      message: err.message,
      error: REASON_PHRASES[statusCode] ?? "Error",
      code: err.code,
      ...(err.details ? { details: err.details } : {}),
      requestId,
    };
  }
  log.error("unhandled error", { requestId, error: err instanceof Error ? err.stack : String(err) });
  return {
    statusCode: 500,
    message: "An unexpected error occurred. Please retry later or contact support with the request id.",
    error: REASON_PHRASES[500],
    code: "internal_error",
    requestId,
  };
}

/** An error as a JSON Response in the spec's body, for handlers outside defineRoute. */
export function errorResponse(err: unknown, request: Request, headers: Record<string, string> = {}): Response {
  const requestId = requestIdFor(request.headers);
  const body = toErrorBody(err, requestId);
  return Response.json(body, { status: body.statusCode, headers: { "Cache-Control": "no-store", ...headers, "X-Request-Id": requestId } });
}
