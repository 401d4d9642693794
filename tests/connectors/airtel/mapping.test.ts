import { describe, expect, it } from "vitest";
import type { ConnectorOutcome, Direction, NeutralReason } from "@/lib/connectors/connector";
import { AIRTEL_MAPPING, mapEnquiry, mapSubmit, mapTransactionStatus } from "@/lib/connectors/airtel/mapping";

// The Airtel mapping, row by row, written from Airtel's docs (README "Status mapping"; expected values spelled out here).
type Expected = NeutralReason | "success" | "processing" | "ambiguous" | "pending" | "duplicate" | "not_found" | "reversed";
const short = (o: ConnectorOutcome): Expected => (o.status === "failed" ? o.reason : o.status === "processing" && o.ambiguous ? "ambiguous" : o.status);
const env = (response_code: string, success: boolean, transaction?: Record<string, unknown>, result_code?: string) =>
  JSON.stringify({ ...(transaction ? { data: { transaction } } : {}), status: { code: "200", message: "m", result_code: result_code ?? (success ? "ESB000010" : response_code), response_code, success } });

describe("transaction status letters", () => {
  it.each<[string, string | undefined, Direction, Expected]>([
    ["TIP", undefined, "collect", "processing"],
    ["TA", undefined, "collect", "ambiguous"],
    ["TS", undefined, "payout", "success"],
    ["TE", undefined, "collect", "expired"],
    ["TF", "DP00800001002", "collect", "declined"],
    ["TF", "DP00800001007", "collect", "insufficient_funds"],
    ["TF", "DP00800001007", "payout", "merchant_balance_insufficient"],
    ["TF", undefined, "collect", "provider_error"],
    ["TF", "DPXXX", "collect", "other"],
    ["WHAT", undefined, "collect", "ambiguous"], // never final
  ])("%s (%s, %s) → %s", (status, code, direction, expected) => {
    expect(short(mapTransactionStatus(status, code, direction))).toBe(expected);
  });
});

describe("response and result codes", () => {
  it.each<[string, Expected]>([
    ["DP00800001006", "processing"],
    ["DP00900001006", "processing"],
    ["DP00800001000", "ambiguous"],
    ["DP00900001000", "ambiguous"],
    ["ESB000001", "ambiguous"],
    ["ESB000004", "ambiguous"],
    ["ROUTER117", "ambiguous"],
    ["DP00800001001", "success"],
    ["DP00900001001", "success"],
    ["DP00800001024", "expired"],
    ["DP00800001029", "expired"],
    ["DP00800001002", "declined"],
    ["DP00800001008", "declined"],
    ["DP00800001003", "limit_exceeded"],
    ["DP00900001003", "limit_exceeded"],
    ["DP00800001004", "invalid_amount"],
    ["DP00800001005", "expired"],
    ["DP00800001007", "insufficient_funds"],
    ["DP00800001009", "provider_error"],
    ["DP00800001010", "account_blocked"],
    ["DP00800001026", "configuration_error"],
    ["ROUTER115", "configuration_error"],
    ["ROUTER116", "configuration_error"],
    ["ESB000008", "invalid_request"],
    ["ROUTER003", "invalid_request"],
    ["ROUTER006", "invalid_request"],
    ["ROUTER112", "invalid_request"],
    ["ESB000041", "duplicate"],
  ])("submit answered %s → %s", (code, expected) => {
    expect(short(mapSubmit(200, env(code, !["duplicate"].includes(expected) && ["processing", "ambiguous", "success"].includes(expected), undefined), "collect"))).toBe(expected);
  });

  it("DP00800001007 on a disbursement is our float", () => {
    expect(short(mapSubmit(200, env("DP00800001007", false), "payout"))).toBe("merchant_balance_insufficient");
  });

  it.each(["DP00800001025", "ESB000045"])("%s on an enquiry → not_found (at any HTTP status)", (code) => {
    expect(short(mapEnquiry(200, env(code, false), "collect"))).toBe("not_found");
    expect(short(mapEnquiry(404, env("DP00800001025", false, undefined, code), "payout"))).toBe("not_found");
  });

  it("the gateway's duplicate overrules the business code that comes with it", () => {
    expect(short(mapSubmit(200, env("DP00800001009", false, undefined, "ESB000041"), "collect"))).toBe("duplicate");
  });

  it("every code of the table is covered above", () => {
    expect(Object.keys(AIRTEL_MAPPING.codes)).toHaveLength(30);
  });
});

describe("HTTP answers", () => {
  it.each<[number, string, Expected]>([
    [408, "", "ambiguous"], // after commit: enquire
    [429, "", "pending"],
    [503, "", "pending"],
    [500, "", "pending"],
    [401, "", "configuration_error"],
    [400, "{}", "invalid_request"],
    [200, JSON.stringify({ status: { success: true } }), "ambiguous"], // accepted, no code
    [200, JSON.stringify({ status: { success: false, response_code: "DPNEW" } }), "other"],
    [200, "not json", "pending"],
  ])("submit HTTP %s %s → %s", (status, body, expected) => {
    expect(short(mapSubmit(status, body, "collect"))).toBe(expected);
  });

  it("an enquiry that says nothing (5xx, 401, no status) stays pending", () => {
    for (const status of [500, 401, 429]) expect(short(mapEnquiry(status, "", "collect"))).toBe("pending");
    expect(short(mapEnquiry(200, env("DP00800001006", true, {}), "collect"))).toBe("pending");
  });

  it("keeps airtel_money_id as the operator reference and the raw codes", () => {
    expect(mapEnquiry(200, env("DP00800001001", true, { id: "txn_1", status: "TS", airtel_money_id: "MP1.1", message: "Paid" }), "collect")).toEqual({
      status: "success",
      operatorReference: "MP1.1",
      raw: { status: "TS", code: "DP00800001001", message: "Paid" },
    });
  });
});
