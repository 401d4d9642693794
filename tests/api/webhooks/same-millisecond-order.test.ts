import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { listWebhookEvents } from "@/lib/webhooks/list-webhook-events";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * Ids no longer order events of one millisecond (their random part is fresh, lib/ids.ts): the
 * insertion sequence does, so a payment's events still list in the order they happened.
 */
describe("events recorded in the same millisecond", () => {
  it("list newest first in the order they were recorded", async () => {
    const m = await createTestMerchant();
    const prisma = await getPrisma();
    const createdAt = new Date("2026-11-23T12:00:00.000Z");
    const recorded: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = newId("evt", createdAt.getTime());
      await prisma.webhookEvent.create({
        data: { id, merchantId: m.merchant.id, environment: "sandbox", type: "payment.pending", transactionId: `txn_same_ms_${i}`, payload: {}, createdAt },
      });
      recorded.push(id);
    }
    const { events } = await listWebhookEvents(m.merchant.id, "sandbox", {}, { page: 1, limit: 20, skip: 0 });
    expect(events.map((e) => e.id)).toEqual([...recorded].reverse());
  });
});
