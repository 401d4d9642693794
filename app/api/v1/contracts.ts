import type { RouteContract } from "@/lib/http/contract";
import { healthContract } from "./health/contract";
import { openApiContract } from "./openapi.json/contract";
import { listWebhookEventsContract } from "./webhooks/events/contract";
import { getWebhookEventContract } from "./webhooks/events/[eventId]/contract";
import { resendWebhookEventContract } from "./webhooks/events/[eventId]/resend/contract";

/**
 * Every route contract under /api/v1, in the order the reference shows them. A test checks
 * that each route.ts file has its contract here.
 */
export const contracts: RouteContract[] = [
  healthContract,
  openApiContract,
  listWebhookEventsContract,
  getWebhookEventContract,
  resendWebhookEventContract,
];
