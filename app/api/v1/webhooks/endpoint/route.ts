import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getWebhookEndpointView, setWebhookUrl } from "@/lib/webhooks";
import { getWebhookEndpointContract, setWebhookEndpointContract } from "./contract";

export const dynamic = "force-dynamic";

const publicView = ({ merchantId: _m, environment: _e, ...view }: Awaited<ReturnType<typeof getWebhookEndpointView>>) => view;

export const GET = defineRoute(getWebhookEndpointContract, async ({ auth }) => ({
  body: { success: true, data: publicView(await getWebhookEndpointView(auth.merchant.id, auth.environment)) },
}));

export const PUT = defineRoute(setWebhookEndpointContract, async ({ auth, body }) => ({
  body: { success: true, data: publicView(await setWebhookUrl(auth.merchant.id, auth.environment, body.url, apiActor(auth))) },
}));

export const { HEAD, OPTIONS, POST, DELETE, PATCH } = otherMethods(GET, PUT);
