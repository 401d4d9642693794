import { describe, expect, it } from "vitest";
import type { NeutralReason } from "@/lib/connectors/connector";
import { platformErrorCode, REASON_TABLE } from "@/lib/connectors/platform-error-code";

/** docs/design/connectors.md, row by row: neutral reason → collect code / payout code. */
const ROWS: [NeutralReason, string, string][] = [
  ["insufficient_funds", "insufficient_funds", "provider_error"],
  ["merchant_balance_insufficient", "provider_error", "insufficient_balance"],
  ["account_not_found", "invalid_phone", "invalid_recipient"],
  ["account_blocked", "provider_error", "account_blocked"],
  ["limit_exceeded", "provider_error", "limit_exceeded"],
  ["declined", "user_cancelled", "provider_error"],
  ["expired", "timeout", "provider_error"],
  ["payer_busy", "provider_error", "provider_error"],
  ["invalid_amount", "provider_error", "provider_error"],
  ["invalid_request", "provider_error", "provider_error"],
  ["not_allowed", "provider_error", "provider_error"],
  ["cancelled", "user_cancelled", "provider_error"],
  ["provider_unavailable", "provider_error", "provider_error"],
  ["provider_error", "provider_error", "provider_error"],
  ["configuration_error", "provider_error", "provider_error"],
  ["other", "provider_error", "provider_error"],
];

describe("neutral reason → platform error code (one table)", () => {
  it.each(ROWS)("%s → collect %s, payout %s (refund as payout)", (reason, collect, payout) => {
    expect(platformErrorCode("collect", reason)).toBe(collect);
    expect(platformErrorCode("payout", reason)).toBe(payout);
    expect(platformErrorCode("refund", reason)).toBe(payout);
  });

  it("covers every neutral reason, and only the spec's codes", () => {
    expect(Object.keys(REASON_TABLE).sort()).toEqual(ROWS.map((r) => r[0]).sort());
    const collectCodes = ["insufficient_funds", "user_cancelled", "timeout", "provider_error", "invalid_phone"];
    const payoutCodes = ["invalid_recipient", "insufficient_balance", "provider_error", "limit_exceeded", "account_blocked"];
    for (const row of Object.values(REASON_TABLE)) {
      expect(collectCodes).toContain(row.collect);
      expect(payoutCodes).toContain(row.payout);
    }
  });

  it("invalid_request about the phone or account itself is the destination's fault", () => {
    expect(platformErrorCode("collect", "invalid_request", true)).toBe("invalid_phone");
    expect(platformErrorCode("payout", "invalid_request", true)).toBe("invalid_recipient");
    expect(platformErrorCode("collect", "declined", true)).toBe("user_cancelled");
  });

  it("an unknown reason (a connector out of date) is provider_error", () => {
    expect(platformErrorCode("collect", "weird" as NeutralReason)).toBe("provider_error");
  });
});
