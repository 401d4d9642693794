import { beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { getPrisma } from "@/lib/db/client";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { expireDuePayments } from "@/lib/payments/expire-payments";
import { call } from "../helpers/http";
import { createTestMerchant } from "../helpers/merchants";
import { directBody, driveToFinal, eventTypes, initiatePayment } from "../helpers/payments";
import { ensureReferenceData } from "../helpers/reference";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { platformJobs } from "@/lib/platform/jobs";

beforeAll(() => ensureReferenceData());

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

async function create(m: Merchant, overrides: Record<string, unknown> = {}) {
  const res = await initiatePayment(m.headers, directBody(overrides));
  expect(res.status).toBe(201);
  return res.json.data.transactionId as string;
}

async function xofBalance(m: Merchant) {
  const res = await call(balance, { path: "/payments/balance", headers: m.headers });
  const xof = res.json.data.balances.find((b: { currency: string }) => b.currency === "XOF");
  return xof?.categories.collect ?? { available: 0, pending: 0 };
}

describe("collect flow with the sandbox simulator (delay 0)", () => {
  it.each([
    ["+221770000090", "insufficient_funds"],
    ["+221770000091", "user_cancelled"],
    ["+221770000092", "timeout"],
    ["+221770000093", "provider_error"],
    ["+221770000094", "invalid_phone"],
  ])("%s ends failed with %s, credits nothing, and tells the merchant", async (phone, code) => {
    const m = await createTestMerchant();
    const id = await create(m, { customerPhone: phone });
    const p = await driveToFinal(id);
    expect(p.status).toBe("failed");
    expect(p.errorCode).toBe(code);
    expect(p.errorMessage).toBeTruthy();
    expect(await xofBalance(m)).toEqual({ available: 0, pending: 0 });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed"]);
  });

  it("a good number succeeds: net of the fee to collect.pending, events pending → processing → success", async () => {
    const m = await createTestMerchant();
    const id = await create(m, { amount: 10_000 });
    const p = await driveToFinal(id);
    expect(p.status).toBe("success");
    expect(p.completedAt).toBeTruthy();
    expect(p.fee).toBeGreaterThan(0n);
    expect(await xofBalance(m)).toEqual({ available: 0, pending: Number(10_000n - p.fee) });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    const timeline = await (await getPrisma()).paymentStatusChange.findMany({ where: { paymentId: id }, orderBy: { id: "asc" } });
    expect(timeline.map((t) => t.toStatus)).toEqual(["pending", "processing", "success"]);
  });

  it("credits exactly once when the poll job runs twice or concurrently", async () => {
    const m = await createTestMerchant();
    const id = await create(m, { amount: 20_000 });
    await submitOrder(id);
    await submitOrder(id); // a re-run after a crash: no second submission, no second event
    await Promise.all([pollOrder(id), pollOrder(id), pollOrder(id)]);
    await pollOrder(id);
    const p = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
    expect(p.status).toBe("success");
    expect(await xofBalance(m)).toEqual({ available: 0, pending: Number(20_000n - p.fee) });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    const entries = await (await getPrisma()).ledgerEntry.count({ where: { merchantId: m.merchant.id } });
    expect(entries).toBe(1);
  });

  it("a provider that never answers (…99) keeps the payment processing, then fails it with timeout", async () => {
    const m = await createTestMerchant();
    const id = await create(m, { customerPhone: "+221770000099" });
    await submitOrder(id);
    const result = await pollOrder(id);
    expect(result).toEqual({ rescheduleAt: expect.any(Date) });
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
    // Never expired blindly, even past expiresAt.
    await expireDuePayments(new Date(Date.now() + 3 * 3600_000));
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
    // Past the provider timeout, the poll gives up.
    await pollOrder(id, { now: new Date(Date.now() + 2 * 3600_000) });
    const p = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
    expect(p).toMatchObject({ status: "failed", errorCode: "timeout" });
  });

  it("expires an untouched payment at expiresAt, and not before", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 1000, externalReference: `exp-${Date.now()}` });
    const id = res.json.data.transactionId;
    await expireDuePayments(new Date(Date.now() + 30 * 60_000));
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("pending");
    await expireDuePayments(new Date(Date.now() + 61 * 60_000));
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("expired");
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.expired"]);
  });

  it("runs end to end through the outbox runner", async () => {
    const m = await createTestMerchant();
    const id = await create(m);
    const status = async () => (await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status;
    // On PostgreSQL the queue is shared with the pending jobs of the other test files, older than
    // ours and taken first (10 per batch): run batches, as the runner's ticks would, until ours ran.
    for (let i = 0; i < 100 && (await status()) !== "success"; i++) await runDueJobs({ jobs: platformJobs, types: ["payment.submit", "payment.poll"] });
    expect(await status()).toBe("success");
  });
});
