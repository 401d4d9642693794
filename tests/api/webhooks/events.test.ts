import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { GET as listEvents } from "@/app/api/v1/webhooks/events/route";
import { GET as getEvent } from "@/app/api/v1/webhooks/events/[eventId]/route";
import { POST as resendEvent } from "@/app/api/v1/webhooks/events/[eventId]/resend/route";
import { getPrisma } from "@/lib/db/client";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { startReceiver, type Answer } from "../../helpers/webhook-receiver";
import { recordTestEvent } from "../../helpers/webhooks";

/**
 * GET /webhooks/events, GET /webhooks/events/{eventId}, POST /webhooks/events/{eventId}/resend.
 * Events are recorded with `hold` so that no job runner changes them behind the test's back.
 */
let receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function receiver(answer?: (n: number) => Answer) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

const list = (headers: Record<string, string>, query = "") => call(listEvents, { path: `/webhooks/events${query}`, headers });
const detail = (headers: Record<string, string>, eventId: string) =>
  call(getEvent, { path: `/webhooks/events/${eventId}`, headers, params: { eventId } });
const resend = (headers: Record<string, string>, eventId: string) =>
  call(resendEvent, { method: "POST", path: `/webhooks/events/${eventId}/resend`, headers, params: { eventId } });

async function setCreatedAt(eventId: string, at: string) {
  await (await getPrisma()).webhookEvent.update({ where: { id: eventId }, data: { createdAt: new Date(at) } });
}

describe("GET /webhooks/events", () => {
  it("lists the merchant's events newest first, paginated, with their attempts", async () => {
    const m = await createTestMerchant();
    const r = await receiver((n) => (n === 1 ? { status: 500, body: "oops" } : { status: 200 }));
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    const a = await recordTestEvent(m.merchant.id, { hold: true, type: "payment.pending" });
    const b = await recordTestEvent(m.merchant.id, { hold: true, type: "payment.success" });
    const c = await recordTestEvent(m.merchant.id, { hold: true, type: "payout.failed" });
    await resend(m.headers, b.id); // 500: one attempt recorded
    await resend(m.headers, b.id); // 200: delivered

    const page1 = await list(m.headers, "?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.json.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(page1.json.data.map((e: { id: string }) => e.id)).toEqual([c.id, b.id]);
    const page2 = await list(m.headers, "?limit=2&page=2");
    expect(page2.json.data.map((e: { id: string }) => e.id)).toEqual([a.id]);

    const delivered = page1.json.data[1];
    expect(delivered).toMatchObject({ id: b.id, type: "payment.success", status: "delivered", attemptCount: 2, nextAttemptAt: null });
    expect(delivered.deliveredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(delivered.transactionId).toMatch(/^txn_test_/);
    expect(delivered.attempts).toEqual([
      { attempt: 1, manual: true, url: r.url, statusCode: 500, durationMs: expect.any(Number), error: null, createdAt: expect.any(String), nextAttemptAt: expect.any(String) },
      { attempt: 2, manual: true, url: r.url, statusCode: 200, durationMs: expect.any(Number), error: null, createdAt: expect.any(String), nextAttemptAt: null },
    ]);
    expect(delivered).not.toHaveProperty("payload");
    expect(page1.json.data[0]).toMatchObject({ id: c.id, status: "pending", attemptCount: 0, attempts: [], deliveredAt: null });
  });

  it("filters by type, status, transactionId and creation dates", async () => {
    const m = await createTestMerchant();
    // A URL, so the events are recorded pending (with none they are skipped at once); held, so never sent.
    await setWebhookUrl(m.merchant.id, "sandbox", (await receiver()).url, "test");
    const pending = await recordTestEvent(m.merchant.id, { hold: true, type: "payment.pending", data: { transactionId: "txn_one" } });
    const success = await recordTestEvent(m.merchant.id, { hold: true, type: "payment.success", data: { transactionId: "txn_one" } });
    const payout = await recordTestEvent(m.merchant.id, { hold: true, type: "payout.success", data: { transactionId: "txn_two" } });
    await (await getPrisma()).webhookEvent.update({ where: { id: success.id }, data: { status: "failed" } });
    await setCreatedAt(pending.id, "2026-01-10T08:00:00.000Z");
    await setCreatedAt(success.id, "2026-01-11T23:59:59.999Z");
    await setCreatedAt(payout.id, "2026-01-12T00:00:00.000Z");
    const ids = async (query: string) => {
      const res = await list(m.headers, query);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.data.map((e: { id: string }) => e.id);
    };

    expect(await ids("?type=payment.success")).toEqual([success.id]);
    expect(await ids("?status=failed")).toEqual([success.id]);
    expect(await ids("?status=pending")).toEqual([payout.id, pending.id]);
    expect(await ids("?transactionId=txn_one")).toEqual([success.id, pending.id]);
    expect(await ids("?from=2026-01-11")).toEqual([payout.id, success.id]);
    expect(await ids("?to=2026-01-11")).toEqual([success.id, pending.id]); // a date-only `to` includes that day
    expect(await ids("?from=2026-01-11&to=2026-01-11")).toEqual([success.id]);
    expect(await ids("?from=2026-01-10T09:00:00Z&to=2026-01-12T00:00:00.000Z")).toEqual([success.id]);
    expect(await ids("?type=payout.success&status=pending&from=2026-01-01")).toEqual([payout.id]);
  });

  it("never shows another merchant's events", async () => {
    const mine = await createTestMerchant();
    const other = await createTestMerchant();
    const theirs = await recordTestEvent(other.merchant.id, { hold: true });
    const own = await recordTestEvent(mine.merchant.id, { hold: true });
    const res = await list(mine.headers);
    expect(res.json.data.map((e: { id: string }) => e.id)).toEqual([own.id]);
    expect(res.json.meta.total).toBe(1);
    expect((await list(mine.headers, `?transactionId=${(await detail(other.headers, theirs.id)).json.data.transactionId}`)).json.data).toEqual([]);
  });

  it.each([
    ["?status=bogus", "status"],
    ["?type=payment.unknown", "type"],
    ["?from=yesterday", "from"],
    ["?to=2026-13-45", "to"],
    ["?page=0", "page"],
    ["?color=blue", "color"],
  ])("answers 400 for %s", async (query, field) => {
    const m = await createTestMerchant();
    const res = await list(m.headers, query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(JSON.stringify(res.json.details)).toContain(field);
  });

  it("clamps limit to 100", async () => {
    const m = await createTestMerchant();
    expect((await list(m.headers, "?limit=500")).json.meta.limit).toBe(100);
  });

  it("requires API credentials", async () => {
    const res = await list({});
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ statusCode: 401, error: "Unauthorized" });
  });
});

describe("GET /webhooks/events/{eventId}", () => {
  it("returns the exact body sent and each attempt with the receiver's status (a private receiver's body is never shown)", async () => {
    const m = await createTestMerchant();
    const r = await receiver(() => ({ status: 200, body: "received, thanks" }));
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    const data = { transactionId: "txn_detail", status: "success", amount: 1500, currency: "XOF" };
    const e = await recordTestEvent(m.merchant.id, { hold: true, data });
    await resend(m.headers, e.id);
    const res = await detail(m.headers, e.id);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.data.payload).toEqual({ id: e.id, type: "payment.success", createdAt: e.createdAt.toISOString(), environment: "sandbox", data });
    expect(JSON.stringify(res.json.data.payload)).toBe(r.requests[0].body);
    expect(res.json.data.attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, responseBodyExcerpt: null });
    expect(res.text).not.toContain("received, thanks");
    expect(res.text).not.toContain("whsec_");
  });

  it("answers 404 for another merchant's event and for an unknown one", async () => {
    const mine = await createTestMerchant();
    const other = await createTestMerchant();
    const theirs = await recordTestEvent(other.merchant.id, { hold: true });
    const res = await detail(mine.headers, theirs.id);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found" });
    expect((await detail(mine.headers, "evt_doesnotexist")).status).toBe(404);
  });
});

describe("POST /webhooks/events/{eventId}/resend", () => {
  it("sends the same event again, same webhook-id, signed, even when it was already delivered", async () => {
    const m = await createTestMerchant();
    const r = await receiver();
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    const secret = await revealWebhookSecret(m.merchant.id, "sandbox", "test");
    const e = await recordTestEvent(m.merchant.id, { hold: true });

    const first = await resend(m.headers, e.id);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ id: e.id, status: "delivered", attemptCount: 1 });
    const again = await resend(m.headers, e.id);
    expect(again.json.data).toMatchObject({ status: "delivered", attemptCount: 2 });
    expect(again.json.data.attempts.map((a: { attempt: number; manual: boolean; statusCode: number }) => [a.attempt, a.manual, a.statusCode])).toEqual([
      [1, true, 200],
      [2, true, 200],
    ]);
    expect(r.requests).toHaveLength(2);
    expect(r.requests.map((q) => q.headers["webhook-id"])).toEqual([e.id, e.id]);
    for (const q of r.requests) expect(new Webhook(secret).verify(q.body, q.headers)).toMatchObject({ id: e.id });
  });

  it("a failed resend of a pending event leaves its automatic schedule alone", async () => {
    const m = await createTestMerchant();
    const r = await receiver(() => ({ status: 503 }));
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    const e = await recordTestEvent(m.merchant.id, { hold: true });
    const before = await (await getPrisma()).webhookEvent.findUniqueOrThrow({ where: { id: e.id } });
    const res = await resend(m.headers, e.id);
    expect(res.json.data).toMatchObject({ status: "pending", attemptCount: 1, nextAttemptAt: before.nextAttemptAt!.toISOString() });
    expect(res.json.data.attempts[0]).toMatchObject({ manual: true, statusCode: 503 });
  });

  it("resends a skipped event once a URL is configured", async () => {
    const m = await createTestMerchant();
    const e = await recordTestEvent(m.merchant.id, { hold: true });
    await (await getPrisma()).webhookEvent.update({ where: { id: e.id }, data: { status: "skipped", nextAttemptAt: null } });
    const refused = await resend(m.headers, e.id);
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ statusCode: 422, code: "invalid_state" });
    expect(refused.json.message).toMatch(/No webhook URL/);

    const r = await receiver();
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    expect((await resend(m.headers, e.id)).json.data.status).toBe("delivered");
  });

  it("is refused while the endpoint is disabled after a 410, and works again once re-enabled", async () => {
    const m = await createTestMerchant();
    let gone = true;
    const r = await receiver(() => (gone ? { status: 410 } : { status: 200 }));
    await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
    const e = await recordTestEvent(m.merchant.id, { hold: true });
    const first = await resend(m.headers, e.id);
    expect(first.json.data).toMatchObject({ status: "disabled", attemptCount: 1 });
    expect((await getOrCreateEndpoint(m.merchant.id, "sandbox")).disabledAt).not.toBeNull();

    const refused = await resend(m.headers, e.id);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toMatch(/disabled/);
    expect(r.requests).toHaveLength(1);

    gone = false;
    await enableWebhookEndpoint(m.merchant.id, "sandbox", "test");
    expect((await resend(m.headers, e.id)).json.data).toMatchObject({ status: "delivered", attemptCount: 2 });
  });

  it("answers 404 for another merchant's event, without sending anything", async () => {
    const mine = await createTestMerchant();
    const other = await createTestMerchant();
    const r = await receiver();
    await setWebhookUrl(other.merchant.id, "sandbox", r.url, "test");
    const theirs = await recordTestEvent(other.merchant.id, { hold: true });
    const res = await resend(mine.headers, theirs.id);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, code: "not_found" });
    expect(r.requests).toHaveLength(0);
  });

  it("requires API credentials", async () => {
    expect((await resend({}, "evt_x")).status).toBe(401);
  });
});
