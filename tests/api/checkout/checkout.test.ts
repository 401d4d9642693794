import { beforeAll, describe, expect, it } from "vitest";
import { GET as statusRoute } from "@/app/checkout/[token]/status/route";
import {
  cancelCheckout,
  checkoutStatus,
  getCheckoutByToken,
  listMethodsForCheckout,
  submitCheckoutMethod,
} from "@/lib/checkout";
import { getPrisma } from "@/lib/db/client";
import { newToken } from "@/lib/ids";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, eventTypes, initiatePayment, uniqueRef } from "../../helpers/payments";
import { recordStatements } from "../../helpers/record-statements";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

async function newCheckout(overrides: Record<string, unknown> = {}) {
  const m = await createTestMerchant({ name: "Boutique Awa" });
  const res = await initiatePayment(m.headers, {
    type: "checkout",
    amount: 5000,
    externalReference: uniqueRef("chk"),
    returnUrl: "https://shop.example/done?order=7",
    cancelUrl: "https://shop.example/cancelled",
    ...overrides,
  });
  expect(res.status).toBe(201);
  const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
  return { m, token, id: res.json.data.transactionId as string };
}

const load = async (id: string) => (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
const submitJobs = async (id: string) =>
  (await (await getPrisma()).job.findMany({ where: { dedupeKey: { startsWith: `payment.submit:${id}:` } }, orderBy: { createdAt: "asc" } })).map((j) => j.dedupeKey);

describe("getCheckoutByToken", () => {
  it("finds the payment and its merchant's name by token", async () => {
    const { token, id } = await newCheckout();
    const checkout = await getCheckoutByToken(token);
    expect(checkout?.payment.id).toBe(id);
    expect(checkout?.merchantName).toBe("Boutique Awa");
    expect(checkout?.country?.phonePrefix).toBe("+221");
  });

  it("is null for malformed or unknown tokens, and never finds by transaction id", async () => {
    const { id } = await newCheckout();
    for (const token of ["", "short", "has spaces in it for sure", "../../etc/passwd", "x".repeat(200), newToken(), id, undefined, 42]) {
      expect(await getCheckoutByToken(token)).toBeNull();
    }
  });
});

describe("listMethodsForCheckout", () => {
  it("lists the active collect channels of the payment's country and currency that accept its amount", async () => {
    const small = await listMethodsForCheckout({ country: "SN", currency: "XOF", amount: 5000n });
    const codes = small.map((m) => m.provider);
    expect(codes).toEqual(expect.arrayContaining(["wave", "orange", "free", "emoney"]));
    expect(codes).not.toContain("mtn");
    // The page's flow is a phone prompt: no bank transfer or crypto.
    expect(codes).not.toContain("bank_transfer");
    expect(codes).not.toContain("crypto");
    for (const m of small) {
      expect(m.name).toBeTruthy();
      expect(m.color).toMatch(/^#[0-9a-fA-F]{3,6}$/);
      expect(m.logoPath).toMatch(/^\/logos\/.+\.svg$/);
    }
    // 1,500,000 XOF: above Orange's (1,000,000) and E-Money's (500,000) maximum, within Wave's (2,000,000).
    const large = (await listMethodsForCheckout({ country: "SN", currency: "XOF", amount: 1_500_000n })).map((m) => m.provider);
    expect(large).toContain("wave");
    expect(large).not.toContain("orange");
    expect(large).not.toContain("emoney");
    expect(await listMethodsForCheckout({ country: "SN", currency: "USD", amount: 5000n })).toEqual([]);
  });
});

describe("submitCheckoutMethod — validation, as the API validates", () => {
  it("refuses a missing, unknown or unavailable method and a wrong number, with a field and a key", async () => {
    const { token, id } = await newCheckout();
    // No method chosen and a number whose operator (Promobile) has no method here: nothing to predict.
    expect(await submitCheckoutMethod(token, { provider: "", phone: "750000012" })).toMatchObject({ ok: false, field: "provider", key: "method_required" });
    expect(await submitCheckoutMethod(token, { provider: "", phone: "" })).toMatchObject({ ok: false, field: "provider", key: "method_required" });
    // A method whose operator does not hold the number (docs/design/provider-prediction.md), as the API refuses it.
    expect(await submitCheckoutMethod(token, { provider: "orange", phone: "76 000 00 12" })).toMatchObject({
      ok: false,
      field: "phone",
      key: "phone_operator",
      detail: 'This number belongs to Free, not Orange. Use provider "free", or another number.',
    });
    expect(await submitCheckoutMethod(token, { provider: "paypal", phone: "770000012" })).toMatchObject({ ok: false, field: "provider", key: "method_unavailable" });
    expect(await submitCheckoutMethod(token, { provider: "mtn", phone: "770000012" })).toMatchObject({ ok: false, field: "provider", key: "method_unavailable" });
    expect(await submitCheckoutMethod(token, { provider: "bank_transfer", phone: "770000012" })).toMatchObject({ ok: false, key: "method_unavailable" });
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "" })).toMatchObject({ ok: false, field: "phone", key: "phone_required" });
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "77 12" })).toMatchObject({ ok: false, field: "phone", key: "phone_length", params: { got: 4 } });
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "+2250700000012" })).toMatchObject({ ok: false, field: "phone", key: "phone_prefix" });
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "77-abc" })).toMatchObject({ ok: false, field: "phone", key: "phone_digits" });
    // Nothing was written.
    const p = await load(id);
    expect(p).toMatchObject({ status: "pending", provider: null, customerPhone: null, fee: 0n });
    expect(await submitJobs(id)).toEqual([]);
  });

  it("refuses an amount outside the chosen method's bounds", async () => {
    const { token } = await newCheckout({ amount: 1_500_000 });
    expect(await submitCheckoutMethod(token, { provider: "orange", phone: "770000012" })).toMatchObject({
      ok: false,
      field: "provider",
      key: "amount_out_of_bounds",
    });
  });

  it("is null for an unknown token and refuses a direct payment", async () => {
    expect(await submitCheckoutMethod(newToken(), { provider: "wave", phone: "770000012" })).toBeNull();
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody());
    const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "770000012" })).toMatchObject({ ok: false, key: "not_payable" });
  });
});

describe("submitCheckoutMethod — transitions", () => {
  it("sets provider, phone and fee and enqueues payment.submit in the same transaction; a second submit changes nothing", async () => {
    const { token, id } = await newCheckout();
    const result = await submitCheckoutMethod(token, { provider: "orange", phone: "77 000 00 12" });
    expect(result).toMatchObject({ ok: true, payment: { status: "pending", provider: "orange", customerPhone: "+221770000012", fee: 75n } });
    expect(await submitJobs(id)).toEqual([`payment.submit:${id}:1`]);

    const again = await submitCheckoutMethod(token, { provider: "wave", phone: "770000034" });
    expect(again).toMatchObject({ ok: true, payment: { provider: "orange", customerPhone: "+221770000012" } });
    expect(await submitJobs(id)).toEqual([`payment.submit:${id}:1`]);
    expect((await checkoutStatus(token))?.stage).toBe("waiting");
  });

  it("without a method chosen (no JavaScript), the number's operator picks it (docs/design/provider-prediction.md)", async () => {
    const { token, id } = await newCheckout();
    const result = await submitCheckoutMethod(token, { provider: null, phone: "76 000 00 12" });
    expect(result).toMatchObject({ ok: true, payment: { status: "pending", provider: "free", customerPhone: "+221760000012" } });
    expect(await submitJobs(id)).toEqual([`payment.submit:${id}:1`]);
  });

  it("a predicted method the payment does not offer is not picked (E-Money above its maximum)", async () => {
    const { token } = await newCheckout({ amount: 600_000 });
    expect(await submitCheckoutMethod(token, { provider: "", phone: "700000012" })).toMatchObject({ ok: false, field: "provider", key: "method_required" });
  });

  it("two concurrent submits: exactly one method wins and one job exists", async () => {
    const { token, id } = await newCheckout();
    const results = await Promise.all([
      submitCheckoutMethod(token, { provider: "orange", phone: "770000012" }),
      submitCheckoutMethod(token, { provider: "wave", phone: "770000034" }),
    ]);
    expect(results.every((r) => r?.ok)).toBe(true);
    expect(await submitJobs(id)).toEqual([`payment.submit:${id}:1`]);
    const p = await load(id);
    expect(["orange", "wave"]).toContain(p.provider);
  });

  it("after a failed attempt the customer retries with another method: back to pending, new attempt job, then success", async () => {
    const { m, token, id } = await newCheckout();
    await submitCheckoutMethod(token, { provider: "orange", phone: "770000090" });
    const failed = await driveToFinal(id);
    expect(failed).toMatchObject({ status: "failed", errorCode: "insufficient_funds" });
    expect(await checkoutStatus(token)).toMatchObject({ stage: "failed", errorCode: "insufficient_funds", payable: true, redirectUrl: null });

    const retry = await submitCheckoutMethod(token, { provider: "wave", phone: "770000012" });
    expect(retry).toMatchObject({
      ok: true,
      payment: { status: "pending", provider: "wave", customerPhone: "+221770000012", fee: 50n, errorCode: null, providerReference: null, submittedAt: null },
    });
    expect(await submitJobs(id)).toEqual([`payment.submit:${id}:1`, `payment.submit:${id}:2`]);
    const done = await driveToFinal(id);
    expect(done).toMatchObject({ status: "success", provider: "wave" });
    expect(await eventTypes(m.merchant.id, id)).toEqual([
      "payment.pending",
      "payment.processing",
      "payment.failed",
      "payment.pending",
      "payment.processing",
      "payment.success",
    ]);
    expect(await checkoutStatus(token)).toMatchObject({
      stage: "success",
      payable: false,
      redirectUrl: `https://shop.example/done?order=7&transactionId=${id}&status=success`,
    });
  });

  it("an expired checkout refuses: a pending one is expired on the spot, a failed one stays failed", async () => {
    const prisma = await getPrisma();
    const pending = await newCheckout();
    await prisma.payment.update({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await submitCheckoutMethod(pending.token, { provider: "wave", phone: "770000012" })).toMatchObject({ ok: false, key: "expired" });
    expect((await load(pending.id)).status).toBe("expired");
    expect(await submitJobs(pending.id)).toEqual([]);

    const failed = await newCheckout();
    await submitCheckoutMethod(failed.token, { provider: "wave", phone: "770000093" });
    await driveToFinal(failed.id);
    await prisma.payment.update({ where: { id: failed.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await submitCheckoutMethod(failed.token, { provider: "orange", phone: "770000012" })).toMatchObject({ ok: false, key: "expired" });
    expect(await load(failed.id)).toMatchObject({ status: "failed", provider: "wave", errorCode: "provider_error" });
    expect(await checkoutStatus(failed.token)).toMatchObject({ stage: "failed", payable: false });
  });
});

describe("cancelCheckout", () => {
  it("cancels a pending checkout (customer, payment.cancelled event), twice is a no-op, redirect to cancelUrl", async () => {
    const { m, token, id } = await newCheckout();
    expect(await cancelCheckout(token)).toMatchObject({ ok: true, payment: { status: "cancelled" } });
    expect(await cancelCheckout(token)).toMatchObject({ ok: true, payment: { status: "cancelled" } });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.cancelled"]);
    const timeline = await (await getPrisma()).paymentStatusChange.findMany({ where: { paymentId: id, toStatus: "cancelled" } });
    expect(timeline.map((t) => t.reason)).toEqual(["cancelled by the customer"]);
    expect(await checkoutStatus(token)).toMatchObject({
      stage: "cancelled",
      redirectUrl: `https://shop.example/cancelled?transactionId=${id}&status=cancelled`,
    });
    expect(await submitCheckoutMethod(token, { provider: "wave", phone: "770000012" })).toMatchObject({ ok: false, key: "not_payable" });
  });

  it("cancels after a failed attempt; refuses once the prompt is on the phone or the payment succeeded", async () => {
    const failed = await newCheckout();
    await submitCheckoutMethod(failed.token, { provider: "wave", phone: "770000091" });
    await driveToFinal(failed.id);
    expect(await cancelCheckout(failed.token)).toMatchObject({ ok: true, payment: { status: "cancelled" } });

    const processing = await newCheckout();
    await submitCheckoutMethod(processing.token, { provider: "wave", phone: "770000099" });
    await driveToFinal(processing.id, 1);
    expect((await load(processing.id)).status).toBe("processing");
    expect(await cancelCheckout(processing.token)).toMatchObject({ ok: false, payment: { status: "processing" } });

    const paid = await newCheckout();
    await submitCheckoutMethod(paid.token, { provider: "wave", phone: "770000012" });
    await driveToFinal(paid.id);
    expect(await cancelCheckout(paid.token)).toMatchObject({ ok: false, payment: { status: "success" } });
    expect(await cancelCheckout(newToken())).toBeNull();
  });
});

describe("GET /checkout/<token>/status", () => {
  it("answers the customer-safe status, never cached, with no personal data", async () => {
    const { token, id } = await newCheckout({ customerName: "Awa Diop", customerEmail: "awa@example.com", metadata: { secret: "s3cr3t" } });
    await submitCheckoutMethod(token, { provider: "wave", phone: "770000012" });
    const res = await call(statusRoute as never, { path: `/checkout/${token}/status`, params: { token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json).toEqual({ stage: "waiting", status: "pending", errorCode: null, expiresAt: expect.any(String), payable: false, redirectUrl: null, operatorUrl: null });
    for (const secret of ["770000012", "Awa", "awa@example.com", "s3cr3t", id]) expect(res.text).not.toContain(secret);
  });

  it("costs one query per poll (the payment alone, not its merchant)", async () => {
    const { token } = await newCheckout();
    await checkoutStatus(token); // catalogue and client warm
    await flushApiRequestLog(); // the initiate's request-log row, else written on a timer that may fire mid-count
    const { result, statements } = await recordStatements(() => checkoutStatus(token));
    expect(result?.stage).toBe("choose");
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^SELECT .* FROM "public"\."payments"/);
  });

  it("404 for an unknown token", async () => {
    const res = await call(statusRoute as never, { path: "/checkout/x/status", params: { token: newToken() } });
    expect(res.status).toBe(404);
  });
});
