import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorsGuide } from "@/app/docs/errors-guide";
import {
  LifecyclesGuide,
  PAYMENT_WHEN,
  PAYOUT_WHEN,
  REFUND_WHEN,
  paymentEdges,
  payoutEdges,
  refundEdges,
} from "@/app/docs/lifecycles-guide";
import { QuotesGuide } from "@/app/docs/quotes-guide";
import { SandboxGuide } from "@/app/docs/sandbox-guide";
import { SpecQuirksGuide } from "@/app/docs/spec-quirks-guide";
import { INTERNATIONAL_EXAMPLES } from "@/app/docs/international-examples";
import { ERROR_CODES } from "@/lib/errors";
import { ERROR_STATUS } from "@/lib/http/error-status";

const html = (component: () => React.ReactNode) => renderToStaticMarkup(createElement(component));

describe("/docs guides are drawn from the code", () => {
  it("every transition the state machines allow is explained, and nothing they refuse is", () => {
    for (const [edges, when] of [
      [paymentEdges(), PAYMENT_WHEN],
      [payoutEdges(), PAYOUT_WHEN],
      [refundEdges(), REFUND_WHEN],
    ] as const) {
      const keys = edges.map((e) => `${e.from}→${e.to}`);
      expect(Object.keys(when).sort()).toEqual([...keys].sort());
    }
    // A late success is one of them in every direction (docs/decisions/late-success-after-failure.md), and the page says it.
    expect(paymentEdges()).toContainEqual({ from: "failed", to: "success" });
    expect(payoutEdges()).toContainEqual({ from: "failed", to: "success" });
    expect(refundEdges()).toContainEqual({ from: "failed", to: "success" });
    expect(html(LifecyclesGuide)).toContain("Late success after a timeout.");
  });

  it("the error catalogue lists every code with the status the API answers it with", () => {
    const page = html(ErrorsGuide);
    for (const code of ERROR_CODES) {
      expect(page).toMatch(new RegExp(`id="error-${code}"><td><code>${code}</code></td><td>${ERROR_STATUS[code]} `));
    }
    // The example body is a real refusal of the quickstart's body with the amount as a string.
    expect(page).toContain("&quot;code&quot;: &quot;validation_error&quot;");
    expect(page).toContain("&quot;path&quot;: &quot;amount&quot;");
  });

  it("the sandbox table is the simulator's: docs/design/sandbox.md's outcomes by the last two digits", () => {
    const row = (ending: string) => html(SandboxGuide).match(new RegExp(`<tr><th scope="row"><code>${ending}</code></th>(.*?)</tr>`))![1];
    expect(row("90")).toMatch(/insufficient_funds.*invalid_recipient.*invalid_recipient/);
    expect(row("91")).toMatch(/user_cancelled.*provider_error.*provider_error/);
    expect(row("92")).toMatch(/<code>timeout<\/code>.*account_blocked.*account_blocked/);
    expect(row("93")).toMatch(/provider_error.*insufficient_balance.*insufficient_balance/);
    expect(row("94")).toMatch(/invalid_phone.*limit_exceeded.*limit_exceeded/);
    expect(row("95")).toMatch(/^<td><code>success<\/code><\/td><td><code>success<\/code>, then <code>reversed<\/code>.*payout\.reversed.*<\/td><td><code>success<\/code><\/td>$/);
    expect(row("99")).toMatch(/stays <code>processing<\/code>/);
    expect(row("any other")).toMatch(/^<td><code>success<\/code><\/td><td><code>success<\/code><\/td><td><code>success<\/code><\/td>$/);
  });

  it("lists a sandbox number for every operator of every collect country, East Africa and Ghana included", () => {
    const page = html(SandboxGuide);
    for (const [country, provider, number] of [
      ["KE", "mpesa", "+254700000012"],
      ["KE", "airtel", "+254100000012"],
      ["UG", "mtn", "+256760000012"],
      ["TZ", "mixx", "+255650000012"],
      ["TZ", "halotel", "+255610000012"],
      ["RW", "airtel", "+250720000012"],
      ["ZM", "zamtel", "+260550000012"],
      ["GH", "telecel", "+233200000012"],
      ["GH", "at", "+233230000012"],
      ["SN", "orange", "+221710000012"],
    ]) {
      expect(page).toMatch(new RegExp(`\\(${country}\\)</td><td><code>${provider}</code></td><td>[^<]*</td><td><code>\\${number}</code>`));
    }
  });

  it("the quote examples come out of the quote engine with docs/design/quotes-and-payouts.md's numbers", () => {
    const page = html(QuotesGuide);
    const answer = (id: string) => JSON.parse(page.match(new RegExp(`id="${id}-response"[^>]*><code>([^<]*)</code>`))![1].replace(/&quot;/g, '"'));
    expect(answer("quote-same-currency")).toMatchObject({ fees: { amount: 100 }, totalDebit: { amount: 10_100, currency: "XOF" }, fx: null, fxTopUp: null });
    expect(answer("quote-parity-top-up").fxTopUp).toEqual({ fromCurrency: "XAF", toCurrency: "XOF", sourceAmount: 9100, targetAmount: 9100, rate: 1, spreadPercent: 0, parity: true });
    expect(answer("quote-floating-top-up").fxTopUp).toEqual({ fromCurrency: "USD", toCurrency: "XOF", sourceAmount: 15.4, targetAmount: 9100, rate: 591, spreadPercent: 1.5, parity: false });
    expect(answer("quote-insufficient")).toMatchObject({ statusCode: 400, code: "INSUFFICIENT_BALANCE", convertibleFrom: [{ currency: "USD", available: 100 }] });
    expect(page).toContain("15.40 USD gives 9101 XOF; 15.39 USD would give 9095 XOF");
  });

  it("the quotes guide works through an international mobile-money and a bank payout, each quote showing its requirements", () => {
    const page = html(QuotesGuide);
    for (const example of INTERNATIONAL_EXAMPLES) {
      expect(page).toContain(`id="${example.id}-quote-answer"`);
      expect(page).toContain(example.title.replace("'", "&#x27;"));
    }
    expect(page).toContain("&quot;requirements&quot;");
    expect(page).toContain("sender.identity.number");
    expect(page).toContain("bankAccount.bankBranch");
  });

  it("the spec-quirks page names each quirk, the case-twin error codes read from ERROR_CODES", () => {
    const page = html(SpecQuirksGuide);
    for (const words of ["merchantReference", "payoutId", "MOBILE_MONEY", "INSUFFICIENT_BALANCE", "insufficient_balance", "api.objects"]) expect(page).toContain(words);
  });
});
