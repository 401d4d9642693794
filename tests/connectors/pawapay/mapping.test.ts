import { describe, expect, it } from "vitest";
import { PAWAPAY_MAPPING, reasonFor, toOutcome } from "@/lib/connectors/pawapay/mapping";

// lib/connectors/pawapay/README.md, row by row: the expected column is written out here, not read from the table.
const STATUS_ROWS: [string, string, boolean?][] = [
  ["ACCEPTED", "processing"],
  ["PROCESSING", "processing"],
  ["SUBMITTED", "processing"],
  ["ENQUEUED", "processing"],
  ["IN_RECONCILIATION", "processing", true],
  ["COMPLETED", "success"],
  ["FAILED", "failed"],
  ["REJECTED", "failed"],
  ["DUPLICATE_IGNORED", "duplicate"],
  ["NOT_FOUND", "not_found"],
];

const FAILURE_ROWS: [string, string][] = [
  ["PAYER_NOT_FOUND", "account_not_found"],
  ["RECIPIENT_NOT_FOUND", "account_not_found"],
  ["PAYMENT_NOT_APPROVED", "declined"],
  ["INSUFFICIENT_BALANCE", "insufficient_funds"],
  ["PAYER_LIMIT_REACHED", "limit_exceeded"],
  ["WALLET_LIMIT_REACHED", "limit_exceeded"],
  ["PAYMENT_IN_PROGRESS", "payer_busy"],
  ["PAWAPAY_WALLET_OUT_OF_FUNDS", "merchant_balance_insufficient"],
  ["MANUALLY_CANCELLED", "cancelled"],
  ["DEPOSIT_ALREADY_REFUNDED", "not_allowed"],
  ["REFUND_IN_PROGRESS", "not_allowed"],
  ["AMOUNT_OUT_OF_BOUNDS", "invalid_amount"],
  ["AMOUNT_TOO_LARGE", "invalid_amount"],
  ["INVALID_AMOUNT", "invalid_amount"],
  ["INVALID_PHONE_NUMBER", "invalid_request"],
  ["INVALID_CURRENCY", "invalid_request"],
  ["INVALID_PROVIDER", "invalid_request"],
  ["INVALID_INPUT", "invalid_request"],
  ["MISSING_PARAMETER", "invalid_request"],
  ["UNSUPPORTED_PARAMETER", "invalid_request"],
  ["INVALID_PARAMETER", "invalid_request"],
  ["DUPLICATE_METADATA_FIELD", "invalid_request"],
  ["INVALID_COUNTRY", "invalid_request"],
  ["DEPOSITS_NOT_ALLOWED", "not_allowed"],
  ["PAYOUTS_NOT_ALLOWED", "not_allowed"],
  ["REFUNDS_NOT_ALLOWED", "not_allowed"],
  ["PROVIDER_TEMPORARILY_UNAVAILABLE", "provider_unavailable"],
  ["NO_AUTHENTICATION", "configuration_error"],
  ["AUTHENTICATION_ERROR", "configuration_error"],
  ["AUTHORISATION_ERROR", "configuration_error"],
  ["HTTP_SIGNATURE_ERROR", "configuration_error"],
  ["UNSPECIFIED_FAILURE", "provider_error"],
  ["UNKNOWN_ERROR", "provider_error"],
  ["OTHER_ERROR", "provider_error"],
];

describe("pawaPay mapping: statuses", () => {
  it("lists exactly the rows tested here", () => {
    expect(Object.keys(PAWAPAY_MAPPING.statuses).sort()).toEqual(STATUS_ROWS.map((r) => r[0]).sort());
  });

  it.each(STATUS_ROWS)("%s → %s", (status, expected, ambiguous) => {
    const outcome = toOutcome({ status, providerTransactionId: "MP123", failureReason: { failureCode: "PAYER_NOT_FOUND", failureMessage: "no wallet" } });
    expect(outcome.status).toBe(expected);
    expect(outcome.raw?.status).toBe(status);
    if (outcome.status === "processing") expect(outcome.ambiguous ?? false).toBe(ambiguous ?? false);
    if (outcome.status === "failed") {
      expect(outcome.reason).toBe("account_not_found");
      expect(outcome.raw?.code).toBe("PAYER_NOT_FOUND");
      expect(outcome.message).toBe("no wallet");
    }
    if (outcome.status === "success") expect(outcome.operatorReference).toBe("MP123");
  });

  it("keeps an unknown status as processing + ambiguous with the raw value, never final", () => {
    expect(toOutcome({ status: "SOMETHING_NEW" })).toMatchObject({ status: "processing", ambiguous: true, raw: { status: "SOMETHING_NEW" } });
  });
});

describe("pawaPay mapping: failure codes", () => {
  it("lists exactly the rows tested here", () => {
    expect(Object.keys(PAWAPAY_MAPPING.failureCodes).sort()).toEqual(FAILURE_ROWS.map((r) => r[0]).sort());
  });

  it.each(FAILURE_ROWS)("FAILED %s → %s", (code, reason) => {
    expect(toOutcome({ status: "FAILED", failureReason: { failureCode: code, failureMessage: "m" } })).toMatchObject({ status: "failed", reason, raw: { status: "FAILED", code } });
    expect(reasonFor(code)).toBe(reason);
  });

  it("maps an unknown failure code to other, keeping the code; a FAILED without a reason to provider_error", () => {
    expect(toOutcome({ status: "FAILED", failureReason: { failureCode: "BRAND_NEW_CODE" } })).toMatchObject({ status: "failed", reason: "other", raw: { code: "BRAND_NEW_CODE" } });
    expect(toOutcome({ status: "FAILED" })).toMatchObject({ status: "failed", reason: "provider_error" });
  });
});
