import { SEED_PROVIDERS, SEED_PURPOSES } from "@/lib/reference/catalogue-seed";
import type { Locale } from "./i18n";

/**
 * The words for the values the platform stores as codes — operators, payout methods and types,
 * purposes, countries, webhook events, failure codes, status-change notes — in both languages,
 * so no page shows `mobile_money · orange`, `c2c`, `SN` or an English note on a French page.
 * A code without words falls back to something readable (a country's name from the platform's
 * Intl data, the generic failure) rather than the code itself.
 */

const PROVIDER_NAMES_FR: Record<string, string> = { bank_transfer: "Virement bancaire", crypto: "Crypto (USDT, USDC)" };
const PROVIDER_NAMES = new Map<string, string>(SEED_PROVIDERS.map((p) => [p.code, p.name]));

/** "Orange Money", "Virement bancaire". */
export function providerLabel(code: string | null | undefined, locale: Locale): string {
  if (!code) return "—";
  if (locale === "fr" && PROVIDER_NAMES_FR[code]) return PROVIDER_NAMES_FR[code];
  return PROVIDER_NAMES.get(code) ?? code.replace(/_/g, " ");
}

const WORDS = {
  en: {
    methods: { mobile_money: "Mobile wallet", bank_transfer: "Bank transfer", crypto: "Crypto" } as Record<string, string>,
    payoutTypes: { c2c: "To a person", b2b: "To a business" } as Record<string, string>,
    purposes: {} as Record<string, string>,
    events: {
      "payment.pending": "Payment created",
      "payment.processing": "Payment in progress",
      "payment.success": "Payment succeeded",
      "payment.failed": "Payment failed",
      "payment.cancelled": "Payment cancelled",
      "payment.expired": "Payment expired",
      "payment.refunded": "Payment refunded",
      "payment.duplicate_charge": "Customer charged twice",
      "payout.pending": "Payout created",
      "payout.processing": "Payout in progress",
      "payout.success": "Payout succeeded",
      "payout.failed": "Payout failed",
      "payout.cancelled": "Payout cancelled",
      "payout.reversed": "Payout reversed",
      "payout.bulk.completed": "Bulk payout completed",
      "refund.pending": "Refund created",
      "refund.processing": "Refund in progress",
      "refund.success": "Refund succeeded",
      "refund.failed": "Refund failed",
    } as Record<string, string>,
    failures: {
      insufficient_funds: "The customer's balance was too low.",
      user_cancelled: "The customer declined on their phone.",
      timeout: "Not approved in time.",
      provider_error: "The operator could not process it.",
      invalid_phone: "The number is not a wallet of this operator.",
      invalid_recipient: "The recipient's account was not found.",
      insufficient_balance: "Your balance did not cover it.",
      limit_exceeded: "A limit was reached.",
      account_blocked: "The account is blocked.",
      declined: "Declined.",
      expired: "Expired.",
      account_not_found: "The account was not found.",
      cancelled: "Cancelled.",
      unknown: "It did not go through.",
    } as Record<string, string>,
    notes: {
      created: "Created",
      createdFromQuote: "Created from quote {id}",
      createdInBulk: "Created in bulk payout {id}",
      providerAnswered: "Operator's answer",
      providerCallback: "Operator's notification",
      providerStatusCheck: "Operator's answer to a status check",
      providerLate: "Operator confirmed after our timeout",
      providerTimeout: "The operator did not answer in time",
      providerUnavailable: "The operator was unavailable",
      providerUnknown: "The operator did not know this order (nothing was paid)",
      expired: "Time to pay ran out",
      cancelledBy: { merchant: "Cancelled by you", customer: "Cancelled by the customer", api: "Cancelled through the API" } as Record<string, string>,
      cancelled: "Cancelled",
      retried: "The customer tried again with {provider}",
      fullyRefunded: "Fully refunded ({id})",
      refundCreated: "Refund requested",
      resolved: "Resolved by our operations team: {evidence}",
      earlierAttemptPaid: "An earlier attempt was paid after all",
      earlierAttemptCheck: "Operator's answer about an earlier attempt",
      returned: "The operator returned the paid order",
      heldForAnswer: "Sent; no answer from the operator in time: held for its answer",
      heldForReview: "Held for review",
    },
  },
  fr: {
    methods: { mobile_money: "Portefeuille mobile", bank_transfer: "Virement bancaire", crypto: "Crypto" } as Record<string, string>,
    payoutTypes: { c2c: "Vers un particulier", b2b: "Vers une entreprise" } as Record<string, string>,
    purposes: {
      SALARY: "Salaire",
      INVOICE: "Paiement de facture",
      SERVICES: "Services",
      GOODS: "Marchandises",
      FAMILY_SUPPORT: "Soutien familial",
      EDUCATION: "Éducation",
      OTHER: "Autre",
    } as Record<string, string>,
    events: {
      "payment.pending": "Paiement créé",
      "payment.processing": "Paiement en cours",
      "payment.success": "Paiement réussi",
      "payment.failed": "Paiement échoué",
      "payment.cancelled": "Paiement annulé",
      "payment.expired": "Paiement expiré",
      "payment.refunded": "Paiement remboursé",
      "payment.duplicate_charge": "Client débité deux fois",
      "payout.pending": "Décaissement créé",
      "payout.processing": "Décaissement en cours",
      "payout.success": "Décaissement réussi",
      "payout.failed": "Décaissement échoué",
      "payout.cancelled": "Décaissement annulé",
      "payout.reversed": "Décaissement retourné",
      "payout.bulk.completed": "Décaissement groupé terminé",
      "refund.pending": "Remboursement créé",
      "refund.processing": "Remboursement en cours",
      "refund.success": "Remboursement réussi",
      "refund.failed": "Remboursement échoué",
    } as Record<string, string>,
    failures: {
      insufficient_funds: "Le solde du client était insuffisant.",
      user_cancelled: "Le client a refusé sur son téléphone.",
      timeout: "Pas validé à temps.",
      provider_error: "L’opérateur n’a pas pu le traiter.",
      invalid_phone: "Ce numéro n’est pas un compte de cet opérateur.",
      invalid_recipient: "Le compte du bénéficiaire est introuvable.",
      insufficient_balance: "Votre solde ne le couvrait pas.",
      limit_exceeded: "Une limite a été atteinte.",
      account_blocked: "Le compte est bloqué.",
      declined: "Refusé.",
      expired: "Expiré.",
      account_not_found: "Le compte est introuvable.",
      cancelled: "Annulé.",
      unknown: "Il n’a pas abouti.",
    } as Record<string, string>,
    notes: {
      created: "Créé",
      createdFromQuote: "Créé depuis le devis {id}",
      createdInBulk: "Créé dans le décaissement groupé {id}",
      providerAnswered: "Réponse de l’opérateur",
      providerCallback: "Notification de l’opérateur",
      providerStatusCheck: "Réponse de l’opérateur à une vérification",
      providerLate: "Confirmé par l’opérateur après notre délai",
      providerTimeout: "L’opérateur n’a pas répondu à temps",
      providerUnavailable: "L’opérateur était indisponible",
      providerUnknown: "L’opérateur ne connaissait pas cet ordre (rien n’a été payé)",
      expired: "Le délai pour payer est dépassé",
      cancelledBy: { merchant: "Annulé par vous", customer: "Annulé par le client", api: "Annulé par l’API" } as Record<string, string>,
      cancelled: "Annulé",
      retried: "Le client a réessayé avec {provider}",
      fullyRefunded: "Entièrement remboursé ({id})",
      refundCreated: "Remboursement demandé",
      resolved: "Résolu par notre équipe d’exploitation : {evidence}",
      earlierAttemptPaid: "Une tentative précédente a finalement été payée",
      earlierAttemptCheck: "Réponse de l’opérateur sur une tentative précédente",
      returned: "L’opérateur a retourné l’ordre payé",
      heldForAnswer: "Envoyé ; pas de réponse de l’opérateur à temps : en attente de sa réponse",
      heldForReview: "Mis en attente d’examen",
    },
  },
};

for (const p of SEED_PURPOSES) WORDS.en.purposes[p.code] = p.label;

/** "Portefeuille mobile". */
export const methodLabel = (code: string | null | undefined, locale: Locale) => (code ? (WORDS[locale].methods[code] ?? code.replace(/_/g, " ")) : "—");

/** "Vers un particulier" for c2c. */
export const payoutTypeLabel = (code: string, locale: Locale) => WORDS[locale].payoutTypes[code] ?? code;

/** "Salaire" for SALARY; an unknown purpose code in sentence case. */
export function purposeLabel(code: string, locale: Locale): string {
  const known = WORDS[locale].purposes[code];
  if (known) return known;
  const words = code.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Sénégal" for SN (the platform's own ICU data, both languages). */
export function countryName(code: string | null | undefined, locale: Locale): string {
  if (!code) return "—";
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "Paiement réussi" for payment.success; an event without words keeps its name. */
export const eventLabel = (type: string, locale: Locale) => WORDS[locale].events[type] ?? type;

/** A failure code (collect or payout, or an operator's neutral reason) as a short sentence. */
export const failureLabel = (code: string | null | undefined, locale: Locale) => WORDS[locale].failures[code ?? "unknown"] ?? WORDS[locale].failures.unknown;

/**
 * A status change's note (written in English by the code that made the change) in the page's
 * language; a note nobody wrote words for is shown only in English (null in French).
 */
export function timelineNote(note: string | null | undefined, locale: Locale): string | null {
  if (!note) return null;
  const n = WORDS[locale].notes;
  const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");
  let match: RegExpMatchArray | null;
  if (note === "initiated" || note === "initiated (legacy)") return n.created;
  if ((match = note.match(/^initiated with (\S+)$/))) return fill(n.createdFromQuote, { id: match[1] });
  if ((match = note.match(/^initiated in bulk (\S+)$/))) return fill(n.createdInBulk, { id: match[1] });
  if (note === "expiresAt passed") return n.expired;
  if (note === "provider timeout") return n.providerTimeout;
  if (note === "provider unavailable") return n.providerUnavailable;
  if (note === "created by the merchant") return n.refundCreated;
  if ((match = note.match(/^cancelled by the (\w+)$/))) return n.cancelledBy[match[1]] ?? n.cancelled;
  if ((match = note.match(/^customer retried with (\w+)$/))) return fill(n.retried, { provider: providerLabel(match[1], locale) });
  if ((match = note.match(/^fully refunded \((\S+)\)$/))) return fill(n.fullyRefunded, { id: match[1] });
  if ((match = note.match(/^resolved by [^:]+: (.*)$/s))) return fill(n.resolved, { evidence: match[1] });
  if (note.startsWith("the provider does not know the reference")) return n.providerUnknown;
  if (note.startsWith("an earlier attempt was paid after all")) return n.earlierAttemptPaid;
  if (note.startsWith("provider answered a status check of an earlier attempt")) return n.earlierAttemptCheck;
  if (note.startsWith("provider reports the paid order returned")) return n.returned;
  if (note.startsWith("sent, no answer from the provider within the window")) return n.heldForAnswer;
  if (note.startsWith("held for review")) return n.heldForReview;
  // The order engine's answers, with the failure reason after a colon when it failed.
  if ((match = note.match(/^(provider answered the submit|provider answered a status check|provider answered|provider callback|provider confirmed after our timeout)(?:: (\w+))?$/))) {
    const source = { "provider callback": n.providerCallback, "provider answered a status check": n.providerStatusCheck, "provider confirmed after our timeout": n.providerLate }[match[1]] ?? n.providerAnswered;
    return match[2] ? `${source} — ${failureLabel(match[2], locale)}` : source;
  }
  return locale === "en" ? note : null;
}

const DELIVERY_ERRORS_FR: Record<string, string> = {
  "Connection refused.": "Connexion refusée.",
  "Connection reset by the receiver.": "Connexion interrompue par le destinataire.",
  "Host unreachable.": "Hôte injoignable.",
  "Network unreachable.": "Réseau injoignable.",
  "Connection closed by the receiver.": "Connexion fermée par le destinataire.",
  "DNS lookup failed.": "Échec de la résolution DNS.",
  "DNS lookup failed (temporary).": "Échec temporaire de la résolution DNS.",
  "The receiver's answer is not valid HTTP.": "La réponse du destinataire n’est pas du HTTP valide.",
};

/** A webhook delivery's network error (lib/webhooks' English sentences) in the page's language. */
export function deliveryError(error: string | null | undefined, locale: Locale): string {
  if (!error) return "—";
  if (locale === "en") return error;
  const timeout = error.match(/^Timed out after (\d+) ms\.$/);
  if (timeout) return `Délai dépassé après ${timeout[1]} ms.`;
  if (error.startsWith("TLS error")) return `Erreur TLS${error.slice(9)}`;
  return DELIVERY_ERRORS_FR[error] ?? "Erreur réseau.";
}

const CALLS = {
  en: {
    operations: {
      collect: "Payment request",
      "collect.status": "Payment status check",
      "collect.search": "Payment search",
      payout: "Payout request",
      "payout.status": "Payout status check",
      "payout.search": "Payout search",
      "payout.cancel": "Payout cancellation",
      refund: "Refund request",
      "refund.status": "Refund status check",
      "refund.session": "Refund",
      callback: "Operator's notification",
      token: "Sign-in to the operator",
    } as Record<string, string>,
    outcomes: { ok: "Answered", http_error: "Error answer", timeout: "No answer in time", network_error: "Network error" } as Record<string, string>,
  },
  fr: {
    operations: {
      collect: "Demande de paiement",
      "collect.status": "Vérification du paiement",
      "collect.search": "Recherche du paiement",
      payout: "Demande de décaissement",
      "payout.status": "Vérification du décaissement",
      "payout.search": "Recherche du décaissement",
      "payout.cancel": "Annulation du décaissement",
      refund: "Demande de remboursement",
      "refund.status": "Vérification du remboursement",
      "refund.session": "Remboursement",
      callback: "Notification de l’opérateur",
      token: "Connexion à l’opérateur",
    } as Record<string, string>,
    outcomes: { ok: "Répondu", http_error: "Réponse en erreur", timeout: "Pas de réponse à temps", network_error: "Erreur réseau" } as Record<string, string>,
  },
};

/** A call to the operator (lib/connectors' operation names) in words. */
export const operationLabel = (operation: string, locale: Locale) => CALLS[locale].operations[operation] ?? CALLS[locale].operations[operation.split(".")[0]] ?? operation;
/** ok / http_error / timeout / network_error in words. */
export const callOutcomeLabel = (outcome: string, locale: Locale) => CALLS[locale].outcomes[outcome] ?? outcome;

/** The fields of a payout's recipient, sender, wallet and bank account (lib/payouts' schemas), in words. */
const FIELDS: Record<Locale, Record<string, string>> = {
  en: {
    name: "Name", firstName: "First name", lastName: "Last name", phone: "Phone", email: "E-mail", nationality: "Nationality",
    address: "Address", line1: "Street", city: "City", postalCode: "Postal code", country: "Country",
    provider: "Operator", accountNumber: "Account number", swiftBic: "SWIFT/BIC", bankName: "Bank", bankBranch: "Branch",
    bankAddress: "Bank address", bankCode: "Bank code", accountName: "Account holder", dateOfBirth: "Date of birth",
    sourceOfIncome: "Source of income", relationWithRecipient: "Relation to the recipient", identity: "Identity document",
    type: "Type", issuingCountry: "Issued by", issueDate: "Issued on", expiryDate: "Expires on", company: "Company",
    legalForm: "Legal form", businessType: "Business type", countryOfTrade: "Country of trade", currencies: "Currencies",
  },
  fr: {
    name: "Nom", firstName: "Prénom", lastName: "Nom de famille", phone: "Téléphone", email: "E-mail", nationality: "Nationalité",
    address: "Adresse", line1: "Rue", city: "Ville", postalCode: "Code postal", country: "Pays",
    provider: "Opérateur", accountNumber: "Numéro de compte", swiftBic: "SWIFT/BIC", bankName: "Banque", bankBranch: "Agence",
    bankAddress: "Adresse de la banque", bankCode: "Code banque", accountName: "Titulaire du compte", dateOfBirth: "Date de naissance",
    sourceOfIncome: "Origine des fonds", relationWithRecipient: "Lien avec le bénéficiaire", identity: "Pièce d’identité",
    type: "Type", issuingCountry: "Délivrée par", issueDate: "Délivrée le", expiryDate: "Expire le", company: "Entreprise",
    legalForm: "Forme juridique", businessType: "Activité", countryOfTrade: "Pays d’activité", currencies: "Devises",
  },
};

const IDENTITY_TYPES: Record<Locale, Record<string, string>> = {
  en: { passport: "Passport", national_id: "National identity card", driving_license: "Driving licence" },
  fr: { passport: "Passeport", national_id: "Carte nationale d’identité", driving_license: "Permis de conduire" },
};

/** A beneficiary field's label: "Numéro de compte" for accountNumber; an unknown key spelt out. */
export function fieldLabel(key: string, locale: Locale): string {
  return FIELDS[locale][key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

/** A beneficiary field's value in words where it is a code: a country, an operator, a document type. */
export function fieldValue(key: string, value: string, locale: Locale): string {
  if (["country", "nationality", "issuingCountry", "countryOfTrade"].includes(key) && /^[A-Z]{2}$/.test(value)) return countryName(value, locale);
  if (key === "provider") return providerLabel(value, locale);
  if (key === "type" && IDENTITY_TYPES[locale][value]) return IDENTITY_TYPES[locale][value];
  return value;
}

/** lib/payouts' queue note (English) in words. */
export function queuedReasonLabel(reason: string, locale: Locale): string {
  if (locale === "en") return reason;
  return reason.startsWith("The provider is temporarily unavailable") ? "L’opérateur est momentanément indisponible : le décaissement partira dès son retour." : "En attente de l’opérateur.";
}
