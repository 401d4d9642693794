import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { pageMeta, toPage } from "@/lib/http/pagination";
import { listWebhookEvents } from "@/lib/webhooks/list-webhook-events";
import { listWebhookEventsContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(listWebhookEventsContract, async ({ query, auth }) => {
  const page = toPage(query);
  const { page: _p, limit: _l, ...filters } = query;
  const { events, total } = await listWebhookEvents(auth.merchant.id, auth.environment, filters, page);
  return { body: { data: events, meta: pageMeta(total, page) } };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
