import { describe, expect, it } from "vitest";
import { GET as listCorridors } from "@/app/api/v1/payouts/reference/corridors/route";
import { GET as listPaymentLinks } from "@/app/api/v1/payment-links/route";
import { GET as listTransactions } from "@/app/api/v1/payments/transactions/route";
import { GET as listBalanceTransactions } from "@/app/api/v1/payments/balance/transactions/route";
import { GET as listWebhookEvents } from "@/app/api/v1/webhooks/events/route";
import { POST as quote } from "@/app/api/v1/payouts/quote/route";
import { POST as initiatePayment } from "@/app/api/v1/payments/initiate/route";
import { getCatalogue } from "@/lib/reference";
import { CURRENCY_CODES } from "@/lib/money";
import { PAYOUT_METHODS, PAYOUT_OPERATORS, PROVIDER_CODES } from "@/lib/reference/provider-codes";
import { SERVED_COUNTRY_CODES } from "@/lib/reference/catalogue-codes";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { fund } from "../../helpers/ledger";
import { operationById, requestViolations, resolveSchema } from "../../helpers/openapi-requests";

/**
 * The document is as strict as the server (issue: "the document as strict as the server"): each
 * rule below is checked on both sides — the document refuses the request, and so does the server.
 */
const prop = (operationId: string, path: string[]) => {
  let schema = resolveSchema(operationById(operationId).body)!;
  for (const key of path) schema = resolveSchema(schema.properties[key])!;
  return schema;
};
const param = (operationId: string, name: string) => operationById(operationId).parameters.find((p) => p.name === name)!.schema;

describe("the OpenAPI document is as strict as the server", () => {
  it("lists the catalogue's countries, the handled currencies and the provider codes as enums", async () => {
    const catalogue = await getCatalogue();
    expect([...SERVED_COUNTRY_CODES].sort()).toEqual(catalogue.countries.map((c) => c.code).sort());
    expect(prop("createPayoutQuote", ["destinationCountry"]).enum).toEqual(SERVED_COUNTRY_CODES);
    expect(prop("createPayoutQuote", ["currency"]).enum).toEqual(CURRENCY_CODES);
    expect(prop("createPayoutQuote", ["method"]).enum).toEqual(PAYOUT_METHODS);
    expect(prop("initiatePayout", ["mobileWallet", "provider"]).enum).toEqual(PAYOUT_OPERATORS);
    expect(prop("initiatePayment", ["provider"]).enum).toEqual(PROVIDER_CODES);
    expect(prop("initiatePayment", ["country"]).enum).toEqual(SERVED_COUNTRY_CODES);
    expect(param("listPaymentMethods", "country").enum).toEqual([...SERVED_COUNTRY_CODES, "*"]);
    expect(param("listPayoutCorridors", "sourceCountry").enum).toEqual(SERVED_COUNTRY_CODES);
    expect(param("listPaymentMethods", "merchant_currency").enum).toEqual(CURRENCY_CODES);
  });

  it("refuses a country outside the enum on both sides", async () => {
    const op = operationById("listPayoutCorridors");
    expect(requestViolations(op, { query: { destinationCountry: "AQ" } })).not.toEqual([]);
    const res = await call(listCorridors, { path: "/payouts/reference/corridors?destinationCountry=AQ" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_country");
  });

  it.each<[string, { amount: number | string; currency: string }]>([
    ["zero", { amount: 0, currency: "XOF" }],
    ["negative", { amount: -5, currency: "XOF" }],
    ["decimals in a whole-unit currency", { amount: 1500.5, currency: "XOF" }],
    ["a decimal string in a whole-unit currency", { amount: "1500.5", currency: "XOF" }],
    ["above 10^12", { amount: 10 ** 13, currency: "XOF" }],
  ])("refuses a quote amount on both sides: %s", async (_what, amount) => {
    const body = { ...amount, destinationCountry: "SN", method: "orange" };
    expect(requestViolations(operationById("createPayoutQuote"), { body })).not.toEqual([]);
    const m = await createTestMerchant();
    const res = await call(quote, { path: "/payouts/quote", headers: m.headers, body });
    expect(res.status).toBe(400);
    expect(["invalid_amount", "validation_error"]).toContain(res.json.code);
  });

  it("accepts decimals where the currency has them, and whole amounts in XOF", async () => {
    const op = operationById("createPayoutQuote");
    expect(requestViolations(op, { body: { amount: 12.5, currency: "EUR", destinationCountry: "SN", method: "orange" } })).toEqual([]);
    expect(requestViolations(op, { body: { amount: 1500, currency: "XOF", destinationCountry: "SN", method: "orange" } })).toEqual([]);
    expect(requestViolations(operationById("initiatePayment"), { body: { type: "checkout", amount: 1500.5, externalReference: "o-1" } })).not.toEqual([]);
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n, "collect");
    const res = await call(quote, { path: "/payouts/quote", headers: m.headers, body: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" } });
    expect(res.status, res.text).toBe(200);
    const refused = await call(initiatePayment, { path: "/payments/initiate", headers: m.headers, body: { type: "checkout", amount: 1500.5, externalReference: "o-1" } });
    expect(refused.status).toBe(400);
  });

  it.each([["2026-13-01"], ["2026-03-02T27:00:00Z"], ["2026-03-02T10:61:00Z"], ["2026-03-32"]])("refuses the date bound %s on both sides", async (value) => {
    const op = operationById("listWebhookEvents");
    expect(requestViolations(op, { query: { from: value } })).not.toEqual([]);
    expect(requestViolations(operationById("listBalanceTransactions"), { query: { to: value } })).not.toEqual([]);
    const m = await createTestMerchant();
    expect((await call(listWebhookEvents, { path: `/webhooks/events?from=${encodeURIComponent(value)}`, headers: m.headers })).status).toBe(400);
    expect((await call(listBalanceTransactions, { path: `/payments/balance/transactions?to=${encodeURIComponent(value)}`, headers: m.headers })).status).toBe(400);
  });

  it("accepts a date and a date-time with offset as from/to", () => {
    const op = operationById("listWebhookEvents");
    expect(requestViolations(op, { query: { from: "2026-03-01", to: "2026-03-02T10:15:30.120+01:00" } })).toEqual([]);
  });

  it("documents the paging cap: page at most 10,001, meta.limit at most 100 (a larger limit is clamped)", async () => {
    expect(param("listTransactions", "page").maximum).toBe(10_001);
    const m = await createTestMerchant();
    expect(requestViolations(operationById("listTransactions"), { query: { page: "10002", limit: "1" } })).not.toEqual([]);
    expect((await call(listTransactions, { path: "/payments/transactions?page=10002&limit=1", headers: m.headers })).status).toBe(400);
    const clamped = await call(listTransactions, { path: "/payments/transactions?limit=500", headers: m.headers });
    expect(clamped.status).toBe(200);
    expect(clamped.json.meta.limit).toBe(100);
  });

  it.each([
    ["/payments/transactions", listTransactions],
    ["/payment-links", listPaymentLinks],
    ["/payments/balance/transactions", listBalanceTransactions],
    ["/webhooks/events", listWebhookEvents],
  ])("the paged list %s refuses an unknown query parameter, naming it", async (path, handler) => {
    const m = await createTestMerchant();
    const res = await call(handler, { path: `${path}?statuss=failed`, headers: m.headers });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_error");
    expect(res.text).toContain("statuss");
  });
});
