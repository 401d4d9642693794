import { describe, expect, it } from "vitest";
import { maskDigits, redactHeaders, redactText, REDACTED } from "@/lib/observability/redact";

describe("call record redaction", () => {
  it("removes every secret value of the account, wherever it appears", () => {
    const out = redactText(`{"note":"key is s3cr3t-value-1 and again s3cr3t-value-1","other":"s3cr3t-value-1x"}`, ["s3cr3t-value-1"]);
    expect(out).not.toContain("s3cr3t-value-1");
    expect(out.split(REDACTED).length - 1).toBeGreaterThanOrEqual(3);
  });

  it("redacts credential headers, bearer/basic credentials, and credential-looking JSON or form fields", () => {
    const headers = redactHeaders({ Authorization: "Bearer abc.def.ghi", "Ocp-Apim-Subscription-Key": "sub-123", "X-Reference-Id": "0b0f7a4e-1111-4222-8333-444455556666" }, []);
    expect(headers).not.toContain("abc.def.ghi");
    expect(headers).not.toContain("sub-123");
    expect(headers).toContain("X-Reference-Id: 0b0f7a4e-1111-4222-8333-444455556666");
    expect(redactText("Authorization: Basic dXNlcjpwYXNz", [])).toBe(`Authorization: Basic ${REDACTED}`);
    const body = redactText(`{"access_token":"eyJhbGciOi","expires_in":3600,"pin":"1234","apiKey":"k","amount":"100"}`, []);
    expect(body).toBe(`{"access_token":"${REDACTED}","expires_in":3600,"pin":"${REDACTED}","apiKey":"${REDACTED}","amount":"100"}`);
    expect(redactText("grant_type=client_credentials&client_secret=xyz&password=p4ss", [])).toBe(`grant_type=client_credentials&client_secret=${REDACTED}&password=${REDACTED}`);
  });

  it("masks phone numbers and account numbers, keeping enough to tell them apart", () => {
    expect(maskDigits("+2250512345678")).toBe("+225••••••••78");
    expect(redactText(`{"partyId":"2250512345678"}`, [])).toBe(`{"partyId":"225••••••••78"}`);
    expect(redactText("/accountholder/msisdn/46733123450/active", [])).toBe("/accountholder/msisdn/467••••••50/active");
    expect(maskDigits("amount 5000 on 2026-11-22")).toBe("amount 5000 on 2026-11-22");
  });

  it("cuts long excerpts", () => {
    expect(redactText("x".repeat(5000), []).length).toBeLessThanOrEqual(2001);
  });
});

describe("redaction of a huge body", () => {
  it("is bounded: only the start is searched, the excerpt is cut and says so", () => {
    // 32 MB of phone-like digit runs: searching all of it would take seconds. The answer is the
    // one for its first 8,000 characters: nothing past them changes it, so nothing past them is
    // read (no timing here: how long it takes belongs to a benchmark, not a test).
    const huge = "+2250512345678 ".repeat((32 * 1024 * 1024) / 15);
    const out = redactText(huge, ["s3cr3t-value-1"]);
    expect(out).toBe(redactText(huge.slice(0, 8000), ["s3cr3t-value-1"]));
    expect(redactText(`${huge}s3cr3t-value-1 Bearer abc.def`, ["s3cr3t-value-1"])).toBe(out);
    expect(out.length).toBeLessThanOrEqual(2001);
    expect(out.endsWith("…")).toBe(true);
    expect(out).not.toContain("0512345678");
  });
});
