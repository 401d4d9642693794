import { describe, expect, it } from "vitest";
import { assertConformsToOpenApi } from "../../helpers/openapi-conformance";

/** The check every API test's answers go through (tests/helpers/http.ts) can fail. */
const json = (status: number, body: unknown) => ({ status, headers: new Headers({ "content-type": "application/json" }), json: body, text: JSON.stringify(body) });
const error = (status: number, code: string) => json(status, { statusCode: status, message: "m", error: "e", code });

describe("OpenAPI conformance of test answers", () => {
  it("accepts a documented error body and refuses an undocumented status or code", () => {
    expect(() => assertConformsToOpenApi("GET", "http://localhost:3000/api/v1/payments/status/txn_1", error(404, "not_found"))).not.toThrow();
    expect(() => assertConformsToOpenApi("GET", "http://localhost:3000/api/v1/payments/status/txn_1", error(418, "not_found"))).toThrow(/does not document/);
    expect(() => assertConformsToOpenApi("GET", "http://localhost:3000/api/v1/payments/status/txn_1", error(404, "no_such_code"))).toThrow(/does not match/);
  });

  it("refuses a success body that lacks a documented required field or has a wrong type", () => {
    const url = "http://localhost:3000/api/v1/payouts/limits";
    const window = { limit: 1, used: 0, remaining: 1, currency: "XOF" };
    const good = { daily: window, monthly: window, perTransaction: { min: 1, max: 2, currency: "XOF" } };
    expect(() => assertConformsToOpenApi("GET", url, json(200, good))).not.toThrow();
    expect(() => assertConformsToOpenApi("GET", url, json(200, { ...good, daily: undefined }))).toThrow(/daily/);
    expect(() => assertConformsToOpenApi("GET", url, json(200, { ...good, monthly: { ...window, used: "0" } }))).toThrow(/number/);
  });

  it("matches literal path segments before parameters", () => {
    expect(() => assertConformsToOpenApi("GET", "http://localhost:3000/api/v1/payments/transactions?page=1", error(400, "validation_error"))).not.toThrow();
  });
});
