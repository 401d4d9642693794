import type { Locale } from "./locale";

/**
 * Every word the customer reads on the hosted checkout, in French and English. Failure codes
 * (docs/design/order-lifecycle.md) get a human sentence saying what happened and what to do next; an unknown code
 * falls back to a generic sentence rather than showing a machine code.
 */
export const FAILURE_CODES = ["insufficient_funds", "user_cancelled", "timeout", "provider_error", "invalid_phone"] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

const FAILURES: Record<Locale, Record<FailureCode | "unknown", string>> = {
  fr: {
    insufficient_funds: "Le solde de votre compte est insuffisant. Rechargez-le ou payez avec un autre moyen.",
    user_cancelled: "Vous avez refusé le paiement sur votre téléphone. Aucun montant n’a été débité.",
    timeout: "Le paiement n’a pas été validé à temps. Aucun montant n’a été débité.",
    provider_error: "L’opérateur n’a pas pu traiter le paiement. Réessayez ou choisissez un autre moyen.",
    invalid_phone: "Ce numéro n’est pas un compte valide pour cet opérateur. Vérifiez le numéro ou l’opérateur.",
    unknown: "Le paiement n’a pas abouti. Aucun montant n’a été débité.",
  },
  en: {
    insufficient_funds: "Your account balance is too low. Top it up or pay with another method.",
    user_cancelled: "You declined the payment on your phone. Nothing was taken from your account.",
    timeout: "The payment was not approved in time. Nothing was taken from your account.",
    provider_error: "The operator could not process the payment. Try again or choose another method.",
    invalid_phone: "This number is not a valid account for this operator. Check the number or the operator.",
    unknown: "The payment did not go through. Nothing was taken from your account.",
  },
};

export function failureMessage(errorCode: string | null | undefined, locale: Locale): string {
  const table = FAILURES[locale];
  return errorCode && Object.hasOwn(table, errorCode) ? table[errorCode as FailureCode] : table.unknown;
}

/** What to do on the phone, per operator where we know its flow; a general sentence otherwise. */
const HINTS: Record<Locale, Record<string, string>> = {
  fr: {
    wave: "Ouvrez l’application Wave et validez le paiement.",
    orange: "Une demande Orange Money s’affiche sur votre téléphone : saisissez votre code secret pour valider.",
    mtn: "Une demande MTN MoMo s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    moov: "Une demande Moov Money s’affiche sur votre téléphone : saisissez votre code secret pour valider.",
    airtel: "Une demande Airtel Money s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    free: "Une demande Free Money s’affiche sur votre téléphone : saisissez votre code secret pour valider.",
    mpesa: "Une demande M-Pesa s’affiche sur votre téléphone : saisissez votre code PIN M-Pesa pour valider.",
    mixx: "Une demande Mixx by Yas s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    halotel: "Une demande HaloPesa s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    zamtel: "Une demande Zamtel Kwacha s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    telecel: "Une demande Telecel Cash s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    at: "Une demande AT Money s’affiche sur votre téléphone : saisissez votre code PIN pour valider.",
    default: "Une demande de paiement s’affiche sur votre téléphone : validez-la avec votre code secret.",
  },
  en: {
    wave: "Open the Wave app and approve the payment.",
    orange: "An Orange Money request appears on your phone: enter your secret code to approve it.",
    mtn: "An MTN MoMo request appears on your phone: enter your PIN to approve it.",
    moov: "A Moov Money request appears on your phone: enter your secret code to approve it.",
    airtel: "An Airtel Money request appears on your phone: enter your PIN to approve it.",
    free: "A Free Money request appears on your phone: enter your secret code to approve it.",
    mpesa: "An M-Pesa request appears on your phone: enter your M-Pesa PIN to approve it.",
    mixx: "A Mixx by Yas request appears on your phone: enter your PIN to approve it.",
    halotel: "A HaloPesa request appears on your phone: enter your PIN to approve it.",
    zamtel: "A Zamtel Kwacha request appears on your phone: enter your PIN to approve it.",
    telecel: "A Telecel Cash request appears on your phone: enter your PIN to approve it.",
    at: "An AT Money request appears on your phone: enter your PIN to approve it.",
    default: "A payment request appears on your phone: approve it with your secret code.",
  },
};

export function operatorHint(provider: string | null | undefined, locale: Locale): string {
  const table = HINTS[locale];
  return provider && Object.hasOwn(table, provider) ? table[provider] : table.default;
}

/** Problems with what the customer typed or chose, shown next to the field. */
export type FormErrorKey =
  | "method_required"
  | "method_unavailable"
  | "amount_out_of_bounds"
  | "phone_required"
  | "phone_digits"
  | "phone_prefix"
  | "phone_length"
  | "phone_invalid"
  | "phone_operator"
  | "expired"
  | "not_payable";

export type FormErrorParams = { prefix?: string; length?: number; got?: number; operator?: string; method?: string };

const FORM_ERRORS: Record<Locale, Record<FormErrorKey, (p: FormErrorParams) => string>> = {
  fr: {
    method_required: () => "Choisissez un moyen de paiement.",
    method_unavailable: () => "Ce moyen de paiement n’est pas disponible pour ce paiement. Choisissez-en un autre.",
    amount_out_of_bounds: () => "Ce moyen de paiement n’accepte pas ce montant. Choisissez-en un autre.",
    phone_required: () => "Saisissez votre numéro de téléphone.",
    phone_digits: () => "Le numéro ne doit contenir que des chiffres.",
    phone_prefix: (p) => `Le numéro doit commencer par ${p.prefix}.`,
    phone_length: (p) => `Le numéro doit comporter ${p.length} chiffres après ${p.prefix}${p.got === undefined ? "" : ` (vous en avez saisi ${p.got})`}.`,
    phone_invalid: () => "Ce numéro de téléphone n’est pas valide.",
    phone_operator: (p) =>
      p.operator && p.method
        ? `Ce numéro est chez ${p.operator}, pas chez ${p.method}. Choisissez le moyen de paiement de votre opérateur ou un autre numéro.`
        : "Ce numéro n’est pas chez l’opérateur choisi. Choisissez le moyen de paiement de votre opérateur ou un autre numéro.",
    expired: () => "Ce paiement a expiré : il ne peut plus être payé.",
    not_payable: () => "Ce paiement ne peut plus être modifié.",
  },
  en: {
    method_required: () => "Choose a payment method.",
    method_unavailable: () => "This payment method is not available for this payment. Choose another one.",
    amount_out_of_bounds: () => "This payment method does not accept this amount. Choose another one.",
    phone_required: () => "Enter your phone number.",
    phone_digits: () => "The number may contain digits only.",
    phone_prefix: (p) => `The number must start with ${p.prefix}.`,
    phone_length: (p) => `The number must have ${p.length} digits after ${p.prefix}${p.got === undefined ? "" : ` (you typed ${p.got})`}.`,
    phone_invalid: () => "This phone number is not valid.",
    phone_operator: (p) =>
      p.operator && p.method
        ? `This number belongs to ${p.operator}, not ${p.method}. Choose your operator's payment method, or another number.`
        : "This number does not belong to the chosen operator. Choose your operator's payment method, or another number.",
    expired: () => "This payment has expired: it can no longer be paid.",
    not_payable: () => "This payment can no longer be changed.",
  },
};

/** Whether a value (from the page's URL, say) is one of the form errors we have words for. */
export const isFormErrorKey = (value: unknown): value is FormErrorKey => typeof value === "string" && Object.hasOwn(FORM_ERRORS.en, value);

export function formErrorMessage(key: FormErrorKey, locale: Locale, params: FormErrorParams = {}): string {
  return FORM_ERRORS[locale][key](params);
}

/** The page's own words. */
const UI = {
  fr: {
    title: "Paiement",
    payTo: "Paiement à",
    amount: "Montant",
    chooseMethod: "Choisissez votre moyen de paiement",
    phoneLabel: "Numéro de téléphone du compte",
    phoneHelp: (length: number) => `${length} chiffres, sans l’indicatif du pays.`,
    pay: (amount: string) => `Payer ${amount}`,
    cancel: "Annuler le paiement",
    cancelConfirmTitle: "Annuler ce paiement ?",
    cancelConfirmText: "Le marchand sera informé que vous avez abandonné le paiement.",
    cancelConfirm: "Oui, annuler",
    cancelBack: "Non, revenir au paiement",
    waitingTitle: "Validez le paiement sur votre téléphone",
    waitingSubmitted: "Nous envoyons la demande à votre opérateur…",
    waitingProcessing: "Demande envoyée. En attente de votre validation…",
    operatorTitle: "Payez sur la page de votre opérateur",
    operatorText: "Vous allez être redirigé vers la page de paiement de votre opérateur, puis ramené ici.",
    operatorContinue: "Continuer vers le paiement",
    timeLeft: "Temps restant",
    successTitle: "Paiement réussi",
    successText: "Merci ! Votre paiement a bien été reçu.",
    failedTitle: "Le paiement a échoué",
    retryTitle: "Réessayer avec un autre moyen ou un autre numéro",
    cancelledTitle: "Paiement annulé",
    cancelledText: "Vous avez annulé ce paiement. Aucun montant n’a été débité.",
    expiredTitle: "Paiement expiré",
    expiredText: "Le délai pour payer est dépassé : ce paiement ne peut plus être réglé.",
    refundedTitle: "Paiement remboursé",
    refundedText: "Ce paiement a été remboursé.",
    redirecting: "Retour chez le marchand dans {s} s…",
    continue: "Continuer",
    backToMerchant: "Retour chez le marchand",
    closeWindow: "Vous pouvez fermer cette page.",
    reference: "Référence",
    language: "Langue",
    noMethods: "Aucun moyen de paiement n’est disponible pour ce montant. Contactez le marchand.",
    secure: "Paiement sécurisé · environnement de test",
    secureLive: "Paiement sécurisé",
    notFoundTitle: "Lien de paiement introuvable",
    notFoundText: "Ce lien de paiement n’existe pas ou n’est plus valide. Vérifiez le lien reçu du marchand.",
    refusedTitle: "Demande refusée",
    refusedText: "Cette demande n’a pas été envoyée depuis la page de paiement. Revenez à la page et réessayez.",
    errorTitle: "Service momentanément indisponible",
    errorText: "Nous n’avons pas pu traiter votre demande. Aucun montant n’a été débité par cette erreur. Réessayez dans un instant.",
    stuckTitle: "Vous n’avez pas reçu la demande ?",
    stuckText: "Nous vérifions d’abord auprès de votre opérateur où en est la demande envoyée : tant qu’il peut encore la valider, nous n’en envoyons pas une autre, pour que vous ne payiez jamais deux fois.",
    stuckResend: "Renvoyer la demande",
    stuckOther: "Choisir un autre moyen de paiement",
    stuckCancel: "Annuler le paiement",
    stuckOpen: "Votre opérateur a toujours la demande en cours : elle peut encore s’afficher ou être validée depuis le menu de votre compte mobile. Nous ne pouvons pas en envoyer une autre avant sa réponse (vous risqueriez de payer deux fois). Dès qu’il la refuse ou qu’elle expire, vous pourrez réessayer ici.",
    checkAgain: "Vérifier à nouveau",
    merchant: "Marchand",
    date: "Date",
    operatorReference: "Référence opérateur",
    transaction: "Transaction",
    backToPayment: "Revenir au paiement",
    linkAgain: "Recommencer le paiement",
    promptSentTo: "Demande envoyée au",
    ussdFallback: (code: string) => `Rien ne s’affiche ? Composez ${code} sur ce téléphone et validez le paiement en attente dans le menu.`,
    qrTitle: "Sur un ordinateur ? Scannez ce code avec l’appareil photo de votre téléphone pour payer avec Wave.",
    qrLabel: "Code QR de la page de paiement Wave",
    paidWith: "Payé avec",
    timeZoneNote: (zone: string) => `heure locale (${zone})`,
    contactTitle: "Une question sur ce paiement ?",
    contactText: (merchant: string) => `Contactez ${merchant} :`,
    contactPhone: "Téléphone :",
    contactEmail: "E-mail :",
    expiredContact: "Le délai pour payer est dépassé. Pour un nouveau lien de paiement, contactez le marchand (coordonnées ci-dessous).",
    expiredLink: "Le délai pour payer est dépassé. Vous pouvez recommencer depuis la page du lien de paiement.",
    expiredBack: "Le délai pour payer est dépassé. Retournez chez le marchand pour recommencer.",
  },
  en: {
    title: "Payment",
    payTo: "Pay",
    amount: "Amount",
    chooseMethod: "Choose how to pay",
    phoneLabel: "Phone number of the account",
    phoneHelp: (length: number) => `${length} digits, without the country code.`,
    pay: (amount: string) => `Pay ${amount}`,
    cancel: "Cancel payment",
    cancelConfirmTitle: "Cancel this payment?",
    cancelConfirmText: "The merchant will be told that you abandoned the payment.",
    cancelConfirm: "Yes, cancel",
    cancelBack: "No, back to the payment",
    waitingTitle: "Approve the payment on your phone",
    waitingSubmitted: "Sending the request to your operator…",
    waitingProcessing: "Request sent. Waiting for your approval…",
    operatorTitle: "Pay on your operator's page",
    operatorText: "You are being sent to your operator's payment page, then brought back here.",
    operatorContinue: "Continue to payment",
    timeLeft: "Time left",
    successTitle: "Payment successful",
    successText: "Thank you! Your payment was received.",
    failedTitle: "The payment failed",
    retryTitle: "Try again with another method or number",
    cancelledTitle: "Payment cancelled",
    cancelledText: "You cancelled this payment. Nothing was taken from your account.",
    expiredTitle: "Payment expired",
    expiredText: "The time to pay has run out: this payment can no longer be made.",
    refundedTitle: "Payment refunded",
    refundedText: "This payment was refunded.",
    redirecting: "Returning to the merchant in {s} s…",
    continue: "Continue",
    backToMerchant: "Back to the merchant",
    closeWindow: "You can close this page.",
    reference: "Reference",
    language: "Language",
    noMethods: "No payment method is available for this amount. Please contact the merchant.",
    secure: "Secure payment · test environment",
    secureLive: "Secure payment",
    notFoundTitle: "Payment link not found",
    notFoundText: "This payment link does not exist or is no longer valid. Check the link the merchant sent you.",
    refusedTitle: "Request refused",
    refusedText: "This request did not come from the payment page. Go back to the page and try again.",
    errorTitle: "Temporarily unavailable",
    errorText: "We could not process your request. This error took no money from your account. Please try again in a moment.",
    stuckTitle: "Did not get the prompt?",
    stuckText: "We first ask your operator where the request we sent stands: while it can still be approved we do not send another one, so you never pay twice.",
    stuckResend: "Resend the prompt",
    stuckOther: "Choose another method",
    stuckCancel: "Cancel the payment",
    stuckOpen: "Your operator still holds the request: it may still appear, or you can approve it from your mobile-money menu. We cannot send another one until the operator answers (you could pay twice). As soon as it is refused or expires, you can try again here.",
    checkAgain: "Check again",
    merchant: "Merchant",
    date: "Date",
    operatorReference: "Operator reference",
    transaction: "Transaction",
    backToPayment: "Back to the payment",
    linkAgain: "Start the payment again",
    promptSentTo: "Request sent to",
    ussdFallback: (code: string) => `Nothing on your screen? Dial ${code} on this phone and approve the waiting payment in the menu.`,
    qrTitle: "On a computer? Scan this code with your phone's camera to pay with Wave.",
    qrLabel: "QR code of the Wave payment page",
    paidWith: "Paid with",
    timeZoneNote: (zone: string) => `local time (${zone})`,
    contactTitle: "A question about this payment?",
    contactText: (merchant: string) => `Contact ${merchant}:`,
    contactPhone: "Phone:",
    contactEmail: "E-mail:",
    expiredContact: "The time to pay has run out. For a new payment link, contact the merchant (details below).",
    expiredLink: "The time to pay has run out. You can start again from the payment link's page.",
    expiredBack: "The time to pay has run out. Go back to the merchant to start again.",
  },
} as const;

export type UiText = (typeof UI)["en"];
export const uiText = (locale: Locale): UiText => UI[locale] as UiText;
