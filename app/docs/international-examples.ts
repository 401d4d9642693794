/**
 * The worked international payouts of /docs/quotes (a mobile-money payout SN → CI, a SWIFT bank
 * payout SN → FR): the quote request and the initiate body that completes it. The bodies are the
 * ones tests/api/payouts/international-requirements.test.ts sends (quote, then initiate: 201), so
 * the page cannot show a request the API refuses.
 */
export type InternationalExample = {
  id: string;
  title: string;
  quote: { amount: number; currency: string; destinationCountry: string; method: string };
  /** POST /payouts/initiate without `quoteId` (added from the quote's answer). */
  initiate: Record<string, unknown>;
};

const sender = {
  firstName: "Moussa",
  lastName: "Ndiaye",
  address: "12 rue Carnot, Dakar",
  dateOfBirth: "1985-04-12",
  nationality: "SN",
  identity: { type: "passport", number: "A1234567", issuingCountry: "SN", issueDate: "2020-01-15", expiryDate: "2035-01-14" },
};

export const INTERNATIONAL_EXAMPLES: InternationalExample[] = [
  {
    id: "intl-mobile-money",
    title: "Mobile money, Senegal → Côte d'Ivoire",
    quote: { amount: 20_000, currency: "XOF", destinationCountry: "CI", method: "orange" },
    initiate: {
      externalReference: "family-2026-03",
      purpose: "FAMILY_SUPPORT",
      sender,
      recipient: { phone: "+2250700000012", firstName: "Aya", lastName: "Kouassi", nationality: "CI" },
    },
  },
  {
    id: "intl-bank",
    title: "Bank transfer (SWIFT), Senegal → France",
    quote: { amount: 100_000, currency: "XOF", destinationCountry: "FR", method: "bank_transfer" },
    initiate: {
      externalReference: "invoice-4471",
      purpose: "SERVICES",
      sender,
      recipient: { firstName: "Jean", lastName: "Dupont", nationality: "FR" },
      bankAccount: {
        accountNumber: "FR1420041010050500013M02606",
        swiftBic: "BNPAFRPPXXX",
        bankName: "BNP Paribas",
        bankBranch: "Paris Opéra",
        bankAddress: "16 boulevard des Italiens, 75009 Paris",
      },
    },
  },
];
