import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { rotateWebhookSecret } from "@/lib/webhooks";
import { rotateWebhookSecretContract } from "../contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(rotateWebhookSecretContract, async ({ auth }) => {
  const { secret, previousValidUntil } = await rotateWebhookSecret(auth.merchant.id, auth.environment, apiActor(auth));
  return { body: { success: true, data: { secret, previousSecretValidUntil: previousValidUntil.toISOString() } } };
});

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
