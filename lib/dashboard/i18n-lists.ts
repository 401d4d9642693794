import type { Locale } from "./i18n";

/**
 * The words of the dashboard's lists (cards on a phone, search, filters, the menu), apart from
 * i18n.ts like i18n-team.ts. Same rule: every key in both languages.
 */
const en = {
  menu: "Menu",
  filters: "Filters",
  search: {
    label: "Search by phone number, name or reference",
    placeholder: "77 123 45 67, Awa Diop, order-42",
    submit: "Search",
    clear: "Clear",
    help: "A whole phone number (as dialled at home, or with +), part of a name, or an exact reference or transaction id.",
    tooShort: "Type at least 2 characters.",
    tooLong: "Type at most 100 characters.",
  },
  views: { label: "Show", collect: "Collections", payout: "Payouts", all: "All" },
  columns: { customer: "Customer", method: "Method", reference: "Reference", id: "ID", created: "Date", direction: "Direction", amount: "Amount", status: "Status" },
  direction: { collect: "Collection", payout: "Payout" },
  results: (n: string) => `${n} results`,
  detail: {
    net: "Net (after fee)",
    description: "Description",
    method: "Method",
    noFee: "No fee: the payment did not go through.",
    why: "Why",
    code: "Code",
    paymentId: "Payment",
    payoutId: "Payout",
    anonymous: "Customer not named",
    to: "to",
    checkoutLink: "Checkout page",
    checkoutHelp: "Not paid yet: send this page to the customer again, they can pay on it until {date}.",
    copy: "Copy the link",
    copied: "Link copied",
    openCheckout: "Open the checkout page",
    fromLink: "Payment link",
  },
  errorPage: {
    title: "Something went wrong",
    text: "This page could not be loaded. Nothing was changed. Try again in a moment.",
    reference: "Reference:",
    retry: "Try again",
  },
  filterErrors: {
    date: "Enter a real date.",
    dateOrder: "The start must not be after the end.",
    page: "This page is past the end of the list: narrow it with the dates.",
    status: "Choose a status from the list.",
    currency: "Choose a supported currency.",
    category: "Choose one of the wallets in the list.",
    other: "This value is not accepted: check it.",
  },
};

export type ListMessages = typeof en;

const fr: ListMessages = {
  menu: "Menu",
  filters: "Filtres",
  search: {
    label: "Rechercher par numéro, nom ou référence",
    placeholder: "77 123 45 67, Awa Diop, commande-42",
    submit: "Rechercher",
    clear: "Effacer",
    help: "Un numéro complet (tel qu’on le compose dans le pays, ou avec +), une partie d’un nom, ou une référence ou un identifiant de transaction exact.",
    tooShort: "Saisissez au moins 2 caractères.",
    tooLong: "Saisissez au plus 100 caractères.",
  },
  views: { label: "Afficher", collect: "Encaissements", payout: "Décaissements", all: "Tout" },
  columns: { customer: "Client", method: "Moyen", reference: "Référence", id: "Identifiant", created: "Date", direction: "Sens", amount: "Montant", status: "Statut" },
  direction: { collect: "Encaissement", payout: "Décaissement" },
  results: (n: string) => `${n} résultats`,
  detail: {
    net: "Net (après frais)",
    description: "Description",
    method: "Moyen",
    noFee: "Pas de frais : le paiement n’a pas abouti.",
    why: "Motif",
    code: "Code",
    paymentId: "Paiement",
    payoutId: "Décaissement",
    anonymous: "Client non nommé",
    to: "à",
    checkoutLink: "Page de paiement",
    checkoutHelp: "Pas encore payé : renvoyez cette page au client, il peut y payer jusqu’au {date}.",
    copy: "Copier le lien",
    copied: "Lien copié",
    openCheckout: "Ouvrir la page de paiement",
    fromLink: "Lien de paiement",
  },
  errorPage: {
    title: "Un problème est survenu",
    text: "Cette page n’a pas pu être chargée. Rien n’a été modifié. Réessayez dans un instant.",
    reference: "Référence :",
    retry: "Réessayer",
  },
  filterErrors: {
    date: "Indiquez une date réelle.",
    dateOrder: "Le début ne doit pas être après la fin.",
    page: "Cette page est au-delà de la fin de la liste : restreignez-la avec les dates.",
    status: "Choisissez un statut de la liste.",
    currency: "Choisissez une devise prise en charge.",
    category: "Choisissez l’un des portefeuilles de la liste.",
    other: "Cette valeur n’est pas acceptée : vérifiez-la.",
  },
};

export function listMessages(locale: Locale): ListMessages {
  return locale === "fr" ? fr : en;
}
