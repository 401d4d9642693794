import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { inlineSchemaRefs } from "@/lib/http/openapi";
import { call } from "../../helpers/http";

describe("OpenAPI: reference endpoints", () => {
  it("documents the five public reference endpoints, without security", async () => {
    const doc = inlineSchemaRefs((await call(GET, { path: "/openapi.json" })).json);
    for (const p of ["/payments/providers", "/providers/payment-methods", "/countries/active", "/payouts/reference/corridors", "/payouts/reference/purposes"]) {
      expect(doc.paths[p]?.get, p).toBeDefined();
      expect(doc.paths[p].get.security, p).toEqual([]);
      expect(doc.paths[p].get.responses["200"], p).toBeDefined();
    }
  });

  it("documents the query parameters and the conversion object", async () => {
    const doc = inlineSchemaRefs((await call(GET, { path: "/openapi.json" })).json);
    const op = doc.paths["/providers/payment-methods"].get;
    const params = Object.fromEntries(op.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]));
    expect(params).toEqual({ country: true, currency: false, method: false, merchant_amount: false, merchant_currency: false });
    const item = op.responses["200"].content["application/json"].schema.properties.data.items;
    const conversion = item.properties.conversion;
    expect(conversion.description).toMatch(/merchant_amount, merchant_currency and currency/);
    expect(Object.keys(conversion.properties)).toEqual([
      "merchantAmount",
      "merchantCurrency",
      "payerAmount",
      "payerCurrency",
      "rate",
      "spreadPercent",
      "parity",
      "withinLimits",
    ]);
    expect(conversion.properties.payerAmount.description).toMatch(/ask the payer/);
    expect(item.required).not.toContain("conversion");

    const purposes = doc.paths["/payouts/reference/purposes"].get.parameters.map((p: { name: string; required: boolean }) => [p.name, p.required]);
    expect(purposes).toEqual([
      ["sourceCountry", true],
      ["destinationCountry", true],
    ]);
  });
});
