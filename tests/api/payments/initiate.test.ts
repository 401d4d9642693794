import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, eventTypes, initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

describe("POST /payments/initiate — direct", () => {
  it("creates a pending payment with the spec's response shape", async () => {
    const m = await createTestMerchant();
    const body = directBody({ metadata: { orderId: 42 }, customerName: "Awa Diop" });
    const before = Date.now();
    const res = await initiatePayment(m.headers, body);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      data: {
        transactionId: expect.stringMatching(/^txn_/),
        status: "pending",
        type: "collect",
        amount: 5000,
        currency: "XOF",
        fees: 75, // Orange SN's 1.5 %: what we take when it succeeds
        paymentMethod: { code: "orange", name: expect.any(String), logoUrl: expect.stringMatching(/^http.*orange/) },
        country: "SN",
        redirectUrl: expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/[\w-]{20,}$/),
        externalReference: body.externalReference,
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
        metadata: { orderId: 42 },
        qrCode: null,
        deepLinks: { orange: expect.stringContaining("?method=orange") },
      },
    });
    const expiresIn = Date.parse(res.json.data.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 5000);
    // The payment.pending event and the provider submission job were committed with it.
    expect(await eventTypes(m.merchant.id, res.json.data.transactionId)).toEqual(["payment.pending"]);
    const jobs = await (await getPrisma()).job.findMany({ where: { dedupeKey: { startsWith: `payment.submit:${res.json.data.transactionId}` } } });
    expect(jobs).toHaveLength(1);
  });

  it("normalises the phone and records the collect fee", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody({ customerPhone: "+221 77 000 00 12" }));
    expect(res.status).toBe(201);
    const p = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: res.json.data.transactionId } });
    expect(p.customerPhone).toBe("+221770000012");
    expect(p.fee).toBeGreaterThan(0n);
    expect(p.fee).toBeLessThan(p.amount);
  });

  it.each([
    ["below the provider's minimum", { amount: 50 }, "invalid_amount", /minimum/],
    ["above the provider's maximum", { amount: 5_000_000 }, "invalid_amount", /maximum/],
    ["decimals XOF does not have", { amount: 100.5 }, "invalid_amount", /decimals/],
    ["zero", { amount: 0 }, "invalid_amount", /./],
    ["negative", { amount: -100 }, "invalid_amount", /./],
    ["an unknown provider", { provider: "paypal" }, "provider_unavailable", /Unknown provider/],
    ["a provider absent from the country", { provider: "tmoney" }, "provider_unavailable", /does not offer/],
    ["a phone of another country", { customerPhone: "+225070000012" }, "invalid_phone", /\+221/],
    ["a phone too short", { customerPhone: "+22177000" }, "invalid_phone", /digits|length/],
    ["a phone without +", { customerPhone: "221770000012" }, "invalid_phone", /E\.164/],
    ["a phone of another operator (docs/design/provider-prediction.md)", { customerPhone: "+221760000012" }, "invalid_phone", /^This number belongs to Free, not Orange\. Use provider "free"/],
    ["a phone of an operator without a method here", { customerPhone: "+221750000012" }, "invalid_phone", /^This number belongs to Promobile, not Orange\.$/],
    ["no provider", { provider: undefined }, "validation_error", /provider/],
    ["no phone", { customerPhone: undefined }, "validation_error", /customerPhone/],
    ["an unknown type", { type: "card" }, "validation_error", /type/],
    ["a string amount", { amount: "5000" }, "validation_error", /amount/],
    ["an unknown field", { tip: 100 }, "validation_error", /tip/],
    ["metadata that is not an object", { metadata: [1, 2] }, "validation_error", /metadata/],
    ["metadata with too many keys", { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }, "validation_error", /50 keys/],
    ["metadata over 8 KB", { metadata: { blob: "x".repeat(9000) } }, "validation_error", /8 KB/],
    ["a non-http callbackUrl", { callbackUrl: "ftp://example.com/hook" }, "validation_error", /callbackUrl/],
    ["an unsupported currency", { currency: "GBP" }, "provider_unavailable", /GBP/],
    ["a malformed currency", { currency: "X1" }, "validation_error", /currency/],
  ])("refuses %s with 400 and a clear message", async (_, overrides, code, message) => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code });
    expect(res.json.message).toMatch(message);
    expect(await (await getPrisma()).payment.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("checks the number's operator against the provider from the numbering plan (Côte d'Ivoire: 01 Moov, 05 MTN, 07 Orange)", async () => {
    const m = await createTestMerchant({ country: "CI" });
    const ci = (provider: string, customerPhone: string) => directBody({ country: "CI", provider, customerPhone });
    const refused = await initiatePayment(m.headers, ci("mtn", "+2250708123412"));
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "invalid_phone", message: 'This number belongs to Orange, not MTN. Use provider "orange", or another number.' });
    expect(refused.json.details).toEqual([{ path: "customerPhone", message: refused.json.message }]);
    expect((await initiatePayment(m.headers, ci("moov", "+2250505123412"))).json.message).toMatch(/^This number belongs to MTN, not Moov\./);
    expect(await (await getPrisma()).payment.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    // The right operator goes through; so does Wave on any mobile number (its wallets have no block of their own).
    for (const [provider, phone] of [["mtn", "+2250505123412"], ["orange", "+2250708123412"], ["moov", "+2250102123412"], ["wave", "+2250505123412"]]) {
      expect((await initiatePayment(m.headers, ci(provider, phone))).status, provider).toBe(201);
    }
  });

  it("lets through a number whose block no operator holds in the plan (the plan may lag a new allocation)", async () => {
    const m = await createTestMerchant();
    expect((await initiatePayment(m.headers, directBody({ customerPhone: "+221730000012" }))).status).toBe(201);
  });

  it("refuses a second payment with the same externalReference (422, naming the first)", async () => {
    const m = await createTestMerchant();
    const body = directBody();
    const first = await initiatePayment(m.headers, body);
    const second = await initiatePayment(m.headers, { ...body, amount: 6000 });
    expect(second.status).toBe(422);
    expect(second.json).toMatchObject({ code: "duplicate_reference", transactionId: first.json.data.transactionId });
    expect(second.json.details[0].path).toBe("externalReference");
    // Another merchant may use the same reference.
    const other = await createTestMerchant();
    expect((await initiatePayment(other.headers, body)).status).toBe(201);
  });

  it("of concurrent initiates with one new externalReference, exactly one creates it; the others get 422 naming it", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    const body = directBody();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => initiatePayment(m.headers, { ...body, amount: 5000 + i })));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const winner = created[0].json.data.transactionId;
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.json).toMatchObject({ code: "duplicate_reference", transactionId: winner });
    }
    const prisma = await getPrisma();
    expect(await prisma.payment.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    // The losers wrote nothing: one timeline row, one event, one submission job.
    expect(await prisma.paymentStatusChange.count({ where: { paymentId: winner } })).toBe(1);
    expect(await prisma.webhookEvent.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    expect(await prisma.job.count({ where: { dedupeKey: { startsWith: "payment.submit:" }, payload: { path: ["paymentId"], equals: winner } } })).toBe(1);
  });

  it("replays an idempotent retry instead of answering duplicate_reference", async () => {
    const m = await createTestMerchant();
    const body = directBody();
    const headers = { ...m.headers, "X-Idempotency-Key": uniqueRef("idem") };
    const a = await initiatePayment(headers, body);
    const b = await initiatePayment(headers, body);
    expect(b.status).toBe(201);
    expect(b.json).toEqual(a.json);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await (await getPrisma()).payment.count({ where: { merchantId: m.merchant.id } })).toBe(1);
  });

  it("needs credentials", async () => {
    const res = await initiatePayment({}, directBody());
    expect(res.status).toBe(401);
  });
});

describe("POST /payments/initiate — checkout", () => {
  it("creates a pending payment for the hosted page, with every method of the country as deep links", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, {
      type: "checkout",
      amount: 2500,
      externalReference: uniqueRef(),
      returnUrl: "https://shop.example/thanks",
      cancelUrl: "https://shop.example/cart",
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ status: "pending", paymentMethod: null, fees: null, country: "SN", currency: "XOF" }); // no fee until the customer picks a method
    expect(Object.keys(res.json.data.deepLinks)).toEqual(expect.arrayContaining(["orange", "wave", "free"]));
    const expiresIn = Date.parse(res.json.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    // Nothing is submitted until the customer picks a method.
    expect(await (await getPrisma()).job.count({ where: { dedupeKey: { startsWith: `payment.submit:${res.json.data.transactionId}` } } })).toBe(0);
  });

  it("refuses at initiate an amount above every mobile-money maximum (bank transfer's bounds do not count: the page cannot serve it), naming the bounds", async () => {
    const m = await createTestMerchant();
    // SN: Wave takes up to 2,000,000 XOF, bank transfer up to 50,000,000; the page offers mobile money only.
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 20_000_000, externalReference: uniqueRef() });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "invalid_amount", message: expect.stringContaining("from 100 to 2000000 XOF") });
    expect(await (await getPrisma()).payment.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("lists as deep links only the methods the hosted page serves for the amount (no bank transfer, no crypto)", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 1_500_000, externalReference: uniqueRef() });
    expect(res.status).toBe(201);
    // 1,500,000 XOF: above Orange/Free/E-money's 1,000,000, within Wave's 2,000,000.
    expect(Object.keys(res.json.data.deepLinks)).toEqual(["wave"]);
  });

  it("refuses an amount no method of the country accepts", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 10, externalReference: uniqueRef() });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_amount");
  });
});
