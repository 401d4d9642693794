import type { Connector } from "../connector";
import { checkHealth, initPayment, notifUrlProblem, parseNotification, queryStatus } from "./client";
import { ORANGE_BASE_URL, ORANGE_SECRET_NAMES, orangeWebpaySettingsSchema, type OrangeWebpaySettings } from "./settings";
import { UnsupportedOperationError } from "../connector";

/**
 * Orange Money Web Payment (README.md): a redirect collection (the customer pays on
 * Orange's page and comes back), its unsigned notification (a hint) and the status query.
 * WebPay has no payout or refund API: `route:set` refuses those directions. See README.md.
 */
export const orangeWebpayConnector: Connector<OrangeWebpaySettings> = {
  type: "orange-webpay",
  // An order_id is never usable twice, not even after a lost init answer (README "order_id").
  capabilities: { collect: "redirect", payout: false, refund: false, signedCallbacks: false, uuidReference: false, partialRefund: false, singleUseReference: true },
  settingsSchema: orangeWebpaySettingsSchema,
  serves: { providers: ["orange"] },
  // `dev` is Orange's sandbox (currency OUV on the wire): it binds no market.
  market: (s) =>
    s.countryPath === "dev" ? {} : { country: { code: s.countryPath.toUpperCase(), setting: "countryPath" }, currency: { code: s.currency, setting: "currency" } },
  secretNames: ORANGE_SECRET_NAMES,
  defaultBaseUrl: ORANGE_BASE_URL,
  accountProblems: ({ callbackUrl }) => [notifUrlProblem(callbackUrl)].filter((p): p is string => p !== null),
  collect: initPayment,
  payout: async () => {
    throw new UnsupportedOperationError("orange-webpay", "payouts (WebPay has no payout API)");
  },
  refund: async () => {
    throw new UnsupportedOperationError("orange-webpay", "refunds (WebPay has no refund API)");
  },
  status: queryStatus,
  parseCallback: async (context, callback) => parseNotification(context, callback),
  checkHealth,
};

export type { OrangeWebpaySettings } from "./settings";
