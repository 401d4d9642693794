/**
 * Our (country, catalogue provider) → pawaPay's provider code (`MTN_MOMO_CIV`, `ORANGE_SEN`…).
 * OPERATORS §6.7: codes follow `<OPERATOR>_<ISO3>` but are to be read from active-conf, never
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
};

/** The codes active-conf would use for our provider in this country, most likely first. */
export function candidateCodes(country: string, provider: string): string[] {
  const iso3 = ISO3[country.toUpperCase()];
  if (!iso3) return [];
  const fromPrefixes = (OPERATOR_PREFIXES[provider] ?? []).map((prefix) => `${prefix}_${iso3}`);
  const fallback = FALLBACK_PROVIDER_CODES[`${country.toUpperCase()}:${provider}`];
  return [...new Set([...(fallback ? [fallback] : []), ...fromPrefixes])];
}
