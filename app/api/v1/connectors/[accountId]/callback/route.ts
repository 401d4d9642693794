import { config } from "@/lib/config";
import { handleConnectorCallback } from "@/lib/orders/handle-callback";
import { defineRoute } from "@/lib/http/define-route";
import { readBodyText } from "@/lib/http/read-body";
import { otherMethods } from "@/lib/http/other-methods";
import { connectorCallbackContract, connectorCallbackPutContract } from "./contract";

export const dynamic = "force-dynamic";

// The raw body is read here, untouched: signatures are computed over its exact bytes. It is read
// with the API's cap as it streams in (413 past it), before anything buffers or parses it.
export const POST = defineRoute(connectorCallbackContract, async ({ request, params }) => {
  const rawBody = await readBodyText(request, config.maxBodyBytes());
  return handleConnectorCallback(params.accountId, { method: request.method, url: request.url, headers: request.headers, rawBody });
});

export const PUT = defineRoute(connectorCallbackPutContract, async ({ request, params }) => {
  const rawBody = await readBodyText(request, config.maxBodyBytes());
  return handleConnectorCallback(params.accountId, { method: request.method, url: request.url, headers: request.headers, rawBody });
});

export const { GET, HEAD, OPTIONS, DELETE, PATCH } = otherMethods(POST, PUT);
