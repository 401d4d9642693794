import { ConnectorNetworkError, type ConnectorHttpRequest, type ConnectorHttpResponse } from "./connector";

/**
 * The bare HTTP call under every connector: docs/design/connectors.md's timeouts (5 s to connect, 30 s in
 * all), an answer read whole as text, and no answer at all turned into ConnectorNetworkError
 * (outcome unknown), never into a failure. The recorded client (call log, breaker) wraps it.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
export const TOTAL_TIMEOUT_MS = 30_000;

export async function fetchHttp(
  baseUrl: string | null,
  request: ConnectorHttpRequest,
  options: { totalTimeoutMs?: number } = {},
): Promise<ConnectorHttpResponse> {
  const url = resolveUrl(baseUrl, request.url);
  const timeoutMs = options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body, signal, redirect: "manual" });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (err) {
    const timedOut = signal.aborted || (err instanceof Error && err.name === "TimeoutError");
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
    throw new ConnectorNetworkError(timedOut ? `no answer within ${timeoutMs} ms` : `${(err as Error).message}${cause}`, timedOut);
  }
}

export function resolveUrl(baseUrl: string | null, url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (!baseUrl) throw new Error(`A relative URL (${url}) needs the account's base URL`);
  return `${baseUrl.replace(/\/$/, "")}/${url.replace(/^\//, "")}`;
}
