import { describe, expect, it } from "vitest";
import { mapPayout, mapSession, mapSubmitError, WAVE_MAPPING } from "@/lib/connectors/wave/mapping";

// Wave's docs (README "Status mapping"), row by row: the expected column is written out here, not read from the table.
const SESSION_ROWS: [string, string, string | null, string, string?][] = [
  ["open", "processing", null, "processing"],
  ["open", "processing", "insufficient-funds", "processing"], // a failed attempt: the session stays open
  ["complete", "succeeded", null, "success"],
  ["complete", "processing", null, "processing"],
  ["expired", "cancelled", null, "failed", "expired"],
  ["expired", "processing", null, "failed", "expired"],
  ["expired", "cancelled", "insufficient-funds", "failed", "insufficient_funds"],
  ["expired", "cancelled", "blocked-account", "failed", "account_blocked"],
  ["expired", "cancelled", "customer-age-restricted", "failed", "account_blocked"],
  ["expired", "cancelled", "payer-mobile-mismatch", "failed", "declined"],
  ["expired", "cancelled", "kyb-limits-exceeded", "failed", "limit_exceeded"],
  ["expired", "cancelled", "cross-border-payment-not-allowed", "failed", "not_allowed"],
  ["expired", "cancelled", "payment-failure", "failed", "provider_error"],
  ["expired", "cancelled", "something-new", "failed", "other"],
  ["open", "cancelled", null, "failed", "expired"],
];

const PAYOUT_ROWS: [string, string | null, string, string?][] = [
  ["processing", null, "processing"],
  ["succeeded", null, "success"],
  ["reversed", null, "reversed"], // money back in our wallet: never a success (README "Payout reversals")
  ["failed", null, "failed", "provider_error"],
  ["failed", "insufficient-funds", "failed", "merchant_balance_insufficient"],
  ["failed", "recipient-account-blocked", "failed", "account_blocked"],
  ["failed", "recipient-account-inactive", "failed", "account_blocked"],
  ["failed", "recipient-minor", "failed", "account_blocked"],
  ["failed", "recipient-limit-exceeded", "failed", "limit_exceeded"],
  ["failed", "country-mismatch", "failed", "invalid_request"],
  ["failed", "currency-mismatch", "failed", "invalid_request"],
  ["failed", "request-validation-error", "failed", "invalid_request"],
  ["failed", "aggregated-merchant-required", "failed", "configuration_error"],
  ["failed", "invalid-aggregated-merchant-id", "failed", "configuration_error"],
  ["failed", "payout-reversal-time-limit-exceeded", "failed", "not_allowed"],
  ["failed", "payout-reversal-account-terminated", "failed", "account_blocked"],
  ["failed", "brand-new-code", "failed", "other"],
];

const SUBMIT_ROWS: [number, string | null, string, string?][] = [
  [401, "missing-auth-header", "failed", "configuration_error"],
  [401, "invalid-auth", "failed", "configuration_error"],
  [401, "no-matching-api-key", "failed", "configuration_error"],
  [401, "api-key-revoked", "failed", "configuration_error"],
  [403, "unauthorized-wallet", "failed", "configuration_error"],
  [403, "disabled-wallet", "failed", "configuration_error"],
  [403, "ip-not-allowed", "failed", "configuration_error"],
  [401, "invalid-signature", "failed", "configuration_error"],
  [400, "request-validation-error", "failed", "invalid_request"],
  [400, "request-not-json", "failed", "invalid_request"],
  [400, "country-mismatch", "failed", "invalid_request"],
  [400, "currency-mismatch", "failed", "invalid_request"],
  [400, "aggregated-merchant-required", "failed", "configuration_error"],
  [400, "invalid-aggregated-merchant-id", "failed", "configuration_error"],
  [422, "insufficient-funds", "failed", "merchant_balance_insufficient"],
  [400, "recipient-account-blocked", "failed", "account_blocked"],
  [400, "recipient-account-inactive", "failed", "account_blocked"],
  [400, "recipient-minor", "failed", "account_blocked"],
  [400, "recipient-limit-exceeded", "failed", "limit_exceeded"],
  [400, "kyb-limits-exceeded", "failed", "limit_exceeded"],
  [409, "idempotency-mismatch", "duplicate"],
  [429, "too-many-requests", "pending"],
  [503, "service-unavailable", "pending"],
  [500, "internal-server-error", "pending"],
  [502, null, "pending"],
  [408, null, "pending"],
  [404, "not-found", "failed", "configuration_error"],
  [401, null, "failed", "configuration_error"],
  [400, null, "failed", "invalid_request"],
  [400, "never-heard-of", "failed", "other"],
];

describe("Wave mapping (one table, row by row)", () => {
  it.each(SESSION_ROWS)("session %s/%s error %s → %s %s", (checkout, payment, code, status, reason) => {
    const outcome = mapSession({ id: "cos-1", checkout_status: checkout, payment_status: payment, last_payment_error: code ? { code, message: "m" } : null, wave_launch_url: "https://pay.wave.com/c/cos-1" });
    expect(outcome.status).toBe(status);
    if (reason) expect(outcome).toMatchObject({ reason });
    if (status === "processing" && checkout === "open") expect(outcome).toMatchObject({ nextAction: { type: "redirect", url: "https://pay.wave.com/c/cos-1" }, operatorReference: "cos-1" });
  });

  it("an unknown session state is never final", () => {
    expect(mapSession({ checkout_status: "weird", payment_status: "odd" })).toMatchObject({ status: "processing", ambiguous: true });
  });

  it.each(PAYOUT_ROWS)("payout %s error %s → %s %s", (status, code, expected, reason) => {
    const outcome = mapPayout({ id: "pt-1", status, payout_error: code ? { error_code: code, error_message: "m" } : null });
    expect(outcome.status).toBe(expected);
    if (reason) expect(outcome).toMatchObject({ reason, raw: { code: code ?? undefined } });
  });

  it("an unknown payout status is never final", () => {
    expect(mapPayout({ status: "queued" })).toMatchObject({ status: "processing", ambiguous: true });
  });

  it.each(SUBMIT_ROWS)("HTTP %i %s → %s %s", (http, code, status, reason) => {
    const outcome = mapSubmitError(http, code ? JSON.stringify({ code, message: "m" }) : "");
    expect(outcome.status).toBe(status);
    if (reason) expect(outcome).toMatchObject({ reason });
  });

  it("every code in the table has a row here", () => {
    const tested = new Set(SUBMIT_ROWS.map((r) => r[1]));
    for (const code of Object.keys(WAVE_MAPPING.errorCodes)) expect(tested.has(code), code).toBe(true);
    const payoutTested = new Set(PAYOUT_ROWS.map((r) => r[1]));
    for (const code of Object.keys(WAVE_MAPPING.payoutErrors)) expect(payoutTested.has(code), code).toBe(true);
    const sessionTested = new Set(SESSION_ROWS.map((r) => r[2]));
    for (const code of Object.keys(WAVE_MAPPING.paymentErrors)) expect(sessionTested.has(code), code).toBe(true);
  });
});

describe("Wave amounts: decimal strings in major units, read exactly", () => {
  it.each([
    ["1500", "XOF", 1500n],
    ["1500.00", "XOF", 1500n],
    ["999999999999", "XOF", 999999999999n],
  ])("%s %s → %s minor", (amount, currency, minor) => {
    expect(mapPayout({ status: "succeeded", receive_amount: amount, currency })).toMatchObject({ status: "success", amount: { minor, currency } });
  });

  it.each([["1500.5", "XOF"], ["1000000000001", "XOF"], ["abc", "XOF"], [1500, "XOF"], ["1500", "ZZZ"], ["1500", undefined]])("%s %s states no amount (never a guess)", (amount, currency) => {
    const outcome = mapPayout({ status: "succeeded", receive_amount: amount, currency });
    expect(outcome.status).toBe("success");
    expect(outcome).not.toHaveProperty("amount");
  });
});
