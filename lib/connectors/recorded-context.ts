import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import { observeOperatorCall } from "@/lib/observability/observe";
import { SpanKind, withSpan } from "@/lib/observability/tracing";
import { recordCallFailure, recordCallSuccess } from "./circuit-breaker";
import { type Connector, type ConnectorContext, type ConnectorHttpRequest, type ConnectorHttpResponse, ConnectorNetworkError, type TokenCache } from "./connector";
import { type AccountRecord, isBuiltIn, readSecrets } from "./connector-accounts";
import { fetchHttp, resolveUrl } from "./fetch-http";
import { redactHeaders, redactText } from "@/lib/observability/redact";
import { createTokenCache } from "./token-cache";

/**
 * The ConnectorContext the platform hands a connector (docs/design/connectors.md). Its `http` is the one place
 * operator calls go through: fetchHttp's timeouts, then one connector_calls row per call
 * (operation, our id, method, path, HTTP status, latency, operator reference, outcome, redacted
 * request and response excerpts), then the account's circuit breaker. Secrets come from
 * `<PREFIX>_<NAME>` at each build (an operator may rotate them by restarting with new values).
 */
const tokenCaches = new Map<string, TokenCache>();

function tokensFor(accountId: string): TokenCache {
  let cache = tokenCaches.get(accountId);
  if (!cache) tokenCaches.set(accountId, (cache = createTokenCache()));
  return cache;
}

export const callbackUrlFor = (accountId: string) => `${config.publicBaseUrl()}/api/v1/connectors/${encodeURIComponent(accountId)}/callback`;

export function recordedContext(account: AccountRecord, connector: Connector, options: { totalTimeoutMs?: number } = {}): ConnectorContext {
  const secrets = readSecrets(connector, account.secretsEnv, account.settings).values;
  const secretValues = Object.values(secrets);
  const baseUrl = account.baseUrl ?? connector.defaultBaseUrl;
  const recordsCalls = !isBuiltIn(account);
  return {
    account: { id: account.id, type: account.type, environment: account.environment, baseUrl, settings: (account.settings ?? {}) as Record<string, unknown> },
    secrets,
    callbackUrl: callbackUrlFor(account.id),
    tokens: tokensFor(account.id),
    now: () => new Date(),
    http(request) {
      const attributes = { "connector.account": account.id, "connector.type": account.type, "connector.operation": request.operation, "http.request.method": request.method };
      return withSpan(`operator ${request.operation}`, attributes, async (span) => {
        const started = performance.now();
        let response: ConnectorHttpResponse | undefined;
        let failure: unknown;
        try {
          response = await fetchHttp(baseUrl, request, { totalTimeoutMs: options.totalTimeoutMs ?? config.connectorTimeoutMs() });
          return response;
        } catch (err) {
          failure = err;
          throw err;
        } finally {
          const latencyMs = Math.round(performance.now() - started);
          const status = response?.status ?? null;
          if (status !== null) span.setAttribute("http.response.status_code", status);
          // Every call, built-in simulator accounts included: its log line, metrics (and span).
          observeOperatorCall({ accountId: account.id, operation: request.operation, method: request.method, status, outcome: callOutcome(response, failure), operatorFailure: isOperatorFailure(status), latencyMs });
          if (recordsCalls) await recordCall(account.id, request, { response, failure, latencyMs, redact: [...secretValues, ...(request.redact ?? [])], baseUrl });
        }
      }, SpanKind.CLIENT);
    },
  };
}

/** ok (2xx/3xx), http_error (any other status), timeout, network_error. */
function callOutcome(response: ConnectorHttpResponse | undefined, failure: unknown): "ok" | "http_error" | "timeout" | "network_error" {
  if (response) return response.status < 400 ? "ok" : "http_error";
  return failure instanceof ConnectorNetworkError && failure.timedOut ? "timeout" : "network_error";
}

/** A 5xx, a 429 or no answer is the operator failing; any other answer is the operator up. */
export const isOperatorFailure = (status: number | null) => status === null || status >= 500 || status === 429;

async function recordCall(
  accountId: string,
  request: ConnectorHttpRequest,
  result: { response?: ConnectorHttpResponse; failure?: unknown; latencyMs: number; redact: string[]; baseUrl: string | null },
) {
  const { response, failure, latencyMs, redact } = result;
  const status = response?.status ?? null;
  const outcome = callOutcome(response, failure);
  try {
    const prisma = await getPrisma();
    await prisma.connectorCall.create({
      data: {
        accountId,
        operation: request.operation,
        subjectId: request.subjectId ?? null,
        method: request.method,
        urlPath: redactText(pathOf(result.baseUrl, request.url), redact),
        httpStatus: status,
        latencyMs,
        operatorReference: request.operatorReference ?? null,
        outcome,
        requestExcerpt: redactText(`${redactHeaders(request.headers, redact)}\n\n${request.body ?? ""}`.trim(), redact),
        responseExcerpt: response ? redactText(response.text, redact) : null,
        error: failure ? redactText(failure instanceof Error ? failure.message : String(failure), redact) : null,
      },
    });
    if (isOperatorFailure(status)) {
      const { opened } = await recordCallFailure(prisma, accountId);
      if (opened) log.warn("connector account unavailable: circuit breaker open", { accountId, operation: request.operation });
    } else await recordCallSuccess(prisma, accountId);
  } catch (err) {
    // The record is for people; losing one must never change what the call returns.
    log.error("could not record a connector call", { accountId, operation: request.operation, error: (err as Error).message });
  }
}

function pathOf(baseUrl: string | null, url: string): string {
  try {
    return new URL(resolveUrl(baseUrl, url)).pathname;
  } catch {
    return url.split("?")[0];
  }
}
