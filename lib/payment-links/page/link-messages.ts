import { formErrorMessage, isFormErrorKey } from "@/lib/checkout/messages";
import type { Locale } from "@/lib/checkout/locale";
import type { LinkClosedReason, LinkFormErrorKey } from "../pay-through-link";

/**
 * Every word of a payment link's first step (/pay/<slug>) in French and English. The phone
 * number's refusals are the hosted checkout's own sentences (lib/checkout/messages.ts), so the
 * customer reads the same words on both steps.
 */
const UI = {
  fr: {
    title: "Paiement",
    payTo: "Paiement à",
    step: "Étape 1 sur 2 : vos informations",
    amount: "Montant",
    amountIn: (currency: string) => `Montant (${currency})`,
    amountHelp: (min: string, max: string) => `De ${min} à ${max}.`,
    amountWhole: "Sans centimes.",
    country: "Pays",
    chooseCountry: "Choisissez votre pays",
    name: "Nom complet",
    phone: "Numéro de téléphone",
    phoneHelp: (length: number) => `${length} chiffres, sans l’indicatif du pays. Il sera proposé pour le paiement.`,
    phoneHelpAny: "Avec l’indicatif du pays (par exemple +221 77 000 00 00).",
    email: "E-mail",
    optional: "(facultatif)",
    continue: "Continuer vers le paiement",
    pay: (amount: string) => `Payer ${amount}`,
    secure: "Paiement sécurisé · environnement de test",
    secureLive: "Paiement sécurisé",
    language: "Langue",
    summary: "Corrigez les champs signalés.",
    closed: {
      deactivated: ["Ce lien de paiement n’est plus actif", "Le marchand l’a désactivé : il n’accepte plus de paiement."],
      expired: ["Ce lien de paiement a expiré", "La date limite fixée par le marchand est passée : il n’accepte plus de paiement."],
      completed: ["Ce lien n’accepte plus de paiement", "Le nombre maximum de paiements fixé par le marchand est atteint."],
      full: ["Toutes les places sont en cours de paiement", "D’autres clients sont en train de payer les dernières places. Si l’un d’eux abandonne, une place se libère : réessayez dans quelques minutes."],
    } as Record<LinkClosedReason, [string, string]>,
    closedContact: "Pour payer autrement ou obtenir un nouveau lien, contactez le marchand (coordonnées ci-dessous).",
    expiresOn: (date: string) => `Lien valable jusqu’au ${date}.`,
    notFoundTitle: "Lien de paiement introuvable",
    notFoundText: "Ce lien de paiement n’existe pas. Vérifiez le lien reçu du marchand.",
    rateLimitedTitle: "Trop de tentatives",
    rateLimitedText: "Trop de paiements ont été commencés en peu de temps. Patientez une minute puis réessayez.",
    backToForm: "Revenir au formulaire",
    refusedTitle: "Demande refusée",
    refusedText: "Cette demande n’a pas été envoyée depuis la page de paiement. Revenez à la page et réessayez.",
    errorTitle: "Service momentanément indisponible",
    errorText: "Nous n’avons pas pu traiter votre demande. Aucun montant n’a été débité. Réessayez dans un instant.",
    tryAgain: "Réessayer",
  },
  en: {
    title: "Payment",
    payTo: "Pay",
    step: "Step 1 of 2: your details",
    amount: "Amount",
    amountIn: (currency: string) => `Amount (${currency})`,
    amountHelp: (min: string, max: string) => `From ${min} to ${max}.`,
    amountWhole: "Whole amounts only, no cents.",
    country: "Country",
    chooseCountry: "Choose your country",
    name: "Full name",
    phone: "Phone number",
    phoneHelp: (length: number) => `${length} digits, without the country code. It is offered for the payment.`,
    phoneHelpAny: "With the country code (for example +221 77 000 00 00).",
    email: "E-mail",
    optional: "(optional)",
    continue: "Continue to payment",
    pay: (amount: string) => `Pay ${amount}`,
    secure: "Secure payment · test environment",
    secureLive: "Secure payment",
    language: "Language",
    summary: "Please correct the highlighted fields.",
    closed: {
      deactivated: ["This payment link is no longer active", "The merchant has switched it off: it takes no more payments."],
      expired: ["This payment link has expired", "The merchant's deadline has passed: it takes no more payments."],
      completed: ["This link takes no more payments", "The merchant's maximum number of payments has been reached."],
      full: ["Every place is being paid for", "Other customers are paying for the last places. If one of them gives up, a place frees up: try again in a few minutes."],
    } as Record<LinkClosedReason, [string, string]>,
    closedContact: "To pay another way or get a new link, contact the merchant (details below).",
    expiresOn: (date: string) => `Link valid until ${date}.`,
    notFoundTitle: "Payment link not found",
    notFoundText: "This payment link does not exist. Check the link the merchant sent you.",
    rateLimitedTitle: "Too many attempts",
    rateLimitedText: "Too many payments were started in a short time. Wait a minute and try again.",
    backToForm: "Back to the form",
    refusedTitle: "Request refused",
    refusedText: "This request did not come from the payment page. Go back to the page and try again.",
    errorTitle: "Temporarily unavailable",
    errorText: "We could not process your request. No money was taken. Please try again in a moment.",
    tryAgain: "Try again",
  },
};

export type LinkText = (typeof UI)["en"];
export const linkText = (locale: Locale): LinkText => UI[locale];

type Params = Record<string, string | number | undefined>;

const ERRORS: Record<Locale, Record<Exclude<LinkFormErrorKey, Parameters<typeof formErrorMessage>[0]>, (p: Params) => string>> = {
  fr: {
    amount_required: () => "Indiquez le montant.",
    amount_invalid: () => "Indiquez un montant comme 5000, 5 000 ou 12,50.",
    amount_whole: () => "Indiquez un montant sans centimes : ce moyen de paiement ne les accepte pas.",
    amount_below: (p) => `Le montant minimum est ${p.min}.`,
    amount_above: (p) => `Le montant maximum est ${p.max}.`,
    country_required: () => "Choisissez votre pays.",
    name_required: () => "Indiquez votre nom.",
    text_too_long: (p) => `Utilisez au plus ${p.max} caractères.`,
    email_required: () => "Indiquez votre adresse e-mail.",
    email_invalid: () => "Indiquez une adresse e-mail valide, par exemple awa@exemple.sn.",
    custom_required: () => "Ce champ est obligatoire.",
    form_stale: () => "Cette page n’était plus à jour. Vérifiez vos informations puis envoyez à nouveau.",
  },
  en: {
    amount_required: () => "Enter the amount.",
    amount_invalid: () => "Enter an amount such as 5000, 5 000 or 12.50.",
    amount_whole: () => "Enter a whole amount, without cents: this payment method does not take them.",
    amount_below: (p) => `The smallest amount is ${p.min}.`,
    amount_above: (p) => `The largest amount is ${p.max}.`,
    country_required: () => "Choose your country.",
    name_required: () => "Enter your name.",
    text_too_long: (p) => `Use at most ${p.max} characters.`,
    email_required: () => "Enter your e-mail address.",
    email_invalid: () => "Enter a valid e-mail address, such as awa@example.sn.",
    custom_required: () => "This field is required.",
    form_stale: () => "This page was out of date. Check your details and send them again.",
  },
};

/** A field's refusal in the customer's language; amounts in `params` are already formatted for display. */
export function linkErrorMessage(key: LinkFormErrorKey, locale: Locale, params: Params = {}): string {
  if (isFormErrorKey(key)) return formErrorMessage(key, locale, params as Parameters<typeof formErrorMessage>[2]);
  return ERRORS[locale][key as keyof (typeof ERRORS)["en"]](params);
}
