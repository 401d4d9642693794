import type { DashboardRole } from "@/lib/db/generated/client";
import type { Locale } from "@/lib/dashboard/i18n";
import type { FormResult } from "@/lib/dashboard/form-result";

export type { DashboardRole };
export const ROLES: readonly DashboardRole[] = ["owner", "developer", "finance", "viewer"];

/**
 * What a dashboard page or action needs. Every page and server action names one (session.ts
 * requireScope / actionScope); this table is the only place that says which role has it.
 * - `view`: read payments, payouts, balances, the overview (every member);
 * - `self`: the member's own settings: password, time zone, own two-factor (every member);
 * - `keys`: API keys (see, rotate, revoke); `webhooks`: URL, secret, resend, enable;
 * - `requests`: the API request log (an integrator's tool: masked bodies, still the customers' traffic);
 * - `money`: balance mode, test funds and moves, payouts (single, bulk, cancel), refunds, CSV exports;
 * - `team`: invite, change roles, remove, require two-factor; `audit`: read the audit log;
 * - `account`: the merchant's verification details;
 * - `branding`: the checkout's display name, accent colour and logo (what customers see);
 * - `approve`: approve or reject another member's payout awaiting approval (maker–checker).
 */
export type Permission = "view" | "self" | "keys" | "webhooks" | "requests" | "money" | "team" | "audit" | "account" | "branding" | "approve";

const GRANTS: Record<DashboardRole, readonly Permission[]> = {
  owner: ["view", "self", "keys", "webhooks", "requests", "money", "team", "audit", "account", "branding", "approve"],
  developer: ["view", "self", "keys", "webhooks", "requests"],
  finance: ["view", "self", "money", "approve"],
  viewer: ["view", "self"],
};

export function can(role: DashboardRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** The roles that hold a permission (for the refusal message: whom to ask). */
export const rolesWith = (permission: Permission): DashboardRole[] => ROLES.filter((r) => can(r, permission));

export const ROLE_NAMES: Record<Locale, Record<DashboardRole, string>> = {
  en: { owner: "Owner", developer: "Developer", finance: "Finance", viewer: "Viewer" },
  fr: { owner: "Propriétaire", developer: "Développeur", finance: "Finance", viewer: "Lecture seule" },
};

const AREA: Record<Locale, Record<Permission, string>> = {
  en: { view: "this page", self: "your own settings", keys: "API keys", webhooks: "webhooks", requests: "the API request log", money: "balances, payouts, refunds and exports", team: "the team", audit: "the audit log", account: "the account's verification", branding: "the checkout's branding", approve: "approving payouts" },
  fr: { view: "cette page", self: "vos propres paramètres", keys: "les clés API", webhooks: "les webhooks", requests: "le journal des requêtes API", money: "les soldes, décaissements, remboursements et exports", team: "l’équipe", audit: "le journal d’audit", account: "la vérification du compte", branding: "l’habillage de la page de paiement", approve: "l’approbation des décaissements" },
};

/** The sentence a refused member reads: their role, what it does not allow, who can. */
export function refusalMessage(role: DashboardRole, permission: Permission, locale: Locale = "en"): string {
  const names = ROLE_NAMES[locale];
  const who = rolesWith(permission).map((r) => names[r]);
  const list = who.join(locale === "fr" ? " ou " : " or ");
  return locale === "fr"
    ? `Votre rôle (${names[role]}) ne donne pas accès à ${AREA.fr[permission]} : il faut le rôle ${list}. Demandez-le à un propriétaire du compte.`
    : `Your role (${names[role]}) does not give access to ${AREA.en[permission]}: that needs the ${list} role. Ask an owner of the account.`;
}

/** A server action's refusal, as its form shows it. */
export function refusal(role: DashboardRole, permission: Permission, locale: Locale = "en"): Extract<FormResult<never>, { ok: false }> {
  return { ok: false, code: "forbidden", error: refusalMessage(role, permission, locale) };
}
