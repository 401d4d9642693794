import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { maxPage, toPage } from "@/lib/http/pagination";
import {
  describeWebhookEndpoint,
  enableWebhookEndpoint,
  getOrCreateEndpoint,
  listWebhookEvents,
  revealWebhookSecret,
  rotateWebhookSecret,
  setWebhookUrl,
  type WebhookEndpointView,
} from "@/lib/webhooks";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";

export const WEBHOOK_PAGE_SIZE = 20;

/** The endpoint (without its secret) and the delivery log, newest first. */
export async function getWebhooksPage(scope: DashboardScope, rawPage: unknown) {
  const pageNumber = Math.max(1, Math.min(maxPage(WEBHOOK_PAGE_SIZE), Number.parseInt(String(rawPage ?? "1"), 10) || 1));
  const page = toPage({ page: pageNumber, limit: WEBHOOK_PAGE_SIZE });
  const prisma = await getPrisma();
  const endpoint = await getOrCreateEndpoint(scope.merchantId, scope.environment, prisma);
  const { events, total } = await listWebhookEvents(scope.merchantId, scope.environment, {}, page);
  return { endpoint: describeWebhookEndpoint(endpoint), events, total, page: pageNumber, totalPages: Math.ceil(total / WEBHOOK_PAGE_SIZE) };
}

const urlInput = z.object({ url: z.string().trim().max(2048, "The URL is too long.").default("") });

/** Sets (or, when blank, removes) the default URL; the environment's SSRF rules decide what is allowed. */
export async function saveWebhookUrl(scope: DashboardScope, raw: unknown): Promise<FormResult<WebhookEndpointView>> {
  const parsed = urlInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  const url = parsed.data.url === "" ? null : parsed.data.url;
  const result = await toFormResult(() => setWebhookUrl(scope.merchantId, scope.environment, url, dashboardActor(scope)));
  return result.ok || result.code !== "validation_error" ? result : { ...result, fieldErrors: { url: result.error } };
}

/** The signing secret, shown once (then only a rotation shows a new one); audited. */
export async function revealDashboardWebhookSecret(scope: DashboardScope): Promise<FormResult<{ secret: string }>> {
  return toFormResult(async () => ({ secret: await revealWebhookSecret(scope.merchantId, scope.environment, dashboardActor(scope)) }));
}

const rotateInput = z.object({ confirm: z.literal("rotate", { message: "Confirm the rotation first." }) });

/** New secret; the previous one keeps signing during the grace period. */
export async function rotateDashboardWebhookSecret(scope: DashboardScope, raw: unknown): Promise<FormResult<{ secret: string; previousValidUntil: string }>> {
  const parsed = rotateInput.safeParse(raw);
  if (!parsed.success) return validationFailure(parsed.error);
  return toFormResult(async () => {
    const r = await rotateWebhookSecret(scope.merchantId, scope.environment, dashboardActor(scope));
    return { secret: r.secret, previousValidUntil: r.previousValidUntil.toISOString() };
  });
}

/** Re-enables an endpoint disabled after a 410 Gone. */
export async function enableDashboardWebhookEndpoint(scope: DashboardScope): Promise<FormResult<WebhookEndpointView>> {
  return toFormResult(() => enableWebhookEndpoint(scope.merchantId, scope.environment, dashboardActor(scope)));
}
