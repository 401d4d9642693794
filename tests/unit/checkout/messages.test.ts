import { describe, expect, it } from "vitest";
import { FAILURE_CODES, failureMessage, formErrorMessage, operatorHint, uiText } from "@/lib/checkout/messages";
import { formatAmount } from "@/lib/money";

describe("amounts on the checkout", () => {
  it("French: narrow no-break space thousands, no decimals for XOF/XAF, no-break space before the code", () => {
    expect(formatAmount(1_250_000n, "XOF", "fr")).toBe("1\u202F250\u202F000\u00A0XOF");
    expect(formatAmount(5000n, "XAF", "fr")).toBe("5\u202F000\u00A0XAF");
    expect(formatAmount(100n, "XOF", "fr")).toBe("100\u00A0XOF");
    expect(formatAmount(123_456_789n, "USD", "fr")).toBe("1\u202F234\u202F567,89\u00A0USD");
  });

  it("English: code first, comma thousands, point decimals", () => {
    expect(formatAmount(1_250_000n, "XOF", "en")).toBe("XOF\u00A01,250,000");
    expect(formatAmount(123_456_789n, "USD", "en")).toBe("USD\u00A01,234,567.89");
    expect(formatAmount(5n, "EUR", "en")).toBe("EUR\u00A00.05");
  });

  it("the Pay button carries the formatted amount", () => {
    expect(uiText("fr").pay(formatAmount(5000n, "XOF", "fr"))).toBe("Payer 5\u202F000\u00A0XOF");
    expect(uiText("en").pay(formatAmount(5000n, "XOF", "en"))).toBe("Pay XOF\u00A05,000");
  });
});

describe("failure messages", () => {
  it("has its own sentence for every failure code, in both languages, never the machine code", () => {
    for (const locale of ["fr", "en"] as const) {
      const sentences = FAILURE_CODES.map((code) => failureMessage(code, locale));
      expect(new Set(sentences).size).toBe(FAILURE_CODES.length);
      for (const [i, s] of sentences.entries()) {
        expect(s).not.toContain(FAILURE_CODES[i]);
        expect(s).not.toBe(failureMessage(null, locale));
      }
    }
  });

  it("chooses the sentence by code and locale", () => {
    expect(failureMessage("insufficient_funds", "en")).toBe("Your account balance is too low. Top it up or pay with another method.");
    expect(failureMessage("insufficient_funds", "fr")).toBe("Le solde de votre compte est insuffisant. Rechargez-le ou payez avec un autre moyen.");
    expect(failureMessage("user_cancelled", "fr")).toMatch(/refusé le paiement/);
    expect(failureMessage("timeout", "en")).toMatch(/not approved in time/);
    expect(failureMessage("invalid_phone", "en")).toMatch(/not a valid account/);
    expect(failureMessage("provider_error", "fr")).toMatch(/opérateur/);
  });

  it("falls back to a generic sentence for an unknown or missing code", () => {
    expect(failureMessage("something_new", "en")).toBe("The payment did not go through. Nothing was taken from your account.");
    expect(failureMessage(null, "fr")).toBe("Le paiement n’a pas abouti. Aucun montant n’a été débité.");
    // Inherited object keys are not codes.
    expect(failureMessage("toString", "en")).toBe(failureMessage(null, "en"));
  });
});

describe("operator hints and form errors", () => {
  it("names the operator's flow where known, a general sentence otherwise", () => {
    expect(operatorHint("wave", "en")).toBe("Open the Wave app and approve the payment.");
    expect(operatorHint("orange", "fr")).toMatch(/Orange Money/);
    expect(operatorHint("coris", "en")).toBe("A payment request appears on your phone: approve it with your secret code.");
    expect(operatorHint(null, "fr")).toMatch(/^Une demande de paiement/);
    expect(operatorHint("constructor", "en")).toBe(operatorHint(null, "en"));
  });

  it("says what is wrong with a number, with the prefix and lengths", () => {
    expect(formErrorMessage("phone_length", "en", { prefix: "+221", length: 9, got: 5 })).toBe("The number must have 9 digits after +221 (you typed 5).");
    expect(formErrorMessage("phone_length", "fr", { prefix: "+221", length: 9 })).toBe("Le numéro doit comporter 9 chiffres après +221.");
    expect(formErrorMessage("phone_prefix", "fr", { prefix: "+225" })).toBe("Le numéro doit commencer par +225.");
    expect(formErrorMessage("method_required", "en")).toBe("Choose a payment method.");
  });
});
