import type { Locale } from "./i18n";

/**
 * The words of the API request log pages, apart from i18n.ts like i18n-team.ts. Same
 * rule: every key in both languages.
 */
const en = {
  nav: "API requests",
  title: "API requests",
  intro: "The requests your integration made with this environment's keys in the last 7 days, newest first. Phone and account numbers, names, e-mails and secrets are masked; bodies are kept up to 8 KB.",
  status: "Status",
  anyStatus: "Any status",
  statusClass: { "2xx": "2xx success", "3xx": "3xx not modified", "4xx": "4xx client error", "5xx": "5xx server error" } as Record<string, string>,
  method: "Method",
  anyMethod: "Any method",
  path: "Path starts with",
  pathColumn: "Path",
  pathHint: "/payments/initiate",
  requestId: "Request ID",
  filter: "Filter",
  reset: "Reset",
  when: "When",
  duration: "Duration",
  idempotencyKey: "Idempotency key",
  replayed: "replayed",
  none: "No request matches these filters in the last 7 days.",
  empty: "No API request yet. Call the API with this environment's keys (see API keys) and each request appears here within a second.",
  older: "Older requests",
  newest: "Newest requests",
  back: "All API requests",
  detailTitle: "API request",
  error: "Error code",
  apiKey: "API key",
  requestBody: "Request body",
  responseBody: "Response body",
  noBody: "No body.",
  query: "Query",
  masked: "Masked: secrets show their last 4 characters, phone numbers their country code and last 2 digits, names their initials.",
  sameRequestId: "Search the log for this request ID",
};

export type RequestLogMessages = typeof en;

const fr: RequestLogMessages = {
  nav: "Requêtes API",
  title: "Requêtes API",
  intro: "Les requêtes faites par votre intégration avec les clés de cet environnement ces 7 derniers jours, les plus récentes d’abord. Numéros de téléphone et de compte, noms, e-mails et secrets sont masqués ; les corps sont conservés jusqu’à 8 Ko.",
  status: "Statut",
  anyStatus: "Tous les statuts",
  statusClass: { "2xx": "2xx succès", "3xx": "3xx non modifié", "4xx": "4xx erreur du client", "5xx": "5xx erreur du serveur" },
  method: "Méthode",
  anyMethod: "Toutes les méthodes",
  path: "Le chemin commence par",
  pathColumn: "Chemin",
  pathHint: "/payments/initiate",
  requestId: "ID de requête",
  filter: "Filtrer",
  reset: "Réinitialiser",
  when: "Quand",
  duration: "Durée",
  idempotencyKey: "Clé d’idempotence",
  replayed: "rejouée",
  none: "Aucune requête ne correspond à ces filtres ces 7 derniers jours.",
  empty: "Aucune requête API pour l’instant. Appelez l’API avec les clés de cet environnement (voir Clés API) : chaque requête apparaît ici en moins d’une seconde.",
  older: "Requêtes plus anciennes",
  newest: "Requêtes les plus récentes",
  back: "Toutes les requêtes API",
  detailTitle: "Requête API",
  error: "Code d’erreur",
  apiKey: "Clé API",
  requestBody: "Corps de la requête",
  responseBody: "Corps de la réponse",
  noBody: "Pas de corps.",
  query: "Paramètres",
  masked: "Masqués : les secrets montrent leurs 4 derniers caractères, les numéros de téléphone leur indicatif et leurs 2 derniers chiffres, les noms leurs initiales.",
  sameRequestId: "Chercher cet ID de requête dans le journal",
};

export function requestLogMessages(locale: Locale): RequestLogMessages {
  return locale === "fr" ? fr : en;
}
