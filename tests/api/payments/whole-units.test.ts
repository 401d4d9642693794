import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createLinkRoute } from "@/app/api/v1/payment-links/route";
import { GET as methodsRoute } from "@/app/api/v1/providers/payment-methods/route";
import { listMethodsForCheckout, submitCheckoutMethod } from "@/lib/checkout";
import { getPrisma } from "@/lib/db/client";
import { linkErrorMessage } from "@/lib/payment-links/page/link-messages";
import { payThroughLink } from "@/lib/payment-links/pay-through-link";
import { setChannel } from "@/lib/reference/set-channel";
import { sampleNumber } from "@/lib/reference/sample-numbers";
import { createBulk } from "../../helpers/bulk-payouts";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, initiatePayment, uniqueRef } from "../../helpers/payments";
import { initiate, quote } from "../../helpers/payouts";
import { refund } from "../../helpers/refunds";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Whole-unit channels at initiate (docs/decisions/east-africa-ghana.md): M-Pesa Kenya takes whole
 * shillings only, so 100.50 KES is refused by every way in — direct collect, checkout, the
 * checkout's method choice, payment links, payouts (quoted, legacy, bulk) and refunds — with
 * 400 invalid_amount naming the field and the rule, before anything is written or sent.
 */
beforeAll(() => ensureReferenceData());

const KE_MPESA = sampleNumber("KE", "mpesa");
const WHOLE_RULE = /whole number of KES/;

async function kenyan() {
  const m = await createTestMerchant({ country: "KE" });
  await fund(m.merchant.id, "KES", 10_000_000n);
  await fund(m.merchant.id, "KES", 10_000_000n, "payout");
  return m;
}

const nothingWritten = async (merchantId: string) => {
  const prisma = await getPrisma();
  expect(await prisma.payment.count({ where: { merchantId } })).toBe(0);
};

describe("collect", () => {
  it("direct: 100.50 KES to M-Pesa → 400 invalid_amount on amount, nothing written; 100 KES is accepted", async () => {
    const m = await kenyan();
    const res = await initiatePayment(m.headers, directBody({ provider: "mpesa", country: "KE", currency: "KES", customerPhone: KE_MPESA, amount: 100.5 }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    expect(res.json.message).toContain("takes whole KES only");
    await nothingWritten(m.merchant.id);
    const ok = await initiatePayment(m.headers, directBody({ provider: "mpesa", country: "KE", currency: "KES", customerPhone: KE_MPESA, amount: 100 }));
    expect(ok.status).toBe(201);
  });

  it("the payment-methods listing says it per channel (wholeUnits), collect and payout", async () => {
    for (const method of ["collect", "payout"]) {
      const res = await call(methodsRoute, { path: `/providers/payment-methods?country=KE&currency=KES&method=${method}` });
      const by = Object.fromEntries(res.json.data.map((m: { providerCode: string; wholeUnits: boolean }) => [m.providerCode, m.wholeUnits]));
      expect(by).toMatchObject({ mpesa: true, airtel: true, bank_transfer: false });
    }
    const gh = await call(methodsRoute, { path: "/providers/payment-methods?country=GH&currency=GHS" });
    expect(gh.json.data.every((m: { wholeUnits: boolean }) => m.wholeUnits === false)).toBe(true);
  });

  it("a listing conversion into a whole-unit channel asks the payer a whole amount, rounded up (still covering the merchant)", async () => {
    const res = await call(methodsRoute, { path: "/providers/payment-methods?country=KE&currency=KES&merchant_amount=10001&merchant_currency=XOF" });
    const by = Object.fromEntries(res.json.data.map((m: { providerCode: string; conversion: { payerAmount: number } }) => [m.providerCode, m.conversion.payerAmount]));
    expect(Number.isInteger(by.bank_transfer)).toBe(false); // the test needs cents to round
    expect(by.mpesa).toBe(Math.ceil(by.bank_transfer));
    expect(by.airtel).toBe(Math.ceil(by.bank_transfer));
  });

  it("checkout: refused at initiate when no checkout method of the country takes cents", async () => {
    const m = await kenyan();
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 100.5, currency: "KES", country: "KE", externalReference: uniqueRef("chk") });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    await nothingWritten(m.merchant.id);
  });

  describe("with one Kenyan method that takes cents (an operator's edit)", () => {
    beforeAll(() => setChannel({ provider: "airtel", country: "KE", currency: "KES", direction: "collect", wholeUnits: false }));
    afterAll(() => setChannel({ provider: "airtel", country: "KE", currency: "KES", direction: "collect", wholeUnits: true }));

    it("the checkout does not offer M-Pesa for 100.50 KES, and refuses it as the method chosen", async () => {
      expect((await listMethodsForCheckout({ country: "KE", currency: "KES", amount: 10_050n })).map((x) => x.provider)).toEqual(["airtel"]);
      expect((await listMethodsForCheckout({ country: "KE", currency: "KES", amount: 10_000n })).map((x) => x.provider)).toEqual(["mpesa", "airtel"]);
      const m = await kenyan();
      const res = await initiatePayment(m.headers, { type: "checkout", amount: 100.5, currency: "KES", country: "KE", externalReference: uniqueRef("chk") });
      expect(res.status).toBe(201);
      const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
      expect(await submitCheckoutMethod(token, { provider: "mpesa", phone: KE_MPESA })).toMatchObject({ ok: false, field: "provider", key: "amount_out_of_bounds" });
      const prisma = await getPrisma();
      expect(await prisma.payment.findUniqueOrThrow({ where: { id: res.json.data.transactionId } })).toMatchObject({ provider: null, status: "pending" });
    });
  });

  it("payment links: a fixed 100.50 KES link for M-Pesa is refused on amount; 100 KES is accepted", async () => {
    const m = await kenyan();
    const res = await call(createLinkRoute, { path: "/payment-links", headers: m.headers, body: { title: "Chai", currency: "KES", countries: ["KE"], methods: ["mpesa"], amount: 100.5 } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    const ok = await call(createLinkRoute, { path: "/payment-links", headers: m.headers, body: { title: "Chai", currency: "KES", countries: ["KE"], methods: ["mpesa"], amount: 100 } });
    expect(ok.status).toBe(201);
  });

  it("payment links: a customer who types 100,50 KES on an M-Pesa link is asked for a whole amount; nothing is created", async () => {
    const m = await kenyan();
    const created = await call(createLinkRoute, { path: "/payment-links", headers: m.headers, body: { title: "Chai", currency: "KES", countries: ["KE"], methods: ["mpesa"] } });
    expect(created.status).toBe(201);
    const link = await (await getPrisma()).paymentLink.findUniqueOrThrow({ where: { id: created.json.id } });
    const formToken = "whole-units-form-token-0001";
    expect(await payThroughLink(link, { formToken, amount: "100,50" })).toEqual({ ok: false, errors: { amount: { key: "amount_whole" } } });
    expect(linkErrorMessage("amount_whole", "en")).toMatch(/whole amount, without cents/);
    expect(linkErrorMessage("amount_whole", "fr")).toMatch(/sans centimes/);
    await nothingWritten(m.merchant.id);
    expect(await payThroughLink(link, { formToken, amount: "100" })).toMatchObject({ ok: true });
  });
});

describe("payouts", () => {
  it("quote: 100.50 KES by M-Pesa → 400 invalid_amount on amount, before the balance is looked at", async () => {
    const m = await createTestMerchant({ country: "KE" }); // no funds: the amount is refused first
    const res = await quote(m.headers, { amount: 100.5, currency: "KES", destinationCountry: "KE", method: "mpesa" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    // Bank transfer in Kenya takes cents.
    const funded = await kenyan();
    expect((await quote(funded.headers, { amount: 150.5, currency: "KES", destinationCountry: "KE", method: "bank_transfer" })).status).toBe(200);
  });

  it("legacy initiate and bulk items: the same refusal, the bulk naming the item's field", async () => {
    const m = await kenyan();
    const legacy = { amount: 100.5, currency: "KES", country: "KE", method: "MOBILE_MONEY", mobileWallet: { provider: "mpesa" }, recipient: { phone: KE_MPESA, name: "Wanjiru Kamau" } };
    const single = await initiate(m.headers, { ...legacy, externalReference: uniqueRef("po") });
    expect(single.status).toBe(400);
    expect(single.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    const bulk = await createBulk(m.headers, { items: [{ ...legacy, amount: 100, externalReference: uniqueRef("b") }, { ...legacy, externalReference: uniqueRef("b") }] });
    expect(bulk.status).toBe(201);
    expect(bulk.json.items.map((i: { status: string }) => i.status)).toEqual(["pending", "rejected"]);
    expect(bulk.json.items[1].error).toMatchObject({ statusCode: 400, code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
  });

  it("Orange Money DRC: 100,000.50 CDF → 400 invalid_amount on amount; a quote from XOF pays whole francs; USD keeps its cents", async () => {
    const m = await createTestMerchant({ country: "SN" });
    await fund(m.merchant.id, "XOF", 10_000_000n);
    const cents = await quote(m.headers, { amount: 100_000.5, currency: "CDF", destinationCountry: "CD", method: "orange" });
    expect(cents.status).toBe(400);
    expect(cents.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: "must be a whole number of CDF for Orange Money in CD (wholeUnits)" }] });
    const converted = await quote(m.headers, { amount: 100_000, currency: "XOF", destinationCountry: "CD", method: "orange", destinationCurrency: "CDF" });
    expect(converted.status).toBe(200);
    expect(converted.json.destination).toMatchObject({ currency: "CDF" });
    expect(Number.isInteger(converted.json.destination.amount)).toBe(true);
    const usd = await quote(m.headers, { amount: 100_000, currency: "XOF", destinationCountry: "CD", method: "orange", destinationCurrency: "USD" });
    expect(usd.status).toBe(200);
    expect(Number.isInteger(usd.json.destination.amount)).toBe(false);
  });

  it("the migration orange_cd_whole_units marks the row in a database seeded before (and only that row)", async () => {
    const prisma = await getPrisma();
    const cd = { countryCode: "CD", direction: "payout" as const };
    await prisma.paymentChannel.updateMany({ where: { ...cd, providerCode: "orange", currency: "CDF" }, data: { wholeUnits: false } });
    const dir = readdirSync(join(process.cwd(), "prisma/migrations")).find((d) => d.endsWith("_orange_cd_whole_units"))!;
    await prisma.$executeRawUnsafe(readFileSync(join(process.cwd(), "prisma/migrations", dir, "migration.sql"), "utf8"));
    const rows = await prisma.paymentChannel.findMany({ where: { countryCode: "CD" }, select: { providerCode: true, currency: true, wholeUnits: true } });
    expect(rows.filter((r) => r.wholeUnits).map((r) => `${r.providerCode}:${r.currency}`)).toEqual(["orange:CDF"]);
  });

  it("a quote from XOF into M-Pesa Kenya pays whole shillings (rounded down) and stays within what was debited", async () => {
    const m = await createTestMerchant({ country: "SN" });
    await fund(m.merchant.id, "XOF", 10_000_000n);
    const res = await quote(m.headers, { amount: 100_000, currency: "XOF", destinationCountry: "KE", method: "mpesa", destinationCurrency: "KES" });
    expect(res.status).toBe(200);
    expect(res.json.destination.currency).toBe("KES");
    expect(Number.isInteger(res.json.destination.amount)).toBe(true);
    // Rounded down: at the quote's own rate the exact amount is at least what is paid, and less than one shilling more.
    const exact = 100_000 * Number(res.json.fx.rate);
    expect(res.json.destination.amount).toBeLessThanOrEqual(exact);
    expect(exact - res.json.destination.amount).toBeLessThan(1);
  });
});

describe("refunds", () => {
  it("a partial refund with cents of an M-Pesa payment → 400 invalid_amount on amount; whole shillings go", async () => {
    const m = await kenyan();
    const created = await initiatePayment(m.headers, directBody({ provider: "mpesa", country: "KE", currency: "KES", customerPhone: KE_MPESA, amount: 1_000 }));
    expect(created.status).toBe(201);
    const paid = await driveToFinal(created.json.data.transactionId);
    expect(paid.status).toBe("success");
    const res = await refund(m.headers, paid.id, { amount: 100.5 });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_amount", details: [{ path: "amount", message: expect.stringMatching(WHOLE_RULE) }] });
    expect(await (await getPrisma()).refund.count({ where: { paymentId: paid.id } })).toBe(0);
    expect((await refund(m.headers, paid.id, { amount: 100 })).status).toBe(201);
  });
});
