import type { Connector } from "../connector";
import { parsePawapayCallback } from "./callbacks";
import { cancelHeld, checkHealth, checkStatus, deposit, floatBalances, payout, providerAvailability, refund, routeProblem } from "./client";
import { ISO3 } from "./provider-codes";
import { fetchPawapayStatements } from "./statements";
import { type PawapaySettings, pawapaySettingsSchema } from "./settings";

/**
 * pawaPay Merchant API v2 (README.md): an aggregator of mobile-money operators. Push
 * collections (deposits), payouts and refunds; signed callbacks (RFC 9421) when the account
 * enables them. See README.md in this folder.
 */
export const pawapayConnector: Connector<PawapaySettings> = {
  type: "pawapay",
  capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: true, uuidReference: true, partialRefund: true },
  settingsSchema: pawapaySettingsSchema,
  secretNames: ["API_TOKEN", "CALLBACK_PUBLIC_KEYS", "REQUEST_SIGNING_KEY"],
  optionalSecrets: ["CALLBACK_PUBLIC_KEYS", "REQUEST_SIGNING_KEY"],
  defaultBaseUrl: "https://api.pawapay.io",
  collect: deposit,
  payout,
  refund,
  status: checkStatus,
  parseCallback: parsePawapayCallback,
  checkHealth,
  providerAvailability,
  cancelHeld,
  routeProblem,
  reconciliation: {
    // The wallet statement (dashboard export, or POST /v2/statements: fetchStatements), as pawaPay
    // documents its columns: Transaction ID is our depositId / payoutId / refundId. Rows are money that moved.
    statement: {
      documentedAt: "docs.pawapay.io/dashboard/finances/statements (Data in statements)",
      columns: { reference: "Transaction ID", amount: "Amount", currency: "Currency", type: "Type", time: "Creation Date" },
      types: { DEPOSIT: "collect", PAYOUT: "payout", REFUND: "refund" },
    },
    fetchStatements: fetchPawapayStatements,
    // GET /v2/wallet-balances: one wallet per country (ISO 3166 alpha-3) and currency; deposits
    // land in the country's wallet, payouts and refunds leave from it.
    floats: {
      read: (context) => floatBalances(context),
      walletOf: (order) => ISO3[order.country.toUpperCase()] ?? order.country,
    },
  },
};

export type { PawapaySettings } from "./settings";
export { availability, cancelEnqueuedPayout, isAvailable, predictProvider, resendCallback, walletBalances } from "./client";
