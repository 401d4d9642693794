import { describe, expect, it } from "vitest";
import type { Direction, NeutralReason } from "@/lib/connectors/connector";
import { MTN_MAPPING, mapStatusBody, mapStatusHttp, mapSubmitHttp } from "@/lib/connectors/mtn-momo/mapping";

// The mapping table on its own, row by row, written from lib/connectors/mtn-momo/README.md (the expected
// values are spelled out here, not read back from the table).
type Expected = NeutralReason | "processing" | "success";
const short = (o: ReturnType<typeof mapStatusBody>["outcome"]) => (o.status === "failed" ? o.reason : o.status);

describe("status values", () => {
  it.each<[string, Expected]>([
    ["PENDING", "processing"],
    ["CREATED", "processing"],
    ["ONGOING", "processing"],
    ["SUCCESSFUL", "success"],
    ["REJECTED", "declined"],
    ["TIMEOUT", "expired"],
    ["FAILED", "provider_error"], // without a reason
    ["successful", "success"], // case is not trusted
  ])("%s → %s", (status, expected) => {
    for (const direction of ["collect", "payout", "refund"] as Direction[]) {
      expect(short(mapStatusBody({ status }, direction).outcome)).toBe(expected);
    }
  });

  it("an unknown or missing status is never final: processing, ambiguous", () => {
    expect(mapStatusBody({ status: "WEIRD" }, "collect").outcome).toMatchObject({ status: "processing", ambiguous: true, raw: { status: "WEIRD" } });
    expect(mapStatusBody({}, "payout").outcome).toMatchObject({ status: "processing", ambiguous: true });
  });

  it("keeps the raw status, reason and MTN's financialTransactionId", () => {
    expect(mapStatusBody({ status: "SUCCESSFUL", financialTransactionId: "363440463" }, "collect").outcome).toEqual({ status: "success", operatorReference: "363440463", raw: { status: "SUCCESSFUL" } });
    expect(mapStatusBody({ status: "FAILED", reason: { code: "APPROVAL_REJECTED", message: "Payer rejected" } }, "collect").outcome).toMatchObject({
      status: "failed",
      reason: "declined",
      message: "MTN MoMo: FAILED (APPROVAL_REJECTED)",
      raw: { status: "FAILED", code: "APPROVAL_REJECTED", message: "Payer rejected" },
    });
  });
});

describe("FAILED reasons", () => {
  const ROWS: [string, NeutralReason, NeutralReason, NeutralReason][] = [
    // reason, collect, payout, refund
    ["NOT_ENOUGH_FUNDS", "insufficient_funds", "merchant_balance_insufficient", "merchant_balance_insufficient"],
    ["PAYER_NOT_FOUND", "account_not_found", "account_not_found", "account_not_found"],
    ["PAYEE_NOT_FOUND", "account_not_found", "account_not_found", "account_not_found"],
    ["PAYER_LIMIT_REACHED", "limit_exceeded", "limit_exceeded", "limit_exceeded"],
    ["PAYEE_NOT_ALLOWED_TO_RECEIVE", "account_blocked", "account_blocked", "account_blocked"],
    ["SENDER_ACCOUNT_NOT_ACTIVE", "account_blocked", "account_blocked", "account_blocked"],
    ["APPROVAL_REJECTED", "declined", "declined", "declined"],
    ["PAYMENT_NOT_APPROVED", "declined", "declined", "declined"],
    ["TRANSACTION_CANCELED", "declined", "declined", "declined"],
    ["EXPIRED", "expired", "expired", "expired"],
    ["COULD_NOT_PERFORM_TRANSACTION", "expired", "expired", "expired"],
    ["NOT_ALLOWED", "not_allowed", "not_allowed", "not_allowed"],
    ["NOT_ALLOWED_TARGET_ENVIRONMENT", "configuration_error", "configuration_error", "configuration_error"],
    ["INVALID_CALLBACK_URL_HOST", "configuration_error", "configuration_error", "configuration_error"],
    ["INVALID_CURRENCY", "invalid_request", "invalid_request", "invalid_request"],
    ["SERVICE_UNAVAILABLE", "provider_unavailable", "provider_unavailable", "provider_unavailable"],
    ["INTERNAL_PROCESSING_ERROR", "provider_error", "provider_error", "provider_error"],
    ["RESOURCE_NOT_FOUND", "invalid_request", "invalid_request", "invalid_request"],
    ["TRANSACTION_NOT_FOUND", "invalid_request", "invalid_request", "invalid_request"],
    ["A_CODE_NOBODY_KNOWS", "other", "other", "other"],
  ];

  it.each(ROWS)("%s → collect %s, payout %s, refund %s", (reason, collect, payout, refund) => {
    expect(short(mapStatusBody({ status: "FAILED", reason }, "collect").outcome)).toBe(collect);
    expect(short(mapStatusBody({ status: "FAILED", reason }, "payout").outcome)).toBe(payout);
    expect(short(mapStatusBody({ status: "FAILED", reason }, "refund").outcome)).toBe(refund);
  });

  it("covers every reason of the table (a new row needs a test row)", () => {
    expect(Object.keys(MTN_MAPPING.reasons).sort()).toEqual(ROWS.map((r) => r[0]).filter((r) => r !== "A_CODE_NOBODY_KNOWS").sort());
  });

  it("payout NOT_ENOUGH_FUNDS asks for a float check (the receiver's limit if our float suffices); a collect does not", () => {
    expect(mapStatusBody({ status: "FAILED", reason: "NOT_ENOUGH_FUNDS", amount: "2500", currency: "XOF" }, "payout").floatCheck).toEqual({ amount: "2500", currency: "XOF", ifFloatSuffices: "limit_exceeded" });
    expect(mapStatusBody({ status: "FAILED", reason: "NOT_ENOUGH_FUNDS", amount: "2500" }, "refund").floatCheck).toMatchObject({ ifFloatSuffices: "limit_exceeded" });
    expect(mapStatusBody({ status: "FAILED", reason: "NOT_ENOUGH_FUNDS", amount: "2500" }, "collect").floatCheck).toBeUndefined();
    expect(mapStatusBody({ status: "FAILED", reason: "PAYEE_NOT_FOUND", amount: "2500" }, "payout").floatCheck).toBeUndefined();
  });
});

describe("HTTP answers", () => {
  it.each<[number, string, string, NeutralReason?]>([
    [202, "", "processing"],
    [409, '{"code":"RESOURCE_ALREADY_EXIST","message":"Duplicated reference id. Creation of resource failed."}', "duplicate"],
    [400, '{"message":"bad"}', "failed", "invalid_request"],
    [401, '{"statusCode":401,"message":"Access denied"}', "failed", "configuration_error"],
    [403, "", "failed", "not_allowed"],
    [404, "", "failed", "configuration_error"],
    [415, "", "failed", "invalid_request"],
    [429, "", "pending"],
    [500, '{"code":"NOT_ALLOWED","message":"x"}', "pending"],
    [500, '{"code":"INTERNAL_PROCESSING_ERROR"}', "pending"],
    [502, "<html>bad gateway</html>", "pending"],
    [503, '{"code":"SERVICE_UNAVAILABLE"}', "pending"],
    [302, "", "pending"],
  ])("submit answered %i → %s %s", (http, body, status, reason) => {
    const outcome = mapSubmitHttp(http, body);
    expect(outcome.status).toBe(status);
    if (reason) expect(outcome).toMatchObject({ reason });
    expect(outcome.raw?.status).toBe(String(http));
  });

  it("a 5xx keeps MTN's code for ops, and is never failed", () => {
    expect(mapSubmitHttp(500, '{"code":"INVALID_CURRENCY","message":"Currency not supported."}')).toEqual({
      status: "pending",
      message: "MTN MoMo answered HTTP 500 INVALID_CURRENCY",
      raw: { status: "500", code: "INVALID_CURRENCY", message: "Currency not supported." },
    });
  });

  it("status GET: 200 → the body, 404 → not_found, anything else → pending (we learnt nothing)", () => {
    expect(mapStatusHttp(200, '{"status":"SUCCESSFUL"}', "collect").outcome.status).toBe("success");
    expect(mapStatusHttp(404, '{"code":"RESOURCE_NOT_FOUND"}', "collect").outcome).toEqual({ status: "not_found", raw: { status: "404", code: "RESOURCE_NOT_FOUND" } });
    for (const http of [400, 401, 429, 500, 503]) expect(mapStatusHttp(http, "", "payout").outcome.status).toBe("pending");
    expect(mapStatusHttp(200, "not json", "collect").outcome.status).toBe("pending");
  });
});
