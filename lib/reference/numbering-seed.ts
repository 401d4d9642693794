/**
 * Mobile numbering plans of the catalogue's countries (docs/design/provider-prediction.md): which operator holds which
 * leading digits of the national significant number (NSN, the digits after the calling code).
 * seedReferenceData inserts a country's plan and its prefixes once, when the country has no plan
 * yet; from then on ops owns it (`numbering:*` commands), so a removed prefix stays removed.
 *
 * Where each plan comes from, and how far to trust it, is in `source` / `confidence` and in
 * docs/numbering-plans.md. Rules that hold for every row:
 * - Prefixes follow block allocation. With number portability (`portability`: CM, BJ, GH, KE) a
 *   ported number still "belongs" to the operator of its block: the prediction is a best guess
 *   (predict says so), and the plan is what we check.
 * - `provider` is the catalogue's mobile-money code for that operator, or null when we serve no
 *   method of that operator (Promobile in SN, Telecel in BF…): its numbers are known, not ours.
 * - Wave and Coris hold no numbers of their own (a Wave wallet sits on any mobile number):
 *   they never appear here, so the operator check never refuses them.
 * - NSN lengths are `Country.nationalNumberLength` (catalogue-seed.ts), not repeated here.
 * MA, IN, FR and US have no plan: the catalogue pays out there by bank transfer only.
 */
export type SeedNumberingOperator = { name: string; provider: string | null; prefixes: string[] };

export type SeedNumberingPlan = {
  country: string;
  /** Dialled before a national number at home, not part of the NSN; null when none. */
  trunkPrefix: string | null;
  confidence: "high" | "medium" | "low";
  /** Subscribers can keep their number when they change operator: a block names its first owner only. */
  portability: boolean;
  source: string;
  operators: SeedNumberingOperator[];
};

/** "650".."654" → ["650", …, "654"] (same length, inclusive). */
function range(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, "0"));
  return out;
}

const LIBPHONENUMBER = "libphonenumber carrier and metadata files (2026)";
const NUMBERING_PLANS_DOC = "docs/numbering-plans.md";

export const SEED_NUMBERING_PLANS: SeedNumberingPlan[] = [
  {
    country: "SN",
    trunkPrefix: null,
    confidence: "high",
    portability: false,
    source: `ARTP Sénégal allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "Orange", provider: "orange", prefixes: ["71", "77", "78"] },
      { name: "Free", provider: "free", prefixes: ["76"] },
      { name: "Expresso", provider: "emoney", prefixes: ["70"] },
      { name: "Promobile", provider: null, prefixes: ["75"] },
      { name: "Hayo", provider: null, prefixes: ["72"] },
      { name: "ADIE", provider: null, prefixes: ["79"] },
    ],
  },
  {
    country: "CI",
    trunkPrefix: null,
    confidence: "high",
    portability: false,
    source: `ARTCI 10-digit plan (31 January 2021: mobiles gained 01/05/07), as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "Moov", provider: "moov", prefixes: ["01"] },
      { name: "MTN", provider: "mtn", prefixes: ["05"] },
      { name: "Orange", provider: "orange", prefixes: ["07"] },
    ],
  },
  {
    country: "BJ",
    trunkPrefix: null,
    confidence: "high",
    portability: true,
    source: `ARCEP Bénin 10-digit plan (30 November 2024: "01" added), as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}; portability (~6 % ported)`,
    operators: [
      {
        name: "MTN",
        provider: "mtn",
        prefixes: ["0142", "0146", ...range("0150", "0154"), "0156", "0157", "0159", "0161", "0162", "0166", "0167", "0169", "0190", "0191", "0196", "0197"],
      },
      { name: "Moov", provider: "moov", prefixes: ["0145", "0155", "0158", "0160", ...range("0163", "0165"), "0168", "0194", "0195", "0198", "0199"] },
      { name: "Celtiis", provider: "celtiis", prefixes: ["0128", "0140", "0141", "0143", "0144", ...range("0147", "0149"), "0192", "0193"] },
    ],
  },
  {
    country: "BF",
    trunkPrefix: null,
    confidence: "medium",
    portability: false,
    source: `ARCEP Burkina Faso allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "Orange", provider: "orange", prefixes: [...range("04", "07"), ...range("44", "46"), ...range("54", "57"), ...range("64", "67"), ...range("74", "77")] },
      { name: "Moov Africa (Onatel)", provider: "moov", prefixes: [...range("01", "03"), ...range("50", "53"), ...range("60", "63"), ...range("70", "73")] },
      { name: "Telecel Faso", provider: null, prefixes: ["58", "68", "69", "78", "79"] },
    ],
  },
  {
    country: "ML",
    trunkPrefix: null,
    confidence: "medium",
    portability: false,
    source: `AMRTP Mali allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER} (the small 2001/2079/217 mobile blocks are left out)`,
    operators: [
      { name: "Orange", provider: "orange", prefixes: ["7", ...range("82", "85"), ...range("90", "94")] },
      { name: "Moov Africa (Malitel)", provider: "moov", prefixes: ["6", "89", ...range("95", "99")] },
      { name: "Telecel (Atel)", provider: null, prefixes: ["5"] },
    ],
  },
  {
    country: "NE",
    trunkPrefix: null,
    confidence: "low",
    portability: false,
    source: `ARCEP Niger allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}; stale (Orange Niger became Zamani Telecom)`,
    operators: [
      { name: "Airtel", provider: "airtel", prefixes: ["77", ...range("86", "89"), ...range("96", "99")] },
      { name: "Moov Africa", provider: "moov", prefixes: ["74", "84", "85", "94", "95"] },
      { name: "Zamani Telecom", provider: null, prefixes: ["23", "70", ...range("80", "82"), ...range("90", "92")] },
      { name: "Niger Telecoms", provider: null, prefixes: ["83", "93"] },
    ],
  },
  {
    country: "TG",
    trunkPrefix: null,
    confidence: "medium",
    portability: false,
    source: `ARCEP Togo allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER} (Togocom's T-Money, Moov Africa's Flooz)`,
    operators: [
      { name: "Togocom", provider: "tmoney", prefixes: [...range("70", "72"), ...range("90", "93")] },
      { name: "Moov Africa", provider: "flooz", prefixes: ["78", "79", ...range("96", "99")] },
    ],
  },
  {
    country: "GW",
    trunkPrefix: null,
    confidence: "low",
    portability: false,
    source: `ITU-T E.164 national numbering plan of Guinea-Bissau (9 digits, mobiles 95/96/97) as reflected in ${LIBPHONENUMBER}; not in ${NUMBERING_PLANS_DOC}`,
    operators: [
      { name: "Orange", provider: "orange", prefixes: ["95"] },
      { name: "MTN (Spacetel)", provider: null, prefixes: ["96"] },
      { name: "Guinetel", provider: null, prefixes: ["97"] },
    ],
  },
  {
    country: "CM",
    trunkPrefix: null,
    confidence: "medium",
    portability: true,
    source: `ART Cameroun allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}; portability`,
    operators: [
      { name: "MTN", provider: "mtn", prefixes: ["67", ...range("650", "654"), ...range("680", "683")] },
      { name: "Orange", provider: "orange", prefixes: ["69", ...range("655", "659"), ...range("686", "689"), ...range("640", "642")] },
      { name: "Nexttel", provider: null, prefixes: ["66", "684", "685"] },
      { name: "Camtel", provider: null, prefixes: ["62", "242", "243"] },
    ],
  },
  {
    country: "GA",
    trunkPrefix: "0",
    confidence: "medium",
    portability: false,
    source: `ARCEP Gabon 8-digit plan (November 2019), as in ${NUMBERING_PLANS_DOC}; Moov blocks narrowed to ${LIBPHONENUMBER} (63, 64 are not mobile)`,
    operators: [
      { name: "Airtel", provider: "airtel", prefixes: ["74", "76", "77"] },
      { name: "Moov Africa Gabon Telecom", provider: "moov", prefixes: ["60", "61", "62", "65", "66"] },
    ],
  },
  {
    country: "CG",
    trunkPrefix: null,
    confidence: "medium",
    portability: false,
    source: `ARPCE Congo allocations (the leading 0 is part of the number), as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "MTN", provider: "mtn", prefixes: ["06"] },
      { name: "Airtel", provider: "airtel", prefixes: ["05", "04"] },
      { name: "Equateur Telecom", provider: null, prefixes: ["01"] },
    ],
  },
  {
    country: "TD",
    trunkPrefix: null,
    confidence: "low",
    portability: false,
    source: `ITU-T E.164 national numbering plan of Chad (8 digits) as reflected in ${LIBPHONENUMBER}; not in ${NUMBERING_PLANS_DOC}`,
    operators: [
      { name: "Airtel", provider: "airtel", prefixes: ["6", "8"] },
      { name: "Moov Africa (ex-Tigo)", provider: "moov", prefixes: ["3", "9"] },
      { name: "Salam (Sotel)", provider: null, prefixes: ["7"] },
    ],
  },
  {
    country: "CF",
    trunkPrefix: null,
    confidence: "low",
    portability: false,
    source: `ITU-T E.164 national numbering plan of the Central African Republic (8 digits, mobiles 70-77) as reflected in ${LIBPHONENUMBER}; not in ${NUMBERING_PLANS_DOC}; no block found for Moov, which is therefore never refused`,
    operators: [
      { name: "Orange", provider: "orange", prefixes: ["72", "73", "74"] },
      { name: "Telecel", provider: null, prefixes: ["75", "76"] },
      { name: "A-Cell", provider: null, prefixes: ["70"] },
      { name: "Nationlink", provider: null, prefixes: ["77"] },
    ],
  },
  {
    country: "GQ",
    trunkPrefix: null,
    confidence: "low",
    portability: false,
    source: `ITU-T E.164 national numbering plan of Equatorial Guinea (9 digits: 222 GETESA, 55 Muni) as reflected in ${LIBPHONENUMBER}; not in ${NUMBERING_PLANS_DOC}; the catalogue has no mobile-money method there`,
    operators: [
      { name: "GETESA", provider: null, prefixes: ["222"] },
      { name: "Muni", provider: null, prefixes: ["55"] },
    ],
  },
  {
    country: "CD",
    trunkPrefix: "0",
    confidence: "medium",
    portability: false,
    source: `ARPTC allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER} (payout-only country)`,
    operators: [
      { name: "Vodacom", provider: null, prefixes: ["81", "82", "83", "86"] },
      { name: "Orange", provider: "orange", prefixes: ["80", "84", "85", "89"] },
      { name: "Airtel", provider: "airtel", prefixes: ["96", "97", "98", "99"] },
      { name: "Africell", provider: null, prefixes: ["90", "91"] },
    ],
  },
  // ── East Africa and Ghana: 9-digit NSNs, trunk 0 dialled at home in all six ──────────────────
  {
    country: "KE",
    trunkPrefix: "0",
    confidence: "medium",
    portability: true,
    source: `Communications Authority of Kenya allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}; portability; 744, 747 and the 763-766 blocks are other carriers' and left out`,
    operators: [
      {
        name: "Safaricom",
        provider: "mpesa",
        prefixes: ["70", "71", "72", ...range("740", "743"), "745", "746", "748", "749", ...range("757", "759"), "768", "769", "79", "11", "14", "18"],
      },
      { name: "Airtel", provider: "airtel", prefixes: ["10", "73", ...range("750", "756"), "761", "762", "78"] },
      { name: "Telkom", provider: null, prefixes: ["77"] },
    ],
  },
  {
    country: "UG",
    trunkPrefix: "0",
    confidence: "medium",
    portability: false,
    source: `Uganda Communications Commission allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "MTN", provider: "mtn", prefixes: ["76", "77", "78", ...range("790", "794"), "724", "737"] },
      { name: "Airtel", provider: "airtel", prefixes: ["70", "74", "75", "730", "731", "795"] },
      { name: "Uganda Telecom", provider: null, prefixes: ["71"] },
      { name: "Lyca Mobile", provider: null, prefixes: ["721", "726", "727"] },
    ],
  },
  {
    country: "TZ",
    trunkPrefix: "0",
    confidence: "medium",
    portability: false,
    source: `TCRA National Numbering Plan, mobile assignments 06x/07x (as copied by Tanzanian open-source number checkers, 2021-2026); not in ${NUMBERING_PLANS_DOC}; Tigo became Yas (Mixx by Yas) in 2024`,
    operators: [
      { name: "Vodacom", provider: "mpesa", prefixes: ["74", "75", "76", "79"] },
      { name: "Airtel", provider: "airtel", prefixes: ["68", "69", "78"] },
      { name: "Yas (ex-Tigo)", provider: "mixx", prefixes: ["65", "67", "71"] },
      { name: "Halotel", provider: "halotel", prefixes: ["61", "62"] },
      { name: "TTCL", provider: null, prefixes: ["73"] },
      { name: "Zantel", provider: null, prefixes: ["77"] },
      { name: "Smile", provider: null, prefixes: ["66"] },
    ],
  },
  {
    country: "RW",
    trunkPrefix: "0",
    confidence: "high",
    portability: false,
    source: `RURA allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER} (two operators since Tigo Rwanda joined Airtel)`,
    operators: [
      { name: "MTN", provider: "mtn", prefixes: ["78", "79"] },
      { name: "Airtel", provider: "airtel", prefixes: ["72", "73"] },
    ],
  },
  {
    country: "ZM",
    trunkPrefix: "0",
    confidence: "medium",
    portability: false,
    source: `ZICTA allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}`,
    operators: [
      { name: "Airtel", provider: "airtel", prefixes: ["57", "77", "97"] },
      { name: "MTN", provider: "mtn", prefixes: ["56", "76", "96"] },
      { name: "Zamtel", provider: "zamtel", prefixes: ["55", "75", "95"] },
      { name: "ZedMobile", provider: null, prefixes: ["58", "78", "98"] },
    ],
  },
  {
    country: "GH",
    trunkPrefix: "0",
    confidence: "medium",
    portability: true,
    source: `NCA Ghana allocations, as in ${NUMBERING_PLANS_DOC} and ${LIBPHONENUMBER}; portability; Vodafone Ghana became Telecel (2024), AirtelTigo became AT`,
    operators: [
      { name: "MTN", provider: "mtn", prefixes: ["24", "25", "53", "54", "55", "59"] },
      { name: "Telecel (ex-Vodafone)", provider: "telecel", prefixes: ["20", "50"] },
      { name: "AT (ex-AirtelTigo)", provider: "at", prefixes: ["23", "26", "27", "56", "57"] },
      { name: "Expresso", provider: null, prefixes: ["28"] },
    ],
  },
];
