import { beforeAll, describe, expect, it } from "vitest";
import { GET as history } from "@/app/api/v1/payments/balance/transactions/route";
import { POST as settleSandbox } from "@/app/api/v1/sandbox/settle/route";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { call } from "../../helpers/http";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, initiatePayment } from "../../helpers/payments";
import { driveRefund, events, paidPayment, paymentDetail, paymentStatus, refund } from "../../helpers/refunds";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

/** A merchant with 100,000 XOF available in collect and one successful 10,000 XOF payment. */
async function setup(amount = 10_000) {
  const m = await createTestMerchant();
  await fund(m.merchant.id, "XOF", 100_000n);
  const payment = await paidPayment(m.headers, amount);
  return { m, payment };
}

describe("POST /payments/{transactionId}/refund", () => {
  it("a full refund: held at once, then success; the payment becomes refunded with refundedAmount and refunds[]", async () => {
    const { m, payment } = await setup();
    const res = await refund(m.headers, payment.id, { reason: "Order cancelled" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      refundId: expect.stringMatching(/^rf_/),
      transactionId: payment.id,
      status: "pending",
      amount: 10_000,
      currency: "XOF",
      reason: "Order cancelled",
      provider: "orange",
      errorCode: null,
      completedAt: null,
    });
    // Held from collect.available at once (the collect's own credit is still pending).
    const before = await wallet(m.merchant.id, "XOF");
    expect(before.available).toBe(90_000n);

    const pendingView = await paymentStatus(m.headers, payment.id);
    expect(pendingView.json).toMatchObject({ status: "success", refundedAmount: 0, refunds: [{ refundId: res.json.refundId, status: "pending" }] });

    const final = await driveRefund(res.json.refundId);
    expect(final.status).toBe("success");
    const after = await paymentStatus(m.headers, payment.id);
    expect(after.json).toMatchObject({ status: "refunded", refundedAmount: 10_000, refunds: [{ refundId: res.json.refundId, status: "success", completedAt: expect.any(String) }] });
    const detail = await paymentDetail(m.headers, payment.id);
    expect(detail.json).toMatchObject({ status: "refunded", refundedAmount: 10_000, refunds: [{ refundId: res.json.refundId, status: "success" }] });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(90_000n);

    const types = (await events(m.merchant.id)).map((e) => e.type);
    expect(types.filter((t) => t.startsWith("refund.") || t === "payment.refunded")).toEqual(["refund.pending", "refund.processing", "refund.success", "payment.refunded"]);
    const refunded = (await events(m.merchant.id)).find((e) => e.type === "payment.refunded")!;
    expect(refunded.data).toMatchObject({ transactionId: payment.id, status: "refunded", refundedAmount: 10_000, refunds: [{ status: "success" }] });

    const hold = await (await getPrisma()).ledgerHold.findUniqueOrThrow({ where: { id: res.json.refundId } });
    expect(hold.status).toBe("finalised");
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);

    // Nothing is left: 422.
    const again = await refund(m.headers, payment.id, {});
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ statusCode: 422, error: "Unprocessable Entity", code: "invalid_state", message: expect.stringContaining("fully refunded") });
  });

  it("partial refunds until the amount; more than what is left is 422 invalid_amount", async () => {
    const { m, payment } = await setup();
    const first = await refund(m.headers, payment.id, { amount: 4_000 });
    expect(first.status).toBe(201);
    expect((await driveRefund(first.json.refundId)).status).toBe("success");
    let view = await paymentStatus(m.headers, payment.id);
    expect(view.json).toMatchObject({ status: "success", refundedAmount: 4_000 });

    const tooMuch = await refund(m.headers, payment.id, { amount: 6_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.json).toMatchObject({ code: "invalid_amount", message: expect.stringContaining("At most 6000 XOF"), details: [{ path: "amount" }] });

    // Omitted amount = everything left.
    const rest = await refund(m.headers, payment.id, {});
    expect(rest.status).toBe(201);
    expect(rest.json.amount).toBe(6_000);
    // While it is in flight nothing is left.
    const none = await refund(m.headers, payment.id, { amount: 1 });
    expect(none.status).toBe(422);
    expect(none.json.code).toBe("invalid_state");

    expect((await driveRefund(rest.json.refundId)).status).toBe("success");
    view = await paymentStatus(m.headers, payment.id);
    expect(view.json).toMatchObject({ status: "refunded", refundedAmount: 10_000 });
    expect(view.json.refunds.map((r: { amount: number }) => r.amount)).toEqual([4_000, 6_000]);
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(90_000n);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("only a successful collect: pending and failed payments are 422 invalid_state", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const pending = await initiatePayment(m.headers, directBody());
    const pendingRes = await refund(m.headers, pending.json.data.transactionId);
    expect(pendingRes.status).toBe(422);
    expect(pendingRes.json).toMatchObject({ code: "invalid_state", message: expect.stringContaining("pending; only a successful payment") });

    const failedInit = await initiatePayment(m.headers, directBody({ customerPhone: "+221770000090" }));
    const failed = await driveToFinal(failedInit.json.data.transactionId);
    expect(failed.status).toBe("failed");
    const failedRes = await refund(m.headers, failed.id, { amount: 100 });
    expect(failedRes.status).toBe(422);
    expect(failedRes.json.code).toBe("invalid_state");
    expect(await (await getPrisma()).refund.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("a balance that cannot cover it: 422 insufficient_balance, nothing written", async () => {
    const m = await createTestMerchant();
    // The payment's own credit is still pending (not settled): nothing is available.
    const payment = await paidPayment(m.headers, 10_000);
    const res = await refund(m.headers, payment.id, { amount: 5_000 });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ statusCode: 422, code: "insufficient_balance", message: expect.stringContaining("cannot cover a refund of 5000 XOF") });
    const prisma = await getPrisma();
    expect(await prisma.refund.count({ where: { paymentId: payment.id } })).toBe(0);
    expect(await prisma.ledgerEntry.count({ where: { merchantId: m.merchant.id, type: "refund_hold" } })).toBe(0);
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).refundReserved).toBe(0n);
    // Once funds are available the same refund goes through.
    await fund(m.merchant.id, "XOF", 5_000n);
    expect((await refund(m.headers, payment.id, { amount: 5_000 })).status).toBe(201);
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(0n);
  });

  it("an immediate refund in the sandbox: the error says when the money settles and names POST /sandbox/settle, which settles it now", async () => {
    const m = await createTestMerchant();
    const payment = await paidPayment(m.headers, 10_000);
    const refused = await refund(m.headers, payment.id, { amount: 5_000 });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toContain("The sandbox settles a collection 60 s after it succeeds; POST /api/v1/sandbox/settle settles everything pending now.");

    const settled = await call(settleSandbox, { method: "POST", path: "/sandbox/settle", headers: m.headers });
    expect(settled.status).toBe(200);
    expect(settled.json).toMatchObject({ success: true, data: { settled: 1, balanceMode: "unified", balances: [{ currency: "XOF", categories: { collect: { pending: 0 } } }] } });
    const available = settled.json.data.balances[0].categories.collect.available;
    expect(available).toBeGreaterThan(5_000);
    expect((await refund(m.headers, payment.id, { amount: 5_000 })).status).toBe(201);
    // Nothing left to settle: a second call settles nothing and changes nothing.
    expect((await call(settleSandbox, { method: "POST", path: "/sandbox/settle", headers: m.headers })).json.data.settled).toBe(0);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it.each([
    [{ amount: 0 }, "invalid_amount"],
    [{ amount: -5 }, "invalid_amount"],
    [{ amount: 10.5 }, "invalid_amount"],
    [{ amount: "abc" }, "invalid_amount"],
    [{ amount: true }, "validation_error"],
    [{ reason: "" }, "validation_error"],
    [{ reason: "x".repeat(256) }, "validation_error"],
    [{ amount: 100, extra: 1 }, "validation_error"],
  ])("bad input %j → 400 %s, nothing written", async (body, code) => {
    const { m, payment } = await setup();
    const res = await refund(m.headers, payment.id, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, code });
    expect(await (await getPrisma()).refund.count({ where: { paymentId: payment.id } })).toBe(0);
  });

  it("malformed JSON is 400, never a 500", async () => {
    const { m, payment } = await setup();
    const { POST } = await import("@/app/api/v1/payments/[transactionId]/refund/route");
    const res = await call(POST, { path: `/payments/${payment.id}/refund`, headers: m.headers, rawBody: "{", params: { transactionId: payment.id } });
    expect(res.status).toBe(400);
  });

  it("another merchant's payment, or an unknown id, is 404; no credentials is 401", async () => {
    const { payment } = await setup();
    const other = await createTestMerchant();
    await fund(other.merchant.id, "XOF", 100_000n);
    const res = await refund(other.headers, payment.id, { amount: 100 });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "not_found" });
    expect(res.text).not.toContain("orange");
    expect((await refund(other.headers, "txn_doesnotexist")).status).toBe(404);
    expect((await refund({}, payment.id)).status).toBe(401);
    expect(await (await getPrisma()).refund.count({ where: { paymentId: payment.id } })).toBe(0);
  });

  it("X-Idempotency-Key: the same body replays the first answer, executes once; another body is 422", async () => {
    const { m, payment } = await setup();
    const headers = { ...m.headers, "X-Idempotency-Key": "refund-1" };
    const first = await refund(headers, payment.id, { amount: 1_000 });
    const replay = await refund(headers, payment.id, { amount: 1_000 });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.json).toEqual(first.json);
    expect(await (await getPrisma()).refund.count({ where: { paymentId: payment.id } })).toBe(1);
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(99_000n);
    const reused = await refund(headers, payment.id, { amount: 2_000 });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe("idempotency_key_reused");
  });

  it("balance history shows the refund's hold and release with the refund they belong to", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const payment = await paidPayment(m.headers, 10_000);
    const res = await refund(m.headers, payment.id, { amount: 1_090 }); // sandbox: fails invalid_recipient
    expect((await driveRefund(res.json.refundId)).status).toBe("failed");
    const page = await call(history, { path: "/payments/balance/transactions?currency=XOF&category=collect", headers: m.headers });
    expect(page.status).toBe(200);
    const mine = page.json.data.filter((d: { transactionId: string | null }) => d.transactionId === res.json.refundId);
    expect(mine.map((d: { type: string; availableChange: number; transactionType: string }) => [d.type, d.availableChange, d.transactionType])).toEqual([
      ["refund_release", 1_090, "refund"],
      ["refund_hold", -1_090, "refund"],
    ]);
    expect(page.json.data[0]).toMatchObject({ available: 100_000 });
  });
});
