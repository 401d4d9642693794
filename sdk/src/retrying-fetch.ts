import { PaymentsNetworkError, parseRetryAfter } from "./errors.js";

export type RetryOptions = {
  /** Retries after the first attempt (default 2). 0 disables retrying. */
  maxRetries: number;
  /** Per-attempt timeout in milliseconds (default 30 000). */
  timeoutMs: number;
  /** Longest wait honoured from a Retry-After header, in seconds (default 60); beyond it the error is returned. */
  maxRetryAfterSeconds: number;
  fetch: (request: Request) => Promise<Response>;
  /** For tests: how to wait. */
  sleep?: (ms: number) => Promise<void>;
};

/**
 * A fetch that retries what is safe to retry:
 * - 429, and 503 with Retry-After: the server refused before doing anything, whatever the method;
 * - network errors, timeouts and other 5xx: only when repeating cannot act twice — GET, or a POST
 *   carrying an idempotency key (the server answers a repeat with the first answer, DESIGN §5).
 * The same Request (same idempotency key) is sent each time. Waits follow Retry-After when the
 * server sends it, else exponential backoff with jitter (0.5 s, 1 s, 2 s… capped at 8 s).
 */
export function retryingFetch(options: RetryOptions): (request: Request) => Promise<Response> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (request: Request) => {
    const repeatable = request.method === "GET" || request.method === "HEAD" || request.headers.has("x-idempotency-key");
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= options.maxRetries;
      let response: Response;
      try {
        response = await options.fetch(withTimeout(request.clone(), options.timeoutMs));
      } catch (error) {
        if (last || !repeatable) {
          throw new PaymentsNetworkError(`${request.method} ${new URL(request.url).pathname} got no answer: ${(error as Error)?.message ?? error}`, error);
        }
        await sleep(backoff(attempt));
        continue;
      }
      const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
      const refusedUntouched = response.status === 429 || (response.status === 503 && retryAfter !== undefined);
      const retryable = refusedUntouched || (response.status >= 500 && repeatable);
      if (last || !retryable || (retryAfter !== undefined && retryAfter > options.maxRetryAfterSeconds)) return response;
      await response.body?.cancel();
      await sleep(retryAfter !== undefined ? retryAfter * 1000 : backoff(attempt));
    }
  };
}

function withTimeout(request: Request, timeoutMs: number): Request {
  const timeout = AbortSignal.timeout(timeoutMs);
  return new Request(request, { signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout });
}

function backoff(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}
