import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { assertWebhookUrlAllowed } from "./check-webhook-url";
import { describeWebhookEndpoint, type WebhookEndpointView } from "./describe-webhook-endpoint";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { resolveWebhookTarget, systemLookup, WebhookTargetRefused, type LookupAll } from "./resolve-webhook-target";
import { webhookUrlPolicy } from "./webhook-config";
import { writeWebhookAudit } from "./write-webhook-audit";

/** How long setting a URL waits for DNS before accepting it anyway (send time checks again). */
const SET_TIME_LOOKUP_MS = 3000;

/**
 * Sets (or, with null, removes) the merchant's default webhook URL in an environment, after the
 * SSRF rules of that environment: the static check, then, unless private targets are allowed,
 * what the name resolves to now (a name that answers a private address is refused at once
 * rather than failing every delivery later). A name that does not resolve yet is accepted:
 * every send resolves and checks again. A different URL clears a 410 disable: the merchant
 * moved to a receiver that is presumably alive. Audited.
 */
export async function setWebhookUrl(
  merchantId: string,
  environment: AppEnvironment,
  url: string | null,
  actor: string,
  options: { lookup?: LookupAll } = {},
): Promise<WebhookEndpointView> {
  const next = url === null ? null : assertWebhookUrlAllowed(url).toString();
  if (next !== null) await assertResolvesToPublicAddress(next, options.lookup ?? systemLookup);
  const prisma = await getPrisma();
  const endpoint = await prisma.$transaction(async (tx) => {
    const current = await getOrCreateEndpoint(merchantId, environment, tx);
    const changed = current.url !== next;
    const updated = await tx.webhookEndpoint.update({
      where: { merchantId_environment: { merchantId, environment } },
      data: { url: next, ...(changed ? { disabledAt: null, disabledReason: null } : {}) },
    });
    await writeWebhookAudit(tx, merchantId, environment, actor, "webhook.url_set", { url: next, previousUrl: current.url });
    return updated;
  });
  return describeWebhookEndpoint(endpoint);
}

async function assertResolvesToPublicAddress(url: string, lookup: LookupAll) {
  const policy = webhookUrlPolicy();
  if (policy.allowPrivate) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), SET_TIME_LOOKUP_MS)));
  try {
    await Promise.race([resolveWebhookTarget(url, policy, lookup), timeout]);
  } catch (err) {
    if (err instanceof WebhookTargetRefused && err.kind === "policy") {
      throw new AppError("validation_error", err.message, { details: [{ path: "url", message: err.message }] });
    }
    // DNS failure: accepted for now, refused at send time if it still does not resolve.
  } finally {
    clearTimeout(timer);
  }
}
