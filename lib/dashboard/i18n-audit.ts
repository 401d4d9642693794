import { formatAmount, isCurrency, toMinorAllowZero } from "@/lib/money";
import type { Locale } from "./i18n";
import { ROLE_NAMES } from "@/lib/identity/roles";

/**
 * The audit log's rows as sentences in the page's language ("Awa a remboursé 2 000 FCFA sur
 * txn_…"), built from each action's `details` (lib/audit rows, written by the code that made
 * the change). Every action in lib/audit's list has a sentence here (a unit test holds that);
 * a detail that is missing leaves its part out rather than printing a placeholder, and an action
 * written after this file gets a generic sentence naming its area, never the raw JSON.
 */
type Details = Record<string, unknown>;
type Sentence = (d: Details, f: Format) => string;
type Format = { money: (amount: unknown, currency: unknown, unit: "minor" | "major") => string; role: (r: unknown) => string; text: (v: unknown) => string };

const EN: Record<string, Sentence> = {
  "payout.approval_requested": (d, f) => `Asked for approval of ${d.payoutId ? `the payout ${f.text(d.payoutId)}` : `the bulk payout ${f.text(d.bulkId)}`} (${f.text(d.totals)}).`,
  "payout.approved": (d, f) => `Approved ${d.payoutId ? `the payout ${f.text(d.payoutId)}` : `the bulk payout ${f.text(d.bulkId)}`}: it is sent.`,
  "payout.rejected": (d, f) => `Rejected ${d.payoutId ? `the payout ${f.text(d.payoutId)}` : `the bulk payout ${f.text(d.bulkId)}`}: the money held is released.`,
  "payout.approval_threshold_set": (d, f) => (d.amount === null || d.amount === undefined ? `Removed the approval threshold in ${f.text(d.currency)}.` : `Payouts above ${f.money(d.amount, d.currency, "minor")} now need a second person's approval.`),
  "password.reset": () => "Reset their password with an e-mailed link; every other session ended.",
  "api_keys.rotated": (d, f) => `Rotated the API keys${d.publicKey ? ` (new public key ${f.text(d.publicKey)})` : ""}.`,
  "api_keys.revoked": (d, f) => `Revoked the API key pair ${f.text(d.publicKey)}.`,
  "webhook.url_set": (d, f) => (d.url ? `Set the webhook URL to ${f.text(d.url)}.` : "Removed the webhook URL."),
  "webhook.secret_rotated": () => "Rotated the webhook signing secret.",
  "webhook.secret_revealed": () => "Revealed the webhook signing secret.",
  "webhook.enabled": () => "Re-enabled the webhook URL.",
  "payout.created": (d, f) => `Sent a payout of ${f.money(d.amount, d.currency, "major")}${d.payoutId ? ` (${f.text(d.payoutId)})` : ""}.`,
  "payout.cancelled": (d, f) => `Cancelled the payout ${f.text(d.payoutId)} of ${f.money(d.amount, d.currency, "minor")}.`,
  "payout.bulk_created": (d, f) => `Sent a bulk payout ${f.text(d.bulkId)}: ${f.text(d.accepted)} accepted, ${f.text(d.rejected)} refused.`,
  "refund.created": (d, f) => `Refunded ${f.money(d.amount, d.currency, "minor")} of the payment ${f.text(d.paymentId)}.`,
  "team.member_invited": (d, f) => `Invited ${f.text(d.email)} as ${f.role(d.role)}.`,
  "team.invitation_revoked": (d, f) => `Withdrew the invitation of ${f.text(d.email)}.`,
  "team.member_joined": (d, f) => `${f.text(d.email)} joined as ${f.role(d.role)}.`,
  "team.role_changed": (d, f) => `Changed the role of ${f.text(d.email)} from ${f.role(d.from)} to ${f.role(d.to)}.`,
  "team.member_removed": (d, f) => `Removed ${f.text(d.email)} from the team.`,
  "two_factor.enabled": (d, f) => `Turned on two-step sign-in${d.member ? ` for ${f.text(d.member)}` : ""}.`,
  "two_factor.disabled": (d, f) => `Turned off two-step sign-in${d.member ? ` for ${f.text(d.member)}` : ""}.`,
  "two_factor.recovery_codes_replaced": () => "Replaced the two-step sign-in recovery codes.",
  "two_factor.recovery_code_used": (d, f) => `Signed in with a recovery code (${f.text(d.left)} left).`,
  "two_factor.team_required": () => "Made two-step sign-in required for the whole team.",
  "two_factor.team_optional": () => "Made two-step sign-in optional for the team.",
  "two_factor.reset": (d, f) => `Reset the two-step sign-in of ${f.text(d.member)}.`,
  "merchant.balance_mode_changed": (d) => `Changed the balance mode to ${d.to === "separate" ? "separate wallets" : "one wallet"}.`,
  "merchant.plan_changed": (d, f) => `Changed the plan to ${f.text(d.to)}.`,
  "merchant.limits_changed": () => "Changed the payout limits.",
  "merchant.verification_submitted": () => "Sent the business details for verification.",
  "merchant.verified": () => "The business was verified: live keys issued.",
  "ledger.credit_granted": (d, f) => `Credit of ${f.money(d.amount, d.currency, "minor")} granted.`,
  "ledger.sandbox_funded": (d, f) => `Added ${f.money(d.amount, d.currency, "major")} of test funds.`,
  "ledger.funds_moved": (d, f) => `Moved ${f.money(d.amount, d.currency, "major")} from the collect wallet to the payout wallet.`,
  "branding.updated": () => "Changed the checkout branding.",
  "payment_link.created": (d, f) => `Created the payment link /pay/${f.text(d.slug)}.`,
  "payment_link.deactivated": (d, f) => `Deactivated the payment link /pay/${f.text(d.slug)}.`,
  "order.resolved": (d, f) => `Our operations team settled ${f.text(d.orderId)} as ${d.outcome === "success" ? "paid" : "failed"}.`,
  "order.cancel_held_requested": (d, f) => `Our operations team asked the operator to cancel the held order ${f.text(d.orderId)}.`,
  "reconciliation.resolved": (d, f) => `Our operations team resolved a difference with the operator's records${d.orderId ? ` on ${f.text(d.orderId)}` : ""}.`,
};

const FR: Record<string, Sentence> = {
  "payout.approval_requested": (d, f) => `A demandé l’approbation ${d.payoutId ? `du décaissement ${f.text(d.payoutId)}` : `du décaissement groupé ${f.text(d.bulkId)}`} (${f.text(d.totals)}).`,
  "payout.approved": (d, f) => `A approuvé ${d.payoutId ? `le décaissement ${f.text(d.payoutId)}` : `le décaissement groupé ${f.text(d.bulkId)}`} : il est envoyé.`,
  "payout.rejected": (d, f) => `A refusé ${d.payoutId ? `le décaissement ${f.text(d.payoutId)}` : `le décaissement groupé ${f.text(d.bulkId)}`} : l’argent réservé est libéré.`,
  "payout.approval_threshold_set": (d, f) => (d.amount === null || d.amount === undefined ? `A retiré le seuil d’approbation en ${f.text(d.currency)}.` : `Les décaissements au-delà de ${f.money(d.amount, d.currency, "minor")} demandent désormais l’approbation d’une deuxième personne.`),
  "password.reset": () => "A réinitialisé son mot de passe par un lien reçu par e-mail ; toutes les autres sessions ont pris fin.",
  "api_keys.rotated": (d, f) => `A renouvelé les clés API${d.publicKey ? ` (nouvelle clé publique ${f.text(d.publicKey)})` : ""}.`,
  "api_keys.revoked": (d, f) => `A révoqué la paire de clés ${f.text(d.publicKey)}.`,
  "webhook.url_set": (d, f) => (d.url ? `A défini l’URL webhook : ${f.text(d.url)}.` : "A retiré l’URL webhook."),
  "webhook.secret_rotated": () => "A renouvelé le secret de signature des webhooks.",
  "webhook.secret_revealed": () => "A affiché le secret de signature des webhooks.",
  "webhook.enabled": () => "A réactivé l’URL webhook.",
  "payout.created": (d, f) => `A envoyé un décaissement de ${f.money(d.amount, d.currency, "major")}${d.payoutId ? ` (${f.text(d.payoutId)})` : ""}.`,
  "payout.cancelled": (d, f) => `A annulé le décaissement ${f.text(d.payoutId)} de ${f.money(d.amount, d.currency, "minor")}.`,
  "payout.bulk_created": (d, f) => `A envoyé le décaissement groupé ${f.text(d.bulkId)} : ${f.text(d.accepted)} acceptés, ${f.text(d.rejected)} refusés.`,
  "refund.created": (d, f) => `A remboursé ${f.money(d.amount, d.currency, "minor")} sur le paiement ${f.text(d.paymentId)}.`,
  "team.member_invited": (d, f) => `A invité ${f.text(d.email)} comme ${f.role(d.role)}.`,
  "team.invitation_revoked": (d, f) => `A retiré l’invitation de ${f.text(d.email)}.`,
  "team.member_joined": (d, f) => `${f.text(d.email)} a rejoint l’équipe comme ${f.role(d.role)}.`,
  "team.role_changed": (d, f) => `A changé le rôle de ${f.text(d.email)} : ${f.role(d.from)} → ${f.role(d.to)}.`,
  "team.member_removed": (d, f) => `A retiré ${f.text(d.email)} de l’équipe.`,
  "two_factor.enabled": (d, f) => `A activé la connexion en deux étapes${d.member ? ` pour ${f.text(d.member)}` : ""}.`,
  "two_factor.disabled": (d, f) => `A désactivé la connexion en deux étapes${d.member ? ` pour ${f.text(d.member)}` : ""}.`,
  "two_factor.recovery_codes_replaced": () => "A remplacé les codes de secours de la connexion en deux étapes.",
  "two_factor.recovery_code_used": (d, f) => `S’est connecté avec un code de secours (il en reste ${f.text(d.left)}).`,
  "two_factor.team_required": () => "A rendu la connexion en deux étapes obligatoire pour toute l’équipe.",
  "two_factor.team_optional": () => "A rendu la connexion en deux étapes facultative pour l’équipe.",
  "two_factor.reset": (d, f) => `A réinitialisé la connexion en deux étapes de ${f.text(d.member)}.`,
  "merchant.balance_mode_changed": (d) => `A changé le mode de solde : ${d.to === "separate" ? "portefeuilles séparés" : "portefeuille unique"}.`,
  "merchant.plan_changed": (d, f) => `Le forfait est passé à ${f.text(d.to)}.`,
  "merchant.limits_changed": () => "Les plafonds de décaissement ont changé.",
  "merchant.verification_submitted": () => "A envoyé les informations de l’entreprise pour vérification.",
  "merchant.verified": () => "L’entreprise a été vérifiée : clés live émises.",
  "ledger.credit_granted": (d, f) => `Crédit de ${f.money(d.amount, d.currency, "minor")} accordé.`,
  "ledger.sandbox_funded": (d, f) => `A ajouté ${f.money(d.amount, d.currency, "major")} de fonds de test.`,
  "ledger.funds_moved": (d, f) => `A transféré ${f.money(d.amount, d.currency, "major")} du portefeuille d’encaissement au portefeuille de décaissement.`,
  "branding.updated": () => "A modifié l’habillage de la page de paiement.",
  "payment_link.created": (d, f) => `A créé le lien de paiement /pay/${f.text(d.slug)}.`,
  "payment_link.deactivated": (d, f) => `A désactivé le lien de paiement /pay/${f.text(d.slug)}.`,
  "order.resolved": (d, f) => `Notre équipe d’exploitation a clos ${f.text(d.orderId)} comme ${d.outcome === "success" ? "payé" : "échoué"}.`,
  "order.cancel_held_requested": (d, f) => `Notre équipe d’exploitation a demandé à l’opérateur d’annuler l’ordre en attente ${f.text(d.orderId)}.`,
  "reconciliation.resolved": (d, f) => `Notre équipe d’exploitation a résolu un écart avec les relevés de l’opérateur${d.orderId ? ` sur ${f.text(d.orderId)}` : ""}.`,
};

const GENERIC = {
  en: (area: string) => `A change to ${area.replace(/_/g, " ")}.`,
  fr: (area: string) => `Une modification (${area.replace(/_/g, " ")}).`,
};

export const AUDIT_SENTENCE_ACTIONS = Object.keys(EN);

export function auditSentence(action: string, details: unknown, locale: Locale): string {
  const d = details && typeof details === "object" && !Array.isArray(details) ? (details as Details) : {};
  const f: Format = {
    text: (v) => (v === null || v === undefined || v === "" ? "—" : String(v)),
    role: (r) => (typeof r === "string" ? ((ROLE_NAMES[locale] as Record<string, string>)[r] ?? r) : "—"),
    money: (amount, currency, unit) => {
      if (typeof currency !== "string" || !isCurrency(currency) || (typeof amount !== "string" && typeof amount !== "number")) return `${amount ?? "—"} ${currency ?? ""}`.trim();
      try {
        // Major units arrive as exact decimal strings ("2000", "12.50"): read through lib/money, never as a float.
        const minor = unit === "minor" ? BigInt(String(amount)) : toMinorAllowZero(String(amount), currency);
        return formatAmount(minor, currency, locale);
      } catch {
        return `${amount} ${currency}`;
      }
    },
  };
  const sentence = (locale === "fr" ? FR : EN)[action];
  return sentence ? sentence(d, f) : GENERIC[locale](action.split(".")[0]);
}

/** Who did it, as a person reads it: the member's e-mail, "the API", "our operations team". */
export function auditActor(actor: string, locale: Locale): string {
  if (actor.startsWith("dashboard:")) return actor.slice("dashboard:".length);
  if (actor === "api" || actor.startsWith("api:")) return locale === "fr" ? "l’API" : "the API";
  if (actor.startsWith("ops") || actor.startsWith("cli")) return locale === "fr" ? "notre équipe d’exploitation" : "our operations team";
  return actor;
}

/** The audit filter's options: areas and actions in words. */
const AREAS: Record<Locale, Record<string, string>> = {
  en: { password: "Password", api_keys: "API keys", webhook: "Webhooks", payout: "Payouts", refund: "Refunds", team: "Team", two_factor: "Two-step sign-in", merchant: "Account", ledger: "Balances", branding: "Checkout branding", payment_link: "Payment links", order: "Operations" },
  fr: { password: "Mot de passe", api_keys: "Clés API", webhook: "Webhooks", payout: "Décaissements", refund: "Remboursements", team: "Équipe", two_factor: "Connexion en deux étapes", merchant: "Compte", ledger: "Soldes", branding: "Habillage de la page de paiement", payment_link: "Liens de paiement", order: "Exploitation" },
};

const ACTIONS: Record<Locale, Record<string, string>> = {
  en: {
    "api_keys.rotated": "Keys rotated", "api_keys.revoked": "Key pair revoked",
    "webhook.url_set": "URL set", "webhook.secret_rotated": "Secret rotated", "webhook.secret_revealed": "Secret revealed", "webhook.enabled": "URL re-enabled",
    "payout.created": "Payout sent", "payout.cancelled": "Payout cancelled", "payout.bulk_created": "Bulk payout sent",
    "refund.created": "Refund made",
    "team.member_invited": "Member invited", "team.invitation_revoked": "Invitation withdrawn", "team.member_joined": "Member joined", "team.role_changed": "Role changed", "team.member_removed": "Member removed",
    "two_factor.enabled": "Turned on", "two_factor.disabled": "Turned off", "two_factor.recovery_codes_replaced": "Recovery codes replaced", "two_factor.recovery_code_used": "Recovery code used", "two_factor.team_required": "Required for the team", "two_factor.team_optional": "Optional for the team", "two_factor.reset": "Reset",
    "merchant.balance_mode_changed": "Balance mode changed", "merchant.plan_changed": "Plan changed", "merchant.limits_changed": "Limits changed", "merchant.verification_submitted": "Sent for verification", "merchant.verified": "Verified",
    "ledger.credit_granted": "Credit granted", "ledger.sandbox_funded": "Test funds added", "ledger.funds_moved": "Funds moved",
    "branding.updated": "Branding changed",
    "payout.approval_requested": "Approval requested", "payout.approved": "Payout approved", "payout.rejected": "Payout rejected", "payout.approval_threshold_set": "Approval threshold set",
    "password.reset": "Password reset",
  },
  fr: {
    "api_keys.rotated": "Clés renouvelées", "api_keys.revoked": "Paire révoquée",
    "webhook.url_set": "URL définie", "webhook.secret_rotated": "Secret renouvelé", "webhook.secret_revealed": "Secret affiché", "webhook.enabled": "URL réactivée",
    "payout.created": "Décaissement envoyé", "payout.cancelled": "Décaissement annulé", "payout.bulk_created": "Décaissement groupé envoyé",
    "refund.created": "Remboursement effectué",
    "team.member_invited": "Membre invité", "team.invitation_revoked": "Invitation retirée", "team.member_joined": "Membre arrivé", "team.role_changed": "Rôle changé", "team.member_removed": "Membre retiré",
    "two_factor.enabled": "Activée", "two_factor.disabled": "Désactivée", "two_factor.recovery_codes_replaced": "Codes de secours remplacés", "two_factor.recovery_code_used": "Code de secours utilisé", "two_factor.team_required": "Obligatoire pour l’équipe", "two_factor.team_optional": "Facultative pour l’équipe", "two_factor.reset": "Réinitialisée",
    "merchant.balance_mode_changed": "Mode de solde changé", "merchant.plan_changed": "Forfait changé", "merchant.limits_changed": "Plafonds changés", "merchant.verification_submitted": "Envoyé pour vérification", "merchant.verified": "Vérifié",
    "ledger.credit_granted": "Crédit accordé", "ledger.sandbox_funded": "Fonds de test ajoutés", "ledger.funds_moved": "Fonds transférés",
    "branding.updated": "Habillage modifié",
    "payout.approval_requested": "Approbation demandée", "payout.approved": "Décaissement approuvé", "payout.rejected": "Décaissement refusé", "payout.approval_threshold_set": "Seuil d’approbation défini",
    "password.reset": "Mot de passe réinitialisé",
  },
};

/** "Clés API" for the `api_keys.` filter area. */
export const auditAreaLabel = (area: string, locale: Locale) => AREAS[locale][area.replace(/\.$/, "")] ?? area.replace(/\.$/, "").replace(/_/g, " ");
/** "Paire révoquée" for api_keys.revoked. */
export const auditActionLabel = (action: string, locale: Locale) => ACTIONS[locale][action] ?? action.split(".").slice(1).join(" ").replace(/_/g, " ");
