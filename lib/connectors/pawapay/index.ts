import type { Connector } from "../connector";
import { parsePawapayCallback } from "./callbacks";
import { checkHealth, checkStatus, deposit, payout, providerAvailability, refund } from "./client";
import { type PawapaySettings, pawapaySettingsSchema } from "./settings";

/**
 * pawaPay Merchant API v2 (OPERATORS §6): an aggregator of mobile-money operators. Push
 * collections (deposits), payouts and refunds; signed callbacks (RFC 9421) when the account
 * enables them. See README.md in this folder.
 */
export const pawapayConnector: Connector<PawapaySettings> = {
  type: "pawapay",
  capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: true, uuidReference: true },
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
};

export type { PawapaySettings } from "./settings";
export { availability, cancelEnqueuedPayout, isAvailable, predictProvider, resendCallback, walletBalances } from "./client";
