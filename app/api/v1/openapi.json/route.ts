import { config } from "@/lib/config";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { buildOpenApiDocument } from "@/lib/http/openapi";
import { contracts } from "../contracts";
import { webhookEventDocs } from "../webhook-events";
import { openApiContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(openApiContract, async () => ({
  body: buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs }),
}));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
