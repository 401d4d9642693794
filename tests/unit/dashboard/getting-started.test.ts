import { describe, expect, it } from "vitest";
import { NO_ANSWER, OUTCOMES, REVERSED, simulatedOutcome } from "@/lib/connectors/sandbox/sandbox-connector";
import { EXAMPLE_PHONE, firstPaymentExample, firstPayoutExamples, sandboxTestNumbers } from "@/lib/dashboard/getting-started";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { initiatePaymentBody } from "@/lib/payments/initiate-payment-input";
import { initiatePayoutBody, quoteBody } from "@/lib/payouts/payout-request-schemas";

/** The empty states' requests and test numbers (lib/dashboard/getting-started.ts). */
describe("getting started", () => {
  it("the test numbers are the simulator's table: every failure ending, each direction's code, the reversed payout, the never-answering one last", () => {
    const { rows, noAnswerDigits } = sandboxTestNumbers();
    expect(rows.map((r) => r.digits)).toEqual(["90", "91", "92", "93", "94", REVERSED, NO_ANSWER]);
    expect(rows.find((r) => r.digits === "95")).toEqual({ digits: "95", collect: null, payout: { kind: "reversed" } });
    expect(noAnswerDigits).toBe("99");
    expect(rows[0]).toEqual({
      digits: "90",
      collect: { kind: "fails", direction: "collect", reason: "insufficient_funds", code: "insufficient_funds", message: OUTCOMES.collect["90"].message },
      payout: { kind: "fails", direction: "payout", reason: "account_not_found", code: "invalid_recipient", message: OUTCOMES.payout["90"].message },
    });
    expect(rows.find((r) => r.digits === "91")?.collect).toMatchObject({ code: "user_cancelled" });
    expect(rows.at(-1)).toEqual({ digits: "99", collect: { kind: "no_answer" }, payout: { kind: "no_answer" } });
  });

  it("says when the sandbox answers, from SANDBOX_PROVIDER_DELAY_MS", () => {
    const before = process.env.SANDBOX_PROVIDER_DELAY_MS;
    process.env.SANDBOX_PROVIDER_DELAY_MS = "1500";
    try {
      expect(sandboxTestNumbers().answerSeconds).toBe(1.5);
    } finally {
      process.env.SANDBOX_PROVIDER_DELAY_MS = before;
    }
  });

  it("the empty states have every word in both languages", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" && k !== "outcomes" ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
    expect(keys(onboardingMessages("fr"))).toEqual(keys(onboardingMessages("en")));
  });

  it("every simulated failure is said in French", () => {
    const fr = onboardingMessages("fr").outcomes;
    for (const direction of ["collect", "payout"] as const) {
      for (const outcome of Object.values(OUTCOMES[direction])) expect(fr[`${direction}.${outcome.reason}`], `${direction}.${outcome.reason}`).toBeTruthy();
    }
  });

  it("the example number is one the sandbox approves", () => {
    const submittedAt = new Date("2026-11-22T10:00:00Z");
    const later = new Date(submittedAt.getTime() + 3_600_000);
    for (const direction of ["collect", "payout"] as const) {
      expect(simulatedOutcome(direction, { id: "txn_1", destination: EXAMPLE_PHONE, submittedAt, amountMinor: 5000n }, later).status).toBe("success");
    }
  });

  it("the requests are valid bodies of their endpoints, at this deployment's URL, with $API_KEY and never a key", () => {
    const payment = firstPaymentExample("sandbox");
    expect(initiatePaymentBody.safeParse(payment.body).success).toBe(true);
    expect(payment.url).toMatch(/^https?:\/\/[^/]+\/api\/v1\/payments\/initiate$/);
    expect(payment.curl).toContain(`curl -X POST ${payment.url}`);
    expect(payment.curl).toContain('-H "X-API-Key: $API_KEY"');
    expect(payment.curl).toContain(`-d '${JSON.stringify(payment.body)}'`);
    expect(payment.curl).not.toMatch(/sk_(test|live)_/);

    const payout = firstPayoutExamples("sandbox", "qt_123");
    expect(quoteBody.safeParse(payout.quote.body).success).toBe(true);
    expect(initiatePayoutBody.safeParse(payout.initiate.body).success).toBe(true);
    expect(payout.initiate.body.quoteId).toBe("qt_123");
    expect(firstPayoutExamples("sandbox").initiate.curl).toContain('"quoteId":"QUOTE_ID"');
  });

  it("speaks the merchant's country: a Kenyan merchant's examples are M-Pesa in KES; Senegal's stay as they were", () => {
    expect(firstPaymentExample("sandbox", "KE").body).toMatchObject({ currency: "KES", country: "KE", provider: "mpesa", customerPhone: "+254700000012", amount: 500 });
    expect(firstPayoutExamples("sandbox", "qt_1", "UG").quote.body).toEqual({ amount: 10_000, currency: "UGX", destinationCountry: "UG", method: "mtn" });
    // Ghana: 20 × the operator's minimum (20 GHS) is above GHS's default per-payout minimum (2 GHS,
    // lib/payouts/payout-limit-defaults.ts; it was 100 GHS when the default was one figure for every currency).
    expect(firstPayoutExamples("sandbox", "qt_1", "GH").quote.body).toMatchObject({ amount: 20, currency: "GHS", method: "mtn" });
    expect(firstPaymentExample("sandbox", "SN").body).toMatchObject({ amount: 5000, currency: "XOF", provider: "orange", customerPhone: EXAMPLE_PHONE });
    expect(firstPayoutExamples("sandbox", "qt_1", "SN").quote.body).toEqual({ amount: 10000, currency: "XOF", destinationCountry: "SN", method: "orange" });
    // A country without a mobile operator that collects and pays out here (GQ) or unknown: Senegal's.
    expect(firstPaymentExample("sandbox", "GQ").body).toMatchObject({ country: "SN" });
    for (const country of ["SN", "CI", "BJ", "CM", "KE", "UG", "TZ", "RW", "ZM", "GH"]) {
      expect(initiatePaymentBody.safeParse(firstPaymentExample("sandbox", country).body).success, country).toBe(true);
      expect(quoteBody.safeParse(firstPayoutExamples("sandbox", "qt_1", country).quote.body).success, country).toBe(true);
    }
  });
});
