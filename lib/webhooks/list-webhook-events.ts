import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { Page } from "@/lib/http/pagination";
import type { WebhookEventStatus, WebhookEventType } from "./event-types";
import { LIST_ATTEMPTS, toWebhookEventView, type WebhookEventView } from "./webhook-event-view";

/** A merchant's events in one environment, newest first, with their latest attempts. */
export type WebhookEventFilters = {
  type?: WebhookEventType;
  status?: WebhookEventStatus;
  transactionId?: string;
  /** createdAt ≥ from */
  from?: Date;
  /** createdAt < to */
  to?: Date;
};

export async function listWebhookEvents(
  merchantId: string,
  environment: AppEnvironment,
  filters: WebhookEventFilters,
  page: Page,
): Promise<{ events: WebhookEventView[]; total: number }> {
  const prisma = await getPrisma();
  const where: Prisma.WebhookEventWhereInput = {
    merchantId,
    environment,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.transactionId ? { transactionId: filters.transactionId } : {}),
    ...(filters.from || filters.to ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lt: filters.to } : {}) } } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.webhookEvent.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
      skip: page.skip,
      take: page.limit,
      include: { deliveryAttempts: { orderBy: { attempt: "desc" }, take: LIST_ATTEMPTS } },
    }),
    prisma.webhookEvent.count({ where }),
  ]);
  return { events: rows.map((r) => toWebhookEventView(r)), total };
}
