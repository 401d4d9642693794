import type { Locale } from "./i18n";
import { fieldLabel } from "./i18n-labels";
import { fill } from "./i18n-money";

/**
 * A bulk row's refusal in the dashboard's language (the preview and the batch page). The API's
 * error is English and exact: an English page shows it (a validation error by its fields); a
 * French page says it again from the error's code, its fields and the figures the message holds
 * (a phone's digits, an amount's bounds), never the English sentence. A code without words of its
 * own gets the general one, in French.
 */
export type RowError = { code: string; message: string; details?: { path: string; message: string }[] };

const FR = {
  field: "{field} : {problem}",
  problems: {
    required: "obligatoire",
    country: "doit être un code pays à 2 lettres (ISO 3166-1), par exemple SN",
    option: "valeur non reconnue (attendu : {values})",
    invalid: "valeur non valable",
  },
  phone: {
    required: "un numéro de téléphone est obligatoire",
    e164: "le numéro doit commencer par + et l’indicatif du pays, par exemple {example}",
    digits: "le numéro ne doit contenir que des chiffres après le +",
    tooLong: "le numéro est trop long : 15 chiffres au plus",
    prefix: "le numéro doit commencer par {prefix} pour ce pays, par exemple {example}",
    length: "un numéro de ce pays a {n} chiffres après {prefix} ; celui-ci en a {got}",
    other: "numéro de téléphone non valable",
  },
  codes: {
    invalid_amount: "Montant non valable.",
    amountNumber: "Le montant doit être un nombre (« {got} » n’en est pas un).",
    amountBounds: "Le montant {amount} est hors des limites de ce pays ({min} à {max}).",
    invalid_currency: "Devise non prise en charge : {currency}.",
    invalid_country: "Ce pays n’est pas desservi.",
    provider_unavailable: "Opérateur « {provider} » inconnu ou sans décaissement ici.",
    providerOff: "Cet opérateur ne peut pas recevoir ce décaissement pour l’instant.",
    corridor_unsupported: "Ce pays ou ce type de décaissement n’est pas desservi.",
    purpose_missing: "Un motif est obligatoire pour un décaissement international (colonne purpose, par exemple SALARY).",
    company_missing: "Un décaissement vers une entreprise demande le nom de l’entreprise qui envoie.",
    limit_exceeded: "Montant au-delà de la limite par décaissement ({limit}).",
    limitOther: "Une limite de décaissement est atteinte.",
    insufficient_balance: "Votre solde ne couvre pas cette ligne.",
    shortfall: "Votre solde ne couvre pas cette ligne : il manque {shortfall}.",
    not_found: "Devis {quote} introuvable.",
    notFoundOther: "Introuvable.",
    quote_expired: "Ce devis a expiré : demandez-en un nouveau.",
    quote_already_used: "Ce devis a déjà servi : demandez-en un nouveau.",
    duplicate_reference: "Cette référence est déjà celle de la ligne {line} du fichier : chaque ligne a la sienne.",
    referenceUsed: "Cette référence a déjà servi pour un autre décaissement.",
    other: "Cette ligne est refusée.",
  },
  cells: "la ligne a {cells} cellules, l’en-tête {header}",
};

/** The CSV file's own refusal of a row (more cells than the header), in the page's language. */
export function cellCountError(cells: number, header: number, locale: Locale): string {
  return locale === "fr" ? fill(FR.cells, { cells, header }) : `has ${cells} cells, the header ${header}`;
}

const FIELD_FR: Record<string, string> = {
  amount: "Montant",
  currency: "Devise",
  country: "Pays",
  method: "Méthode",
  "mobileWallet.provider": "Opérateur",
  externalReference: "Référence",
  quoteId: "Devis",
  purpose: "Motif",
  description: "Description",
};

const FIELD_EN: Record<string, string> = {
  amount: "Amount",
  currency: "Currency",
  country: "Country",
  method: "Method",
  "mobileWallet.provider": "Operator",
  externalReference: "Reference",
  quoteId: "Quote",
  purpose: "Purpose",
  description: "Description",
};

/** A refused field by its name in the template's words (not the API's path): "Téléphone", "Phone". */
function fieldName(path: string, locale: Locale): string {
  const local = path.replace(/^(items\.\d+\.|body\.)/, "");
  return (locale === "fr" ? FIELD_FR : FIELD_EN)[local] ?? fieldLabel(local.split(".").at(-1) ?? local, locale);
}
const fieldFr = (path: string) => fieldName(path, "fr");

function phoneFr(message: string): string {
  const t = FR.phone;
  let m: RegExpMatchArray | null;
  if (/required/i.test(message)) return t.required;
  if ((m = message.match(/has (\d+) digits after (\+\d+); this one has (\d+)/))) return fill(t.length, { n: m[1], prefix: m[2], got: m[3] });
  if ((m = message.match(/must start with (\+\d+) .*e\.g\. (\+\d+)/))) return fill(t.prefix, { prefix: m[1], example: m[2] });
  if ((m = message.match(/E\.164 format.*e\.g\. (\+\d+)/))) return fill(t.e164, { example: m[1] });
  if (/only digits/.test(message)) return t.digits;
  if (/too long/.test(message)) return t.tooLong;
  return t.other;
}

function problemFr(path: string, message: string): string {
  const p = FR.problems;
  let m: RegExpMatchArray | null;
  if (/phone/i.test(path)) return phoneFr(message);
  if (/^is required|required/i.test(message)) return p.required;
  if (/ISO 3166-1/.test(message)) return p.country;
  if ((m = message.match(/expected one of (.+)$/))) return fill(p.option, { values: m[1].replace(/"/g, "").split("|").join(", ") });
  return p.invalid;
}

/** The row's error as the English page shows it: the fields' own messages for a validation error. */
function english(e: RowError): string {
  return e.details?.length && e.code === "validation_error" ? e.details.map((d) => `${fieldName(d.path, "en")}: ${d.message}`).join("; ") : e.message;
}

export function bulkRowError(e: RowError, locale: Locale): string {
  if (locale === "en") return english(e);
  const c = FR.codes;
  const msg = e.message;
  let m: RegExpMatchArray | null;
  switch (e.code) {
    case "validation_error":
      if (!e.details?.length) return c.other;
      return e.details.map((d) => fill(FR.field, { field: fieldFr(d.path), problem: problemFr(d.path, d.message) })).join(" ; ");
    case "invalid_phone":
      return fill(FR.field, { field: fieldFr("phone"), problem: phoneFr(msg) });
    case "invalid_amount":
      if ((m = msg.match(/got "([^"]*)"/))) return fill(c.amountNumber, { got: m[1] });
      if ((m = msg.match(/^Amount (\S+ [A-Z]{3}) is outside .*\((\S+ [A-Z]{3}) to (\S+ [A-Z]{3})\)/))) return fill(c.amountBounds, { amount: m[1], min: m[2], max: m[3] });
      return c.invalid_amount;
    case "invalid_currency":
      return (m = msg.match(/:\s*([A-Za-z]{3})\.?$/)) ? fill(c.invalid_currency, { currency: m[1] }) : c.other;
    case "provider_unavailable":
      return (m = msg.match(/Provider "([^"]+)"|provider "([^"]+)"/)) ? fill(c.provider_unavailable, { provider: m[1] ?? m[2] }) : c.providerOff;
    case "limit_exceeded":
      return (m = msg.match(/limit of (\S+ [A-Z]{3})/)) ? fill(c.limit_exceeded, { limit: m[1] }) : c.limitOther;
    case "insufficient_balance":
    case "INSUFFICIENT_BALANCE":
      return (m = msg.match(/shortfall of (\S+ [A-Z]{3})/)) ? fill(c.shortfall, { shortfall: m[1] }) : c.insufficient_balance;
    case "not_found":
      return (m = msg.match(/Quote (\S+) not found/)) ? fill(c.not_found, { quote: m[1] }) : c.notFoundOther;
    case "duplicate_reference":
      // "already item 8 of this request": the file's line is the item's index plus 2 (the header is line 1).
      return (m = msg.match(/already item (\d+)/)) ? fill(c.duplicate_reference, { line: Number(m[1]) + 2 }) : c.referenceUsed;
    case "invalid_country":
    case "corridor_unsupported":
    case "purpose_missing":
    case "company_missing":
    case "quote_expired":
    case "quote_already_used":
      return c[e.code];
    default:
      return c.other;
  }
}
