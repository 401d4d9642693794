import { describe, expect, it } from "vitest";
import type { NeutralReason } from "@/lib/connectors/connector";
import { MPESA_MAPPING, mapStkQuery, mapStkResult, mapSubmit, mapTransactionStatusResult } from "@/lib/connectors/mpesa-daraja/mapping";

// The Daraja mapping, row by row, written from lib/connectors/mpesa-daraja/README.md (expected values spelled out here,
// not read back from the table).
type Expected = NeutralReason | "success" | "processing" | "pending";
const short = (o: ReturnType<typeof mapStkResult>) => (o.status === "failed" ? o.reason : o.status);

describe("STK ResultCode (query and callback)", () => {
  it.each<[string | number, Expected]>([
    ["0", "success"],
    [1, "insufficient_funds"],
    ["1032", "declined"],
    ["2001", "declined"],
    ["1037", "expired"],
    ["1019", "expired"],
    ["1001", "payer_busy"],
    ["17", "provider_unavailable"],
    ["26", "provider_unavailable"],
    ["1025", "provider_error"],
    ["9999", "provider_error"],
    ["4242", "other"],
  ])("%s → %s", (code, expected) => {
    expect(short(mapStkResult(code, "desc", undefined))).toBe(expected);
  });

  it("keeps the raw code and description, and the receipt of a success", () => {
    expect(mapStkResult(0, "ok", "SAB12CD34")).toEqual({ status: "success", operatorReference: "SAB12CD34", raw: { code: "0", message: "ok" } });
    expect(mapStkResult("1032", "Request cancelled by user", undefined)).toMatchObject({ status: "failed", raw: { code: "1032", message: "Request cancelled by user" } });
  });

  it("every row of the table is covered above", () => {
    expect(Object.keys(MPESA_MAPPING.stkResultCodes).sort()).toEqual(["0", "1", "1001", "1019", "1025", "1032", "1037", "17", "2001", "26", "9999"].sort());
  });
});

describe("submit answers (STK push, B2C)", () => {
  const envelope = (errorCode: string) => JSON.stringify({ requestId: "r-1", errorCode, errorMessage: "m" });
  it("200 with ResponseCode 0 → processing under Daraja's id", () => {
    expect(mapSubmit(200, JSON.stringify({ CheckoutRequestID: "ws_CO_1", ResponseCode: "0" }), "CheckoutRequestID")).toMatchObject({ status: "processing", operatorReference: "ws_CO_1" });
    expect(mapSubmit(200, JSON.stringify({ ConversationID: "AG_1", ResponseCode: "0" }), "ConversationID")).toMatchObject({ status: "processing", operatorReference: "AG_1" });
  });
  it.each<[number, string, Expected]>([
    [200, JSON.stringify({ ResponseCode: "1" }), "pending"], // 200 without acceptance: unclear
    [400, envelope("400.002.02"), "invalid_request"],
    [401, envelope("401.002.01"), "configuration_error"],
    [404, envelope("404.001.03"), "configuration_error"],
    [403, "", "not_allowed"],
    [404, "", "configuration_error"],
    [429, "", "pending"],
    [409, "", "invalid_request"], // other 4xx
    [500, envelope("500.001.1001"), "pending"], // on a submit, never "processing"
    [503, "", "pending"],
    [302, "", "pending"],
  ])("HTTP %s %s → %s", (status, body, expected) => {
    const o = mapSubmit(status, body, "CheckoutRequestID");
    expect(o.status === "failed" ? o.reason : o.status).toBe(expected);
  });
});

describe("STK query answers", () => {
  it.each<[number, string, Expected]>([
    [500, JSON.stringify({ errorCode: "500.001.1001", errorMessage: "The transaction is being processed" }), "processing"],
    [200, JSON.stringify({ ResponseCode: "0", ResultCode: "0", ResultDesc: "ok" }), "success"],
    [200, JSON.stringify({ ResponseCode: "0", ResultCode: "1032", ResultDesc: "cancelled" }), "declined"],
    [400, JSON.stringify({ errorCode: "400.002.02", errorMessage: "Invalid CheckoutRequestID" }), "pending"], // never not_found: no resend
    [401, "", "pending"],
    [503, "", "pending"],
  ])("HTTP %s %s → %s", (status, body, expected) => {
    const o = mapStkQuery(status, body);
    expect(o.status === "failed" ? o.reason : o.status).toBe(expected);
  });
});

describe("Transaction Status result (B2C confirmation)", () => {
  const result = (code: number | string, status?: string) => ({
    ResultCode: code,
    ResultParameters: { ResultParameter: [{ Key: "ReceiptNo", Value: "SXY1" }, ...(status ? [{ Key: "TransactionStatus", Value: status }] : [])] },
  });
  it.each<[string, Expected | null]>([
    ["Completed", "success"],
    ["Pending", "processing"],
    ["Processing", "processing"],
    ["Failed", "other"],
    ["Declined", "other"],
    ["Cancelled", "other"],
    ["Expired", "expired"],
    ["Whatever", null],
  ])("TransactionStatus %s → %s", (status, expected) => {
    const o = mapTransactionStatusResult(result(0, status));
    expect(o === null ? null : o.status === "failed" ? o.reason : o.status).toBe(expected);
  });
  it("a query that failed itself (initiator, unknown id) says nothing about the payout", () => {
    expect(mapTransactionStatusResult(result(2001, "Completed"))).toBeNull();
    expect(mapTransactionStatusResult(result("R000001"))).toBeNull();
  });
  it("the receipt of a completed payout is its operator reference", () => {
    expect(mapTransactionStatusResult(result(0, "Completed"))).toMatchObject({ status: "success", operatorReference: "SXY1" });
  });
  it("B2C result codes are listed as lib/connectors/mpesa-daraja/README.md gives them", () => {
    const reasons = Object.fromEntries(Object.entries(MPESA_MAPPING.b2cResultCodes).map(([k, r]) => [k, "reason" in r ? r.reason : r.outcome]));
    expect(reasons).toEqual({ "0": "success", "1": "merchant_balance_insufficient", "2001": "configuration_error", "8006": "configuration_error", "2040": "account_not_found", "2028": "not_allowed", "11": "not_allowed" });
  });
});
