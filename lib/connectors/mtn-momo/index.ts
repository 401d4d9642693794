import type { Connector, ConnectorContext, HealthResult } from "../connector";
import { parseMtnCallback } from "./callbacks";
import { allowedCallbackUrl, callbackHostMatches, checkStatus, floatBalances, freshToken, readBalance, submitMoney } from "./client";
import { MTN_PRODUCTION_BASE_URL, MTN_SECRET_NAMES, mtnMomoSettingsSchema, requiredSecrets, type MtnMomoSettings } from "./settings";

/**
 * MTN MoMo Open API: Collection (request-to-pay) and Disbursement (transfer or deposit, and the
 * refund of a collection). See README.md for the settings, secrets, mapping and known unknowns.
 */
export type { MtnMomoSettings } from "./settings";
export { mtnMomoSettingsSchema, requiredSecrets as mtnMomoRequiredSecrets } from "./settings";

type Context = ConnectorContext<MtnMomoSettings>;

export const mtnMomoConnector: Connector<MtnMomoSettings> = {
  type: "mtn-momo",
  capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: false, uuidReference: true, partialRefund: true },
  settingsSchema: mtnMomoSettingsSchema,
  serves: { providers: ["mtn"] },
  // MTN's own sandbox moves EUR whatever the market: the currency binds only a real target environment.
  market: (s) => ({
    ...(s.targetEnvironment === "sandbox" ? {} : { currency: { code: s.currency, setting: "currency" } }),
    products: { list: s.products, needs: { collect: "collection", payout: "disbursement" } },
  }),
  secretNames: MTN_SECRET_NAMES,
  // Which secrets are required depends on the `products` setting (a collection-only account has
  // no DISBURSEMENT_*): connector:add and the health of routes ask requiredSecretsFor.
  requiredSecretsFor: (settings) => requiredSecrets(settings),
  defaultBaseUrl: MTN_PRODUCTION_BASE_URL,

  collect(context, order) {
    return submitMoney(context, {
      product: "collection",
      operation: "collect",
      path: "/collection/v1_0/requesttopay",
      reference: order.reference,
      subjectId: order.transactionId,
      currency: order.currency,
      amountMinor: order.amountMinor,
      party: { key: "payer", phone: order.phone },
      payerMessage: order.description || `Payment ${order.transactionId}`,
      payeeNote: order.transactionId,
    });
  },

  payout(context, order) {
    const variant = context.account.settings.payoutVariant;
    return submitMoney(context, {
      product: "disbursement",
      operation: "payout",
      path: `/disbursement/v1_0/${variant}`,
      reference: order.reference,
      subjectId: order.payoutId,
      currency: order.currency,
      amountMinor: order.amountMinor,
      party: { key: "payee", phone: order.method === "mobile_money" ? order.destination : null },
      payerMessage: order.description || `Payout ${order.payoutId}`,
      payeeNote: order.payoutId,
    });
  },

  refund(context, order) {
    return submitMoney(context, {
      product: "disbursement",
      operation: "refund",
      path: "/disbursement/v1_0/refund",
      reference: order.reference,
      subjectId: order.refundId,
      currency: order.currency,
      amountMinor: order.amountMinor,
      // MTN's refund schema has no payee: it refunds the request-to-pay it knows under the
      // X-Reference-Id we sent with the collect, to that collect's payer (README.md).
      party: null,
      payerMessage: `Refund ${order.transactionId}`,
      payeeNote: order.refundId,
      extra: { referenceIdToRefund: order.collectReference },
    });
  },

  status(context, order) {
    return checkStatus(context, order);
  },

  async parseCallback(_context, callback) {
    return parseMtnCallback(callback);
  },

  reconciliation: {
    // GET /{collection|disbursement}/v1_0/account/balance: collects land in collection; payouts
    // and refunds (POST /disbursement/v1_0/refund) leave from disbursement.
    floats: {
      read: (context) => floatBalances(context),
      walletOf: (order) => (order.direction === "collect" ? "collection" : "disbursement"),
    },
  },

  checkHealth(context) {
    return checkMtnHealth(context);
  },

  accountProblems({ environment, settings, callbackUrl }) {
    if (environment !== "production") return [];
    if (!settings.callbackHost) {
      return ["in production MTN accepts X-Callback-Url only on the API user's registered providerCallbackHost: give it as --setting callbackHost=<host> (README.md)"];
    }
    if (!callbackHostMatches(callbackUrl, settings.callbackHost)) {
      return [`the callback URL ${callbackUrl} is not on the registered callback host ${settings.callbackHost}: MTN would answer INVALID_CALLBACK_URL_HOST; set PUBLIC_BASE_URL on that host, or register this one with MTN`];
    }
    return [];
  },
};

/**
 * A fresh token per configured product (a cached one proves nothing about today's keys; the
 * fresh one replaces it), then that product's balance for information. Moves no money.
 */
async function checkMtnHealth(context: Context): Promise<HealthResult> {
  const settings = context.account.settings;
  const missing = requiredSecrets(settings).filter((name) => !context.secrets[name]);
  if (missing.length > 0) return { ok: false, detail: `missing secrets: ${missing.join(", ")}` };
  const lines: string[] = [];
  let ok = true;
  for (const product of settings.products) {
    try {
      await freshToken(context, product);
      const balance = await readBalance(context, product).catch(() => null);
      lines.push(`${product}: token ok${balance ? `, balance ${balance.availableBalance} ${balance.currency ?? settings.currency}` : ", balance not available"}`);
    } catch (err) {
      ok = false;
      lines.push(`${product}: ${err instanceof Error ? err.message : "token request failed"}`);
    }
  }
  if (!settings.callbackHost && context.account.environment === "production") {
    ok = false;
    lines.push("callbacks: no callbackHost configured; in production MTN refuses an X-Callback-Url off the API user's registered host (README.md)");
  }
  if (settings.callbackHost && !allowedCallbackUrl(context)) {
    ok = false;
    lines.push(`callbacks: ${context.callbackUrl} is not on the registered callback host ${settings.callbackHost}; MTN would refuse X-Callback-Url, so none is sent (polling only)`);
  }
  return { ok, detail: lines.join("; ") };
}
