import type { Locale } from "./i18n";

/**
 * The words of the empty states that tell a new merchant what to do next (first payment, first
 * payout, test numbers, where the keys are), apart from i18n.ts like i18n-team.ts. Same rule:
 * every key in both languages. The sandbox outcomes themselves come from the simulator
 * (lib/dashboard/getting-started.ts); `outcomes` only says them in French, keyed by direction
 * and reason, with the simulator's English message as the English text.
 */
const en = {
  payments: {
    title: "Make your first sandbox payment",
    titleLive: "Make your first payment",
    intro: "No payment yet. Send the request below from your server or a terminal: the sandbox approves it by itself and the payment shows up here a few seconds later.",
    introLive: "No payment yet. This request, with your live key and your customer's real number, collects real money.",
    keyStep: "Your API key",
    keyText: "Every request carries the header X-API-Key: your public key, a colon, then your secret key. Put it in a variable first:",
    keyOnce: "The secret key was shown only once, when the pair was created (at sign-up or a rotation), and cannot be shown again. Did not keep it? Rotate the keys to get a new pair.",
    keysLink: "API keys: your public key, rotation",
    keysAsk: "Your role cannot see the keys: ask an owner or a developer of this account.",
    secretPlaceholder: "YOUR_SECRET_KEY",
    copyKey: "Copy the key line",
    copyRequest: "Copy the payment request",
    requestStep: "Send a payment",
    requestHelp: "externalReference is your own order number: use a new one for each payment, or the request is refused as a duplicate.",
    followStep: "Follow it",
    followText: "Reload this page: the payment is listed; its page shows the status timeline and the webhook attempts. To be told of every change, set a webhook URL.",
    webhooksLink: "Webhooks",
  },
  testNumbers: {
    title: "Sandbox test numbers",
    intro: "The last two digits of the phone number (or bank account number) decide what the sandbox does. Any other ending succeeds about {s} s after the request.",
    endsIn: "Number ends in",
    payment: "Payment",
    payout: "Payout",
    succeeds: "Succeeds",
    noAnswer: "Never answered: stays processing",
    reversed: "Paid, then returned by the operator: success, then reversed (payout.reversed), the amount back in your balance, fees not refunded",
    refunds: "Refunds go back to the payer's number, so for them the last two digits of the refunded amount in minor units decide, from the payout column.",
  },
  payouts: {
    title: "Send your first sandbox payout",
    titleLive: "Send your first payout",
    intro: "No payout yet. A payout is paid from your balance: add test funds first, then ask for a quote and send the payout of that quote.",
    introLive: "No payout yet. A payout is paid from your balance: ask for a quote, then send the payout of that quote.",
    fundsStep: "Add test funds",
    fundsLink: "Balances: add test funds",
    quoteStep: "Ask for a quote",
    quoteHelp: "The answer holds the quoteId, the fees and what the recipient receives.",
    initiateStep: "Send the payout of that quote",
    initiateHelp: "Replace QUOTE_ID with the quoteId of the answer. The key is the same $API_KEY as for payments (see the Payments page).",
    copyQuote: "Copy the quote request",
    copyInitiate: "Copy the payout request",
  },
  webhooks: {
    none: "No webhook event yet. An event is sent for every status change of a payment, payout or refund, to the URL above (or to the transaction's own callbackUrl), signed with the secret above.",
    next: "Make a sandbox payment to get your first one:",
    paymentsLink: "Payments: your first sandbox payment",
    docsLink: "Webhook events and signatures (API reference)",
  },
  refunds: {
    sandbox: "In the sandbox, the last two digits of the refunded amount in minor units decide the refund's outcome, as for a payout to a number ending in those digits:",
    testNumbersLink: "sandbox test numbers",
  },
  keys: {
    title: "Using your keys",
    text: "Send X-API-Key: <public key>:<secret key> with every request. The secret key is shown once, when a pair is created (at sign-up or rotation); we keep only its hash, so it cannot be shown again. Lost it? Rotate the keys below.",
    firstPayment: "Your first payment: the request to copy",
    docs: "API reference",
  },
  overview: {
    next: "Next: make your first sandbox payment",
    nextLive: "Next: make your first payment",
  },
  /** Only French needs these: English shows the simulator's own message. */
  outcomes: {} as Record<string, string>,
};

export type OnboardingMessages = typeof en;

const fr: OnboardingMessages = {
  payments: {
    title: "Faites votre premier paiement sandbox",
    titleLive: "Faites votre premier paiement",
    intro: "Aucun paiement pour l’instant. Envoyez la requête ci-dessous depuis votre serveur ou un terminal : la sandbox l’approuve d’elle-même et le paiement apparaît ici quelques secondes plus tard.",
    introLive: "Aucun paiement pour l’instant. Cette requête, avec votre clé live et le vrai numéro de votre client, encaisse de l’argent réel.",
    keyStep: "Votre clé API",
    keyText: "Chaque requête porte l’en-tête X-API-Key : votre clé publique, deux-points, puis votre clé secrète. Mettez-la d’abord dans une variable :",
    keyOnce: "La clé secrète n’a été affichée qu’une fois, à la création de la paire (à l’inscription ou lors d’un renouvellement), et ne peut plus l’être. Vous ne l’avez pas gardée ? Renouvelez les clés pour obtenir une nouvelle paire.",
    keysLink: "Clés API : votre clé publique, renouvellement",
    keysAsk: "Votre rôle ne permet pas de voir les clés : demandez-les à un propriétaire ou à un développeur de ce compte.",
    secretPlaceholder: "VOTRE_CLE_SECRETE",
    copyKey: "Copier la ligne de la clé",
    copyRequest: "Copier la demande de paiement",
    requestStep: "Envoyez un paiement",
    requestHelp: "externalReference est votre propre numéro de commande : utilisez-en un nouveau pour chaque paiement, sinon la requête est refusée comme doublon.",
    followStep: "Suivez-le",
    followText: "Rechargez cette page : le paiement y figure ; sa page montre l’historique des statuts et les tentatives d’envoi des webhooks. Pour être prévenu de chaque changement, indiquez une URL de webhook.",
    webhooksLink: "Webhooks",
  },
  testNumbers: {
    title: "Numéros de test de la sandbox",
    intro: "Les deux derniers chiffres du numéro de téléphone (ou du numéro de compte bancaire) décident de ce que fait la sandbox. Toute autre terminaison réussit environ {s} s après la requête.",
    endsIn: "Le numéro finit par",
    payment: "Paiement",
    payout: "Décaissement",
    succeeds: "Réussit",
    noAnswer: "Jamais de réponse : reste en cours",
    reversed: "Payé, puis restitué par l’opérateur : réussi, puis retourné (payout.reversed), le montant de retour dans votre solde, frais non remboursés",
    refunds: "Un remboursement retourne au numéro du payeur : ce sont donc les deux derniers chiffres du montant remboursé, en unités mineures, qui décident, selon la colonne Décaissement.",
  },
  payouts: {
    title: "Envoyez votre premier décaissement sandbox",
    titleLive: "Envoyez votre premier décaissement",
    intro: "Aucun décaissement pour l’instant. Un décaissement est payé depuis votre solde : ajoutez d’abord des fonds de test, puis demandez un devis et envoyez le décaissement de ce devis.",
    introLive: "Aucun décaissement pour l’instant. Un décaissement est payé depuis votre solde : demandez un devis, puis envoyez le décaissement de ce devis.",
    fundsStep: "Ajoutez des fonds de test",
    fundsLink: "Soldes : ajouter des fonds de test",
    quoteStep: "Demandez un devis",
    quoteHelp: "La réponse contient le quoteId, les frais et ce que reçoit le bénéficiaire.",
    initiateStep: "Envoyez le décaissement de ce devis",
    initiateHelp: "Remplacez QUOTE_ID par le quoteId de la réponse. La clé est la même $API_KEY que pour les paiements (voir la page Paiements).",
    copyQuote: "Copier la demande de devis",
    copyInitiate: "Copier la demande de décaissement",
  },
  webhooks: {
    none: "Aucun événement webhook pour l’instant. Un événement est envoyé à chaque changement de statut d’un paiement, d’un décaissement ou d’un remboursement, à l’URL ci-dessus (ou au callbackUrl de la transaction), signé avec le secret ci-dessus.",
    next: "Faites un paiement sandbox pour recevoir le premier :",
    paymentsLink: "Paiements : votre premier paiement sandbox",
    docsLink: "Événements webhook et signatures (référence de l’API)",
  },
  refunds: {
    sandbox: "Dans la sandbox, les deux derniers chiffres du montant remboursé en unités mineures décident de l’issue du remboursement, comme pour un décaissement vers un numéro finissant par ces chiffres :",
    testNumbersLink: "numéros de test de la sandbox",
  },
  keys: {
    title: "Utiliser vos clés",
    text: "Envoyez X-API-Key: <clé publique>:<clé secrète> avec chaque requête. La clé secrète n’est affichée qu’une fois, à la création d’une paire (à l’inscription ou lors d’un renouvellement) ; nous n’en gardons que l’empreinte, elle ne peut donc plus être affichée. Perdue ? Renouvelez les clés ci-dessous.",
    firstPayment: "Votre premier paiement : la requête à copier",
    docs: "Référence de l’API",
  },
  overview: {
    next: "Prochaine étape : faites votre premier paiement sandbox",
    nextLive: "Prochaine étape : faites votre premier paiement",
  },
  outcomes: {
    "collect.insufficient_funds": "Le solde du portefeuille du client est insuffisant.",
    "collect.declined": "Le client a refusé le paiement sur son téléphone.",
    "collect.expired": "Le client n’a pas validé le paiement à temps.",
    "collect.provider_error": "L’opérateur n’a pas pu traiter le paiement.",
    "collect.account_not_found": "Ce numéro n’est pas un portefeuille valide chez cet opérateur.",
    "payout.account_not_found": "Le portefeuille ou le compte du bénéficiaire n’existe pas.",
    "payout.provider_error": "L’opérateur n’a pas pu traiter le décaissement.",
    "payout.account_blocked": "Le compte du bénéficiaire est bloqué.",
    "payout.merchant_balance_insufficient": "Le solde de l’opérateur est insuffisant pour ce décaissement.",
    "payout.limit_exceeded": "Le plafond du compte du bénéficiaire serait dépassé.",
  },
};

export function onboardingMessages(locale: Locale): OnboardingMessages {
  return locale === "fr" ? fr : en;
}
