/**
 * Dashboard strings in English and French. The locale comes from the `lang` cookie (the
 * switch), else Accept-Language, else English.
 */
export type Locale = "en" | "fr";
export const LOCALES: Locale[] = ["en", "fr"];

export function pickLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (cookie === "fr" || cookie === "en") return cookie;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.toLowerCase().split("-")[0], q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((x) => x.lang === "fr" || x.lang === "en")
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.lang as Locale | undefined) ?? "en";
}

const en = {
  skip: "Skip to content",
  sandbox: "SANDBOX",
  live: "LIVE",
  nav: { overview: "Overview", payments: "Payments", balances: "Balances", apiKeys: "API keys", webhooks: "Webhooks", verification: "Verification", payouts: "Payouts" },
  logout: "Log out",
  language: "Language",
  login: { title: "Log in", email: "Email", password: "Password", submit: "Log in", wrong: "Wrong email or password.", noAccount: "No account yet?", signup: "Sign up", rateLimited: "Too many attempts. Wait a minute and try again." },
  signup: { title: "Create your account", businessName: "Business name", country: "Country", submit: "Create account", haveAccount: "Already have an account?", login: "Log in", keysTitle: "Your sandbox API keys", keysWarning: "Copy the secret key now: it is shown only once and cannot be retrieved later.", continue: "Go to the dashboard", verifyNext: "Your account is created. Next: tell us about your business so we can verify it and issue live keys.", verifyCta: "Continue to verification" },
  publicKey: "Public key",
  secretKey: "Secret key",
  copy: "Copy",
  copied: "Copied",
  overview: { title: "Overview", balances: "Balances", volume: "Collected volume, last 30 days", noVolume: "No successful payment or payout in the last 30 days.", total: "Total", payments: "payments", volumes: "Collected and paid-out volume, last 30 days", collected: "Collected", paidOut: "Paid out", paidOutVolume: "Paid-out volume, last 30 days" },
  categories: { collect: "Collect", payout: "Payout", credit: "Credit" },
  available: "Available",
  pending: "Pending",
  currency: "Currency",
  payments: { title: "Payments", status: "Status", provider: "Provider", from: "From", to: "To", reference: "Reference", any: "Any", filter: "Filter", reset: "Reset", amount: "Amount", created: "Created", id: "Transaction", none: "No payment matches these filters.", previous: "Previous", next: "Next", page: "Page", of: "of", results: "results" },
  payment: { title: "Payment", timeline: "Status timeline", webhooks: "Webhook events", attempts: "Attempts", attempt: "Attempt", statusCode: "Status code", duration: "Duration", noWebhooks: "No webhook event for this payment.", noAttempts: "No delivery attempt yet.", resend: "Resend", customer: "Customer", phone: "Phone", fee: "Fee", error: "Error", back: "All payments", event: "Event", reason: "Reason", at: "At", from: "From", to: "To" },
  keys: { title: "API keys", current: "Current key pair", expiring: "Previous key pair", validFor: "still valid for", hours: "h", minutes: "min", rotate: "Rotate keys", rotateConfirm: "Rotating creates a new key pair. The current pair keeps working for {hours} hours, then stops with 401. Rotate now?", confirm: "Yes, rotate", cancel: "Cancel", newSecret: "New secret key: copy it now, it is shown only once.", audit: "Audit log", action: "Action", actor: "By", when: "When", noKeys: "No key pair yet: live keys are issued once your account is verified.", secretHint: "Secret key" },
  balances: { title: "Balances", mode: "Balance mode", unified: "Unified: payouts draw on collect", separate: "Separate: payouts draw on the payout wallet", save: "Save", addFunds: "Add test funds", amount: "Amount", wallet: "Wallet", add: "Add funds", move: "Move funds from collect to payout", moveSubmit: "Move", funded: "Test funds added.", moved: "Funds moved.", saved: "Saved." },
  webhooks: { title: "Webhooks", url: "Default webhook URL", urlHelp: "Events are POSTed here unless a transaction has its own callbackUrl. Leave empty to remove.", save: "Save URL", saved: "Saved.", state: "State", enabled: "Enabled", disabled: "Disabled (the URL answered 410 Gone)", notConfigured: "No URL configured", enable: "Re-enable", secret: "Signing secret", reveal: "Reveal secret", rotate: "Rotate secret", rotateConfirm: "A new signing secret replaces the current one. The current secret keeps signing too (a second signature) for {hours} hours. Rotate now?", confirm: "Yes, rotate", cancel: "Cancel", newSecret: "New signing secret:", previousUntil: "The previous secret signs until", log: "Delivery log", event: "Event", transaction: "Transaction", lastStatus: "Last status code", duration: "Duration", attempts: "Attempts", none: "No webhook event yet.", resend: "Resend" },
  verification: { title: "Verification", intro: "Tell us about your business. Live keys are issued once an operator has verified these details.", legalName: "Registered business name", registrationNumber: "Registration number (RCCM / NINEA)", address: "Business address", website: "Website (optional)", ownerName: "Owner's full name", ownerId: "Owner's ID document number", submit: "Send for verification", sent: "Sent. We will review your details; your live keys will appear on the API keys page once verified.", statusLabel: "Verification status", statuses: { unverified: "Not sent", pending: "Under review", verified: "Verified", rejected: "Rejected" } as Record<string, string> },
  payouts: { title: "Payouts", id: "Payout", recipient: "Recipient", none: "No payout matches these filters." },
  payout: { title: "Payout", back: "All payouts", quote: "Quote", quoteId: "Quote ID", amount: "Amount sent", fees: "Fees", feesBilled: "Fees billed", billedRate: "billing rate", fx: "Exchange", fxRate: "Rate", spread: "spread", destinationAmount: "Amount received", debit: "Debited", conversionRate: "Conversion rate", fxTopUp: "FX top-up", topUpFrom: "Converted", parity: "fixed parity", beneficiary: "Beneficiary", recipient: "Recipient", mobileWallet: "Mobile wallet", bankAccount: "Bank account", correspondentBank: "Correspondent bank", sender: "Sender", purpose: "Purpose", method: "Method", type: "Type", country: "Destination country", providerReference: "Provider reference", description: "Description", completed: "Completed", cancel: "Cancel payout", cancelHelp: "A pending payout has not been sent to the provider yet: cancelling releases the whole amount held, fees included.", cancelled: "Payout cancelled.", noWebhooks: "No webhook event for this payout." },
  status: { pending: "Pending", processing: "Processing", success: "Success", failed: "Failed", cancelled: "Cancelled", expired: "Expired", refunded: "Refunded", delivered: "Delivered" } as Record<string, string>,
  notFound: "Not found",
  notFoundText: "This page does not exist, or it belongs to another account.",
};

export type Messages = typeof en;

const fr: Messages = {
  skip: "Aller au contenu",
  sandbox: "SANDBOX",
  live: "LIVE",
  nav: { overview: "Vue d’ensemble", payments: "Paiements", balances: "Soldes", apiKeys: "Clés API", webhooks: "Webhooks", verification: "Vérification", payouts: "Décaissements" },
  logout: "Se déconnecter",
  language: "Langue",
  login: { title: "Connexion", email: "E-mail", password: "Mot de passe", submit: "Se connecter", wrong: "E-mail ou mot de passe incorrect.", noAccount: "Pas encore de compte ?", signup: "Créer un compte", rateLimited: "Trop de tentatives. Patientez une minute puis réessayez." },
  signup: { title: "Créer votre compte", businessName: "Nom de l’entreprise", country: "Pays", submit: "Créer le compte", haveAccount: "Déjà un compte ?", login: "Se connecter", keysTitle: "Vos clés API sandbox", keysWarning: "Copiez la clé secrète maintenant : elle n’est affichée qu’une seule fois.", continue: "Aller au tableau de bord", verifyNext: "Votre compte est créé. Étape suivante : présentez votre entreprise pour que nous la vérifiions et émettions vos clés live.", verifyCta: "Continuer vers la vérification" },
  publicKey: "Clé publique",
  secretKey: "Clé secrète",
  copy: "Copier",
  copied: "Copié",
  overview: { title: "Vue d’ensemble", balances: "Soldes", volume: "Volume encaissé, 30 derniers jours", noVolume: "Aucun paiement ni décaissement réussi ces 30 derniers jours.", total: "Total", payments: "paiements", volumes: "Volume encaissé et décaissé, 30 derniers jours", collected: "Encaissé", paidOut: "Décaissé", paidOutVolume: "Volume décaissé, 30 derniers jours" },
  categories: { collect: "Encaissement", payout: "Décaissement", credit: "Crédit" },
  available: "Disponible",
  pending: "En attente",
  currency: "Devise",
  payments: { title: "Paiements", status: "Statut", provider: "Opérateur", from: "Du", to: "Au", reference: "Référence", any: "Tous", filter: "Filtrer", reset: "Réinitialiser", amount: "Montant", created: "Créé le", id: "Transaction", none: "Aucun paiement ne correspond à ces filtres.", previous: "Précédent", next: "Suivant", page: "Page", of: "sur", results: "résultats" },
  payment: { title: "Paiement", timeline: "Historique des statuts", webhooks: "Événements webhook", attempts: "Tentatives", attempt: "Tentative", statusCode: "Code HTTP", duration: "Durée", noWebhooks: "Aucun événement webhook pour ce paiement.", noAttempts: "Aucune tentative d’envoi pour l’instant.", resend: "Renvoyer", customer: "Client", phone: "Téléphone", fee: "Frais", error: "Erreur", back: "Tous les paiements", event: "Événement", reason: "Motif", at: "Date", from: "De", to: "À" },
  keys: { title: "Clés API", current: "Paire de clés actuelle", expiring: "Paire de clés précédente", validFor: "encore valable", hours: "h", minutes: "min", rotate: "Renouveler les clés", rotateConfirm: "Le renouvellement crée une nouvelle paire de clés. La paire actuelle reste valable {hours} heures, puis renvoie 401. Renouveler maintenant ?", confirm: "Oui, renouveler", cancel: "Annuler", newSecret: "Nouvelle clé secrète : copiez-la maintenant, elle n’est affichée qu’une fois.", audit: "Journal d’audit", action: "Action", actor: "Par", when: "Quand", noKeys: "Pas encore de clés : les clés live sont émises après la vérification de votre compte.", secretHint: "Clé secrète" },
  balances: { title: "Soldes", mode: "Mode de solde", unified: "Unifié : les décaissements utilisent l’encaissement", separate: "Séparé : les décaissements utilisent le portefeuille de décaissement", save: "Enregistrer", addFunds: "Ajouter des fonds de test", amount: "Montant", wallet: "Portefeuille", add: "Ajouter", move: "Transférer de l’encaissement au décaissement", moveSubmit: "Transférer", funded: "Fonds de test ajoutés.", moved: "Fonds transférés.", saved: "Enregistré." },
  webhooks: { title: "Webhooks", url: "URL webhook par défaut", urlHelp: "Les événements sont envoyés (POST) ici, sauf si la transaction a son propre callbackUrl. Laissez vide pour la retirer.", save: "Enregistrer l’URL", saved: "Enregistré.", state: "État", enabled: "Active", disabled: "Désactivée (l’URL a répondu 410 Gone)", notConfigured: "Aucune URL configurée", enable: "Réactiver", secret: "Secret de signature", reveal: "Afficher le secret", rotate: "Renouveler le secret", rotateConfirm: "Un nouveau secret remplace l’actuel. L’actuel continue de signer aussi (une seconde signature) pendant {hours} heures. Renouveler maintenant ?", confirm: "Oui, renouveler", cancel: "Annuler", newSecret: "Nouveau secret de signature :", previousUntil: "L’ancien secret signe jusqu’au", log: "Journal des envois", event: "Événement", transaction: "Transaction", lastStatus: "Dernier code HTTP", duration: "Durée", attempts: "Tentatives", none: "Aucun événement webhook pour l’instant.", resend: "Renvoyer" },
  verification: { title: "Vérification", intro: "Présentez votre entreprise. Les clés live sont émises après vérification de ces informations par un opérateur.", legalName: "Raison sociale", registrationNumber: "Numéro d’immatriculation (RCCM / NINEA)", address: "Adresse de l’entreprise", website: "Site web (facultatif)", ownerName: "Nom complet du dirigeant", ownerId: "Numéro de pièce d’identité du dirigeant", submit: "Envoyer pour vérification", sent: "Envoyé. Nous examinons vos informations ; vos clés live apparaîtront sur la page Clés API après vérification.", statusLabel: "Statut de vérification", statuses: { unverified: "Non envoyé", pending: "En cours d’examen", verified: "Vérifié", rejected: "Refusé" } },
  payouts: { title: "Décaissements", id: "Décaissement", recipient: "Bénéficiaire", none: "Aucun décaissement ne correspond à ces filtres." },
  payout: { title: "Décaissement", back: "Tous les décaissements", quote: "Devis", quoteId: "ID du devis", amount: "Montant envoyé", fees: "Frais", feesBilled: "Frais facturés", billedRate: "taux de facturation", fx: "Change", fxRate: "Taux", spread: "marge", destinationAmount: "Montant reçu", debit: "Débité", conversionRate: "Taux de conversion", fxTopUp: "Appoint de change", topUpFrom: "Converti", parity: "parité fixe", beneficiary: "Bénéficiaire", recipient: "Destinataire", mobileWallet: "Portefeuille mobile", bankAccount: "Compte bancaire", correspondentBank: "Banque correspondante", sender: "Expéditeur", purpose: "Motif", method: "Méthode", type: "Type", country: "Pays de destination", providerReference: "Référence opérateur", description: "Description", completed: "Terminé le", cancel: "Annuler le décaissement", cancelHelp: "Un décaissement en attente n’a pas encore été envoyé à l’opérateur : l’annuler libère tout le montant réservé, frais compris.", cancelled: "Décaissement annulé.", noWebhooks: "Aucun événement webhook pour ce décaissement." },
  status: { pending: "En attente", processing: "En cours", success: "Réussi", failed: "Échoué", cancelled: "Annulé", expired: "Expiré", refunded: "Remboursé", delivered: "Livré" },
  notFound: "Introuvable",
  notFoundText: "Cette page n’existe pas, ou elle appartient à un autre compte.",
};

export function messages(locale: Locale): Messages {
  return locale === "fr" ? fr : en;
}
