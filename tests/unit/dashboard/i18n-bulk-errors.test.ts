import { describe, expect, it } from "vitest";
import { bulkRowError, cellCountError, type RowError } from "@/lib/dashboard/i18n-bulk-errors";

/** Refusals as lib/payouts writes them for bulk rows (copied from a dry run of each case). */
const CASES: [RowError, string][] = [
  [{ code: "validation_error", message: "Invalid payout request", details: [{ path: "recipient.phone", message: "A Senegal number has 9 digits after +221; this one has 5." }] }, "Téléphone : un numéro de ce pays a 9 chiffres après +221 ; celui-ci en a 5"],
  [{ code: "validation_error", message: "Invalid payout request: recipient.phone is required for mobile money (E.164, e.g. +221771234567).", details: [{ path: "recipient.phone", message: "is required for mobile money (E.164, e.g. +221771234567)" }] }, "Téléphone : un numéro de téléphone est obligatoire"],
  [{ code: "validation_error", message: "Invalid request body: country: must be an ISO 3166-1 alpha-2 country code", details: [{ path: "country", message: "must be an ISO 3166-1 alpha-2 country code" }] }, "Pays : doit être un code pays à 2 lettres (ISO 3166-1), par exemple SN"],
  [{ code: "validation_error", message: "Invalid request body", details: [{ path: "method", message: 'Invalid option: expected one of "MOBILE_MONEY"|"BANK_TRANSFER"' }] }, "Méthode : valeur non reconnue (attendu : MOBILE_MONEY, BANK_TRANSFER)"],
  [{ code: "invalid_amount", message: 'Amount must be a decimal number, got "abc".' }, "Le montant doit être un nombre (« abc » n’en est pas un)."],
  [{ code: "invalid_amount", message: "Amount 1 XOF is outside the SN→SN corridor's bounds (500 XOF to 10000000 XOF)." }, "Le montant 1 XOF est hors des limites de ce pays (500 XOF à 10000000 XOF)."],
  [{ code: "provider_unavailable", message: 'Provider "pigeon" does not pay out. Payout operators: orange, mtn.', details: [{ path: "mobileWallet.provider", message: "must be one of orange, mtn" }] }, "Opérateur « pigeon » inconnu ou sans décaissement ici."],
  [{ code: "limit_exceeded", message: "Payout amount 6559570 XOF exceeds the per-transaction limit of 5000000 XOF." }, "Montant au-delà de la limite par décaissement (5000000 XOF)."],
  [{ code: "invalid_currency", message: "Unsupported currency: ABC." }, "Devise non prise en charge : ABC."],
  [{ code: "not_found", message: "Quote qt_nope not found." }, "Devis qt_nope introuvable."],
  [{ code: "duplicate_reference", message: 'externalReference "r9" is already item 8 of this request: externalReferences must be unique within a bulk.' }, "Cette référence est déjà celle de la ligne 10 du fichier : chaque ligne a la sienne."],
  [{ code: "INSUFFICIENT_BALANCE", message: "Insufficient balance: 89900 XOF available in the XOF collect wallet, 202000 XOF required. No other wallet can cover the shortfall of 112100 XOF: fund the account." }, "Votre solde ne couvre pas cette ligne : il manque 112100 XOF."],
  [{ code: "quote_expired", message: "Quote qt_1 expired at 2026-11-28T00:00:00.000Z: request a new quote (POST /payouts/quote)." }, "Ce devis a expiré : demandez-en un nouveau."],
  [{ code: "purpose_missing", message: "International payouts need a purpose (purpose or international.purpose), e.g. SALARY." }, "Un motif est obligatoire pour un décaissement international (colonne purpose, par exemple SALARY)."],
];

describe("a bulk row's refusal in the dashboard's language", () => {
  it("French: said again from the code, the field and the figures, never the English sentence", () => {
    for (const [error, french] of CASES) {
      expect(bulkRowError(error, "fr"), error.code).toBe(french);
      expect(bulkRowError(error, "fr")).not.toContain(error.message);
    }
    // A code without words of its own still reads French.
    expect(bulkRowError({ code: "internal_error", message: "Something broke." }, "fr")).toBe("Cette ligne est refusée.");
    expect(cellCountError(6, 5, "fr")).toBe("la ligne a 6 cellules, l’en-tête 5");
  });

  it("English: the API's own message, a validation error by its fields' names", () => {
    const [phone] = CASES[0];
    expect(bulkRowError(phone, "en")).toBe("Phone: A Senegal number has 9 digits after +221; this one has 5.");
    expect(bulkRowError(CASES[4][0], "en")).toBe('Amount must be a decimal number, got "abc".');
    expect(cellCountError(6, 5, "en")).toBe("has 6 cells, the header 5");
  });
});
