import type { ConnectorContext, ConnectorHttpRequest, ConnectorHttpResponse } from "@/lib/connectors/connector";
import { fetchHttp } from "@/lib/connectors/fetch-http";
import { createTokenCache } from "@/lib/connectors/token-cache";

/**
 * A ConnectorContext for testing one connector against its contract simulator over real HTTP,
 * without the database: the calls it made are kept in `calls` for assertions. The platform's
 * recorded context (lib/connectors) wraps the same fetchHttp.
 */
export type TestConnectorContext<S> = ConnectorContext<S> & { calls: { request: ConnectorHttpRequest; response?: ConnectorHttpResponse; error?: Error }[] };

export function testConnectorContext<S>(options: {
  type: string;
  baseUrl: string;
  settings: S;
  secrets: Record<string, string>;
  callbackUrl?: string;
  accountId?: string;
  environment?: "sandbox" | "production";
  totalTimeoutMs?: number;
  now?: () => Date;
}): TestConnectorContext<S> {
  const calls: TestConnectorContext<S>["calls"] = [];
  const accountId = options.accountId ?? `${options.type}-test`;
  return {
    account: { id: accountId, type: options.type, environment: options.environment ?? "production", baseUrl: options.baseUrl, settings: options.settings },
    secrets: options.secrets,
    callbackUrl: options.callbackUrl ?? `http://127.0.0.1:9/api/v1/connectors/${accountId}/callback`,
    tokens: createTokenCache(),
    now: options.now ?? (() => new Date()),
    calls,
    async http(request) {
      const call: TestConnectorContext<S>["calls"][number] = { request };
      calls.push(call);
      try {
        call.response = await fetchHttp(options.baseUrl, request, { totalTimeoutMs: options.totalTimeoutMs });
        return call.response;
      } catch (err) {
        call.error = err as Error;
        throw err;
      }
    },
  };
}
