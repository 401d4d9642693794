/**
 * lib/connectors/pawapay/README.md numbering plans, as the simulator's `POST /v2/predict-provider` uses them: calling
 * code → ISO3, national significant number length, whether a domestic trunk `0` is dropped, and
 * operator → NSN prefixes. Provider codes follow pawaPay's `<OPERATOR>_<ISO3>` (lib/connectors/pawapay/README.md, "Provider codes"); for
 * operators pawaPay is not known to serve the code is the same pattern [L].
 */
export type NumberingPlan = { cc: string; iso3: string; nsnLength: number; trunkZero: boolean; operators: { code: string; prefixes: string[] }[] };

const range = (from: number, to: number, width = 2): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(width, "0"));

export const NUMBERING_PLANS: NumberingPlan[] = [
  {
    cc: "221", iso3: "SEN", nsnLength: 9, trunkZero: false,
    operators: [
      { code: "ORANGE_SEN", prefixes: ["77", "78", "71"] },
      { code: "FREE_SEN", prefixes: ["76"] },
      { code: "EXPRESSO_SEN", prefixes: ["70"] },
      { code: "PROMOBILE_SEN", prefixes: ["75"] },
      { code: "HAYO_SEN", prefixes: ["72"] },
      { code: "ADIE_SEN", prefixes: ["79"] },
    ],
  },
  {
    cc: "225", iso3: "CIV", nsnLength: 10, trunkZero: false,
    operators: [
      { code: "MOOV_CIV", prefixes: ["01"] },
      { code: "MTN_MOMO_CIV", prefixes: ["05"] },
      { code: "ORANGE_CIV", prefixes: ["07"] },
    ],
  },
  {
    cc: "237", iso3: "CMR", nsnLength: 9, trunkZero: false,
    operators: [
      { code: "MTN_MOMO_CMR", prefixes: ["67", ...range(650, 654, 3), ...range(680, 683, 3)] },
      { code: "ORANGE_CMR", prefixes: ["69", ...range(655, 659, 3), ...range(686, 689, 3), ...range(640, 642, 3)] },
      { code: "NEXTTEL_CMR", prefixes: ["66", "684", "685"] },
      { code: "CAMTEL_CMR", prefixes: ["62"] },
    ],
  },
  {
    cc: "229", iso3: "BEN", nsnLength: 10, trunkZero: false,
    operators: [
      { code: "MTN_MOMO_BEN", prefixes: ["0142", "0146", ...range(150, 154, 4), "0156", "0157", "0159", "0161", "0162", "0166", "0167", "0169", "0190", "0191", "0196", "0197"] },
      { code: "MOOV_BEN", prefixes: ["0145", "0155", "0158", "0160", ...range(163, 165, 4), "0168", "0194", "0195", "0198", "0199"] },
      { code: "CELTIIS_BEN", prefixes: ["0128", "0140", "0141", "0143", "0144", ...range(147, 149, 4), "0192", "0193"] },
    ],
  },
  {
    cc: "228", iso3: "TGO", nsnLength: 8, trunkZero: false,
    operators: [
      { code: "TMONEY_TGO", prefixes: ["70", "71", "72", "90", "91", "92", "93"] },
      { code: "MOOV_TGO", prefixes: ["78", "79", "96", "97", "98", "99"] },
    ],
  },
  {
    cc: "226", iso3: "BFA", nsnLength: 8, trunkZero: false,
    operators: [
      { code: "ORANGE_BFA", prefixes: [...range(4, 7), ...range(44, 46), ...range(54, 57), ...range(64, 67), ...range(74, 77)] },
      { code: "MOOV_BFA", prefixes: [...range(1, 3), ...range(50, 53), ...range(60, 63), ...range(70, 73)] },
      { code: "TELECEL_BFA", prefixes: ["58", "68", "69", "78", "79"] },
    ],
  },
  {
    cc: "223", iso3: "MLI", nsnLength: 8, trunkZero: false,
    operators: [
      { code: "ORANGE_MLI", prefixes: ["7", ...range(82, 85), ...range(90, 94)] },
      { code: "MOOV_MLI", prefixes: ["6", "89", ...range(95, 99)] },
      { code: "TELECEL_MLI", prefixes: ["5"] },
    ],
  },
  {
    cc: "227", iso3: "NER", nsnLength: 8, trunkZero: false,
    operators: [
      { code: "AIRTEL_NER", prefixes: ["77", ...range(86, 89), ...range(96, 99)] },
      { code: "MOOV_NER", prefixes: ["74", "84", "85", "94", "95"] },
      { code: "ZAMANI_NER", prefixes: ["23", "70", ...range(80, 82), ...range(90, 92)] },
      { code: "NIGERTELECOMS_NER", prefixes: ["83", "93"] },
    ],
  },
  {
    cc: "224", iso3: "GIN", nsnLength: 9, trunkZero: false,
    operators: [
      { code: "ORANGE_GIN", prefixes: ["61", "62"] },
      { code: "MTN_MOMO_GIN", prefixes: ["66"] },
      { code: "CELLCOM_GIN", prefixes: ["65"] },
    ],
  },
  {
    cc: "233", iso3: "GHA", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "MTN_MOMO_GHA", prefixes: ["24", "25", "53", "54", "55", "59"] },
      { code: "VODAFONE_GHA", prefixes: ["20", "50"] },
      { code: "AIRTELTIGO_GHA", prefixes: ["23", "26", "27", "56", "57"] },
      { code: "EXPRESSO_GHA", prefixes: ["28"] },
    ],
  },
  {
    cc: "254", iso3: "KEN", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "MPESA_KEN", prefixes: ["70", "71", "72", "740", "741", "742", "743", "745", "746", "748", "749", "757", "758", "759", "768", "769", "79", "11", "14", "18"] },
      { code: "AIRTEL_KEN", prefixes: ["10", "73", ...range(750, 756, 3), "761", "762", "78"] },
      { code: "TELKOM_KEN", prefixes: ["77"] },
    ],
  },
  {
    cc: "256", iso3: "UGA", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "MTN_MOMO_UGA", prefixes: ["76", "77", "78", ...range(790, 794, 3), "724", "737"] },
      { code: "AIRTEL_OAPI_UGA", prefixes: ["70", "74", "75", "730", "731", "795"] },
      { code: "UTL_UGA", prefixes: ["71"] },
      { code: "LYCA_UGA", prefixes: ["721", "726", "727"] },
    ],
  },
  {
    cc: "234", iso3: "NGA", nsnLength: 10, trunkZero: true,
    operators: [
      { code: "MTN_MOMO_NGA", prefixes: ["703", "704", "706", "707", "803", "806", "810", "813", "814", "816", "903", "906", "913", "916"] },
      { code: "AIRTEL_NGA", prefixes: ["701", "708", "802", "808", "812", "901", "902", "904", "907", "911", "912"] },
      { code: "GLO_NGA", prefixes: ["705", "805", "807", "811", "815", "905", "915"] },
      { code: "9MOBILE_NGA", prefixes: ["809", "817", "818", "908", "909"] },
    ],
  },
  {
    cc: "250", iso3: "RWA", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "MTN_MOMO_RWA", prefixes: ["78", "79"] },
      { code: "AIRTEL_RWA", prefixes: ["72", "73"] },
    ],
  },
  {
    cc: "260", iso3: "ZMB", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "AIRTEL_OAPI_ZMB", prefixes: ["57", "77", "97"] },
      { code: "MTN_MOMO_ZMB", prefixes: ["56", "76", "96"] },
      { code: "ZAMTEL_ZMB", prefixes: ["55", "75", "95"] },
      { code: "ZEDMOBILE_ZMB", prefixes: ["58", "78", "98"] },
    ],
  },
  {
    cc: "243", iso3: "COD", nsnLength: 9, trunkZero: true,
    operators: [
      { code: "VODACOM_MPESA_COD", prefixes: ["81", "82", "83", "86"] },
      { code: "ORANGE_COD", prefixes: ["80", "84", "85", "89"] },
      { code: "AIRTEL_COD", prefixes: ["96", "97", "98", "99"] },
      { code: "AFRICELL_COD", prefixes: ["90", "91"] },
    ],
  },
  {
    cc: "241", iso3: "GAB", nsnLength: 8, trunkZero: true,
    operators: [
      { code: "AIRTEL_GAB", prefixes: ["74", "76", "77"] },
      { code: "MOOV_GAB", prefixes: range(60, 66) },
    ],
  },
  {
    cc: "242", iso3: "COG", nsnLength: 9, trunkZero: false,
    operators: [
      { code: "MTN_MOMO_COG", prefixes: ["06"] },
      { code: "AIRTEL_COG", prefixes: ["05", "04"] },
    ],
  },
];

export type Prediction = { country: string; provider: string; phoneNumber: string };

/**
 * `+260 763-456789` → `{country: "ZMB", provider: "MTN_MOMO_ZMB", phoneNumber: "260763456789"}`;
 * null when the number fits no plan (unknown code, wrong length, unallocated prefix).
 */
export function predictProvider(input: string): Prediction | null {
  let digits = input.trim().replace(/[\s.\-()]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  const plan = NUMBERING_PLANS.find((p) => digits.startsWith(p.cc));
  if (!plan) return null;
  let nsn = digits.slice(plan.cc.length);
  if (plan.trunkZero && nsn.length === plan.nsnLength + 1 && nsn.startsWith("0")) nsn = nsn.slice(1);
  if (nsn.length !== plan.nsnLength) return null;
  let best: { code: string; length: number } | null = null;
  for (const operator of plan.operators) {
    for (const prefix of operator.prefixes) {
      if (nsn.startsWith(prefix) && (!best || prefix.length > best.length)) best = { code: operator.code, length: prefix.length };
    }
  }
  if (!best) return null;
  return { country: plan.iso3, provider: best.code, phoneNumber: `${plan.cc}${nsn}` };
}

/** The plan a pawaPay MSISDN (digits, country code first) belongs to. */
export function planFor(msisdn: string): NumberingPlan | null {
  return NUMBERING_PLANS.find((p) => msisdn.startsWith(p.cc)) ?? null;
}
