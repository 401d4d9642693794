import { beforeAll, describe, expect, it } from "vitest";
import { GET as status } from "@/app/api/v1/payments/status/[transactionId]/route";
import { GET as publicStatus } from "@/app/api/v1/payments/public/status/[transactionId]/route";
import { GET as list } from "@/app/api/v1/payments/transactions/route";
import { GET as detail } from "@/app/api/v1/payments/transactions/[transactionId]/route";
import { POST as cancel } from "@/app/api/v1/payments/[transactionId]/cancel/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

async function newPayment(m: Awaited<ReturnType<typeof createTestMerchant>>, overrides: Record<string, unknown> = {}) {
  const res = await initiatePayment(m.headers, directBody(overrides));
  expect(res.status).toBe(201);
  return res.json.data.transactionId as string;
}

describe("reading payments", () => {
  it("status and detail use merchantReference; public status shows four fields only", async () => {
    const m = await createTestMerchant();
    const id = await newPayment(m, { customerName: "Awa", customerEmail: "awa@example.com", description: "2 tickets", metadata: { seat: "A1" } });
    const params = { transactionId: id };
    const s = await call(status, { path: `/payments/status/${id}`, headers: m.headers, params });
    expect(s.status).toBe(200);
    expect(s.json).toMatchObject({
      transactionId: id,
      type: "collect",
      status: "pending",
      amount: 5000,
      currency: "XOF",
      provider: "orange",
      country: "SN",
      customerPhone: "+221770000012",
      customerName: "Awa",
      customerEmail: "awa@example.com",
      message: expect.any(String),
      errorCode: null,
      errorMessage: null,
      completedAt: null,
      metadata: { seat: "A1" },
    });
    expect(s.json.merchantReference).toMatch(/^order-/);
    expect(s.json.expiresAt).toBeTruthy();

    const d = await call(detail, { path: `/payments/transactions/${id}`, headers: m.headers, params });
    expect(Object.keys(d.json).sort()).toEqual(
      ["transactionId", "merchantReference", "type", "status", "amount", "currency", "fees", "provider", "providerReference", "customerPhone", "customerName", "customerEmail", "description", "completedAt", "createdAt", "updatedAt", "metadata", "paymentLinkId", "refundedAmount", "refunds"].sort(),
    );
    expect(d.json).toMatchObject({ refundedAmount: 0, refunds: [], paymentLinkId: null });
    expect(d.json.description).toBe("2 tickets");

    const p = await call(publicStatus, { path: `/payments/public/status/${id}`, params });
    expect(p.status).toBe(200);
    expect(p.json).toEqual({ transactionId: id, status: "pending", amount: 5000, currency: "XOF" });
    expect(p.text).not.toMatch(/221770000012|Awa|awa@|seat|orange/);
  });

  it("reports a failure with errorCode and errorMessage, and completion with completedAt", async () => {
    const m = await createTestMerchant();
    const failed = await newPayment(m, { customerPhone: "+221770000090" });
    const ok = await newPayment(m);
    await driveToFinal(failed);
    await driveToFinal(ok);
    const f = await call(status, { path: "/", headers: m.headers, params: { transactionId: failed } });
    expect(f.json).toMatchObject({ status: "failed", errorCode: "insufficient_funds", errorMessage: expect.any(String), expiresAt: null });
    const s = await call(status, { path: "/", headers: m.headers, params: { transactionId: ok } });
    expect(s.json).toMatchObject({ status: "success", errorCode: null, completedAt: expect.any(String), expiresAt: null });
  });

  it("another merchant's payment is a 404 everywhere", async () => {
    const owner = await createTestMerchant();
    const intruder = await createTestMerchant();
    const id = await newPayment(owner);
    const params = { transactionId: id };
    for (const [handler, method] of [[status, "GET"], [detail, "GET"], [cancel, "POST"]] as const) {
      const res = await call(handler, { method, path: "/", headers: intruder.headers, params });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
    expect((await call(publicStatus, { path: "/", params: { transactionId: "txn_doesnotexist" } })).status).toBe(404);
  });
});

describe("GET /payments/transactions", () => {
  it("lists newest first with filters, the completed synonym and pagination", async () => {
    const m = await createTestMerchant();
    const a = await newPayment(m, { externalReference: uniqueRef("a") });
    const b = await newPayment(m, { externalReference: uniqueRef("b"), provider: "wave" });
    const c = await newPayment(m, { externalReference: uniqueRef("c") });
    await driveToFinal(c);
    const get = (query: string) => call(list, { path: `/payments/transactions${query}`, headers: m.headers });

    const all = await get("");
    expect(all.json.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    expect(all.json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([c, b, a]);
    expect(all.json.data[0]).toMatchObject({ status: "success", paidAt: expect.any(String), type: "collect", amount: 5000 });
    expect(all.json.data[1]).not.toHaveProperty("paidAt");

    expect((await get("?status=completed")).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([c]);
    expect((await get("?status=success")).json.data).toHaveLength(1);
    expect((await get("?status=pending")).json.meta.total).toBe(2);
    expect((await get("?provider=wave")).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([b]);
    const ref = all.json.data[2].externalReference;
    expect((await get(`?externalReference=${ref}`)).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([a]);
    expect((await get("?type=payout")).json.meta.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?startDate=${today}&endDate=${today}`)).json.meta.total).toBe(3);
    expect((await get("?endDate=2020-01-01")).json.meta.total).toBe(0);

    const page2 = await get("?limit=2&page=2");
    expect(page2.json.meta).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(page2.json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([a]);
    expect((await get("?limit=1000")).json.meta.limit).toBe(100);
  });

  it.each([["?status=done"], ["?page=0"], ["?startDate=2026-13-01"], ["?startDate=yesterday"], ["?type=refund"], ["?startDate=2026-02-02&endDate=2026-01-01"]])(
    "refuses %s with 400",
    async (query) => {
      const m = await createTestMerchant();
      const res = await call(list, { path: `/payments/transactions${query}`, headers: m.headers });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("validation_error");
    },
  );

  it("shows only the caller's transactions", async () => {
    const a = await createTestMerchant();
    const b = await createTestMerchant();
    await newPayment(a);
    const res = await call(list, { path: "/payments/transactions", headers: b.headers });
    expect(res.json.meta.total).toBe(0);
  });
});

describe("POST /payments/{transactionId}/cancel", () => {
  it("cancels a pending payment, harmlessly twice, and records the event", async () => {
    const m = await createTestMerchant();
    const id = await newPayment(m);
    const params = { transactionId: id };
    const first = await call(cancel, { method: "POST", path: "/", headers: m.headers, params });
    expect(first.status).toBe(200);
    expect(first.json.status).toBe("cancelled");
    const again = await call(cancel, { method: "POST", path: "/", headers: m.headers, params });
    expect(again.status).toBe(200);
    // The provider job finds the payment cancelled and does nothing.
    const after = await driveToFinal(id);
    expect(after.status).toBe("cancelled");
  });

  it("refuses to cancel once the customer has the prompt (processing) or after the outcome", async () => {
    const m = await createTestMerchant();
    const processing = await newPayment(m, { customerPhone: "+221770000099" });
    await driveToFinal(processing, 1);
    const done = await newPayment(m);
    await driveToFinal(done);
    for (const id of [processing, done]) {
      const res = await call(cancel, { method: "POST", path: "/", headers: m.headers, params: { transactionId: id } });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe("invalid_state");
    }
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: processing } })).status).toBe("processing");
  });
});
