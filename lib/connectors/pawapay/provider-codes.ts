/**
 * Our (country, catalogue provider) → pawaPay's provider code (`MTN_MOMO_CIV`, `ORANGE_SEN`…).
 * README.md: codes follow `<OPERATOR>_<ISO3>` but are to be read from active-conf, never
 * hard-coded. So active-conf decides (see client.ts `resolveProvider`); these tables only say
 * which of active-conf's codes is which of our providers, and give a fallback for when
 * active-conf cannot be read at all. An account setting (`providerCodes`) overrides both.
 */

/** ISO 3166 alpha-2 → alpha-3 for the countries pawaPay serves and our catalogue names. */
export const ISO3: Record<string, string> = {
  SN: "SEN",
  CI: "CIV",
  BJ: "BEN",
  BF: "BFA",
  ML: "MLI",
  NE: "NER",
  TG: "TGO",
  GW: "GNB",
  GN: "GIN",
  CM: "CMR",
  GA: "GAB",
  CG: "COG",
  TD: "TCD",
  CF: "CAF",
  GQ: "GNQ",
  CD: "COD",
  GH: "GHA",
  KE: "KEN",
  UG: "UGA",
  NG: "NGA",
  RW: "RWA",
  ZM: "ZMB",
  SL: "SLE",
  MW: "MWI",
  MZ: "MOZ",
  TZ: "TZA",
  ET: "ETH",
  LS: "LSO",
};

/** Our catalogue code → the operator part of pawaPay's code, tried in order against active-conf. */
export const OPERATOR_PREFIXES: Record<string, readonly string[]> = {
  mtn: ["MTN_MOMO", "MTN"],
  orange: ["ORANGE"],
  moov: ["MOOV"],
  airtel: ["AIRTEL", "AIRTEL_OAPI"],
  free: ["FREE"],
  wave: ["WAVE"],
  tmoney: ["TMONEY", "TOGOCOM"],
  flooz: ["MOOV"], // Flooz is Moov Africa Togo's wallet
  celtiis: ["CELTIIS"],
  // East Africa and Ghana. M-Pesa is Safaricom's in Kenya (MPESA_KEN) and Vodacom's in Tanzania
  // (VODACOM_TZA, also seen as VODACOM_MPESA_TZA); Mixx by Yas keeps Tigo's code; Telecel and AT
  // keep the Vodafone and AirtelTigo codes of before their rebrand.
  mpesa: ["MPESA", "VODACOM", "VODACOM_MPESA"],
  mixx: ["TIGO", "YAS", "MIXX"],
  halotel: ["HALOTEL"],
  zamtel: ["ZAMTEL"],
  telecel: ["VODAFONE", "TELECEL"],
  at: ["AIRTELTIGO", "AT"],
};

/**
 * Used only when active-conf cannot be read (network, 5xx): the pairs pawaPay is known to serve
 * for our catalogue's providers [M: public pawaPay coverage lists, not an official table].
 */
export const FALLBACK_PROVIDER_CODES: Record<string, string> = {
  "CI:mtn": "MTN_MOMO_CIV",
  "CI:orange": "ORANGE_CIV",
  "CI:moov": "MOOV_CIV",
  "CI:wave": "WAVE_CIV",
  "SN:orange": "ORANGE_SEN",
  "SN:free": "FREE_SEN",
  "SN:wave": "WAVE_SEN",
  "BJ:mtn": "MTN_MOMO_BEN",
  "BJ:moov": "MOOV_BEN",
  "BF:orange": "ORANGE_BFA",
  "BF:moov": "MOOV_BFA",
  "CM:mtn": "MTN_MOMO_CMR",
  "CM:orange": "ORANGE_CMR",
  "CG:mtn": "MTN_MOMO_COG",
  "CG:airtel": "AIRTEL_COG",
  "GA:airtel": "AIRTEL_GAB",
  "CD:orange": "ORANGE_COD",
  "CD:airtel": "AIRTEL_COD",
  // East Africa and Ghana (pawaPay's providers page and public integrations, 2025-2026).
  "KE:mpesa": "MPESA_KEN",
  "KE:airtel": "AIRTEL_KEN",
  "UG:mtn": "MTN_MOMO_UGA",
  "UG:airtel": "AIRTEL_OAPI_UGA",
  "TZ:mpesa": "VODACOM_TZA",
  "TZ:airtel": "AIRTEL_TZA",
  "TZ:mixx": "TIGO_TZA",
  "TZ:halotel": "HALOTEL_TZA",
  "RW:mtn": "MTN_MOMO_RWA",
  "RW:airtel": "AIRTEL_RWA",
  "ZM:mtn": "MTN_MOMO_ZMB",
  "ZM:airtel": "AIRTEL_OAPI_ZMB",
  "ZM:zamtel": "ZAMTEL_ZMB",
  "GH:mtn": "MTN_MOMO_GHA",
  "GH:telecel": "VODAFONE_GHA",
  "GH:at": "AIRTELTIGO_GHA",
};

/**
 * Deposit authorisation types this connector does not carry through (README.md, "authorisation
 * types"): `REDIRECT_AUTH` sends the customer to pawaPay's `authorizationUrl` (Wave), `PREAUTH`
 * needs the customer's OTP in `preAuthorisationCode` (Orange Burkina). Only `PROVIDER_AUTH` (the
 * PIN prompt on the handset) is pushed. active-conf says which a provider uses; this table
 * answers only when active-conf cannot be read [M: pawaPay v2 upgrade notes, coverage pages].
 */
export const UNSUPPORTED_DEPOSIT_AUTH_TYPES: readonly string[] = ["REDIRECT_AUTH", "PREAUTH"];
export const FALLBACK_DEPOSIT_AUTH_TYPES: Record<string, string> = {
  WAVE_SEN: "REDIRECT_AUTH",
  WAVE_CIV: "REDIRECT_AUTH",
  ORANGE_BFA: "PREAUTH",
};

/** Why deposits to `code` cannot be pushed by this connector, or null when they can. */
export function depositAuthProblem(code: string, authType: string | undefined): string | null {
  const type = authType ?? FALLBACK_DEPOSIT_AUTH_TYPES[code];
  if (!type || !UNSUPPORTED_DEPOSIT_AUTH_TYPES.includes(type)) return null;
  const step = type === "REDIRECT_AUTH" ? "sending the customer to pawaPay's authorisation page" : "an OTP the customer generates first (preAuthorisationCode)";
  return `pawaPay authorises ${code} deposits by ${type} (${step}), a step this connector does not implement`;
}

/** The codes active-conf would use for our provider in this country, most likely first. */
export function candidateCodes(country: string, provider: string): string[] {
  const iso3 = ISO3[country.toUpperCase()];
  if (!iso3) return [];
  const fromPrefixes = (OPERATOR_PREFIXES[provider] ?? []).map((prefix) => `${prefix}_${iso3}`);
  const fallback = FALLBACK_PROVIDER_CODES[`${country.toUpperCase()}:${provider}`];
  return [...new Set([...(fallback ? [fallback] : []), ...fromPrefixes])];
}
