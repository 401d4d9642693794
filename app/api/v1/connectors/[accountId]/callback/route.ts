import { handleConnectorCallback } from "@/lib/connectors/handle-callback";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { connectorCallbackContract, connectorCallbackPutContract } from "./contract";

export const dynamic = "force-dynamic";

// The raw body is read here, untouched: signatures are computed over its exact bytes.
export const POST = defineRoute(connectorCallbackContract, async ({ request, params }) => {
  const rawBody = await request.text();
  return handleConnectorCallback(params.accountId, { method: request.method, url: request.url, headers: request.headers, rawBody });
});

export const PUT = defineRoute(connectorCallbackPutContract, async ({ request, params }) => {
  const rawBody = await request.text();
  return handleConnectorCallback(params.accountId, { method: request.method, url: request.url, headers: request.headers, rawBody });
});

export const { GET, HEAD, OPTIONS, DELETE, PATCH } = otherMethods(POST, PUT);
