import type { CollectOrder, Connector, ConnectorContext, ConnectorOutcome, HealthResult, OrderRef, PayoutOrder, RefundOrder } from "../connector";
import { airtelFloat, airtelWalletOf } from "./balance";
import { parseAirtelCallback } from "./callbacks";
import { airtelAmount, callAirtel, encryptedPin, freshToken, nationalMsisdn, requireProduct } from "./client";
import { outcomeOfCallError } from "../operator-errors";
import { mapEnquiry, mapRefundEnquiry, mapSubmit } from "./mapping";
import { AIRTEL_PRODUCTION_BASE_URL, AIRTEL_SECRET_NAMES, airtelSettingsSchema, requiredSecrets, type AirtelSettings } from "./settings";

/**
 * Airtel Money Open API: collection (USSD push), disbursement (B2C, encrypted PIN), refund of a
 * collection by its airtel_money_id, enquiries. `transaction.id` = our reference, so a reused id
 * is Airtel's ESB000041 (duplicate) and an enquiry finds any order we sent. See README.md.
 */
export type { AirtelSettings } from "./settings";
export { airtelSettingsSchema } from "./settings";

type Context = ConnectorContext<AirtelSettings>;

export const airtelConnector: Connector<AirtelSettings> = {
  type: "airtel",
  capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: false, uuidReference: false, partialRefund: false },
  settingsSchema: airtelSettingsSchema,
  serves: { providers: ["airtel"] },
  market: (s) => ({
    country: { code: s.country, setting: "country" },
    currency: { code: s.currency, setting: "currency" },
    products: { list: s.products, needs: { collect: "collection", payout: "disbursement" } },
  }),
  secretNames: AIRTEL_SECRET_NAMES,
  requiredSecretsFor: (settings) => requiredSecrets(settings),
  defaultBaseUrl: AIRTEL_PRODUCTION_BASE_URL,
  collect: (context, order) => collect(context, order),
  payout: (context, order) => disburse(context, order),
  refund: (context, order) => refund(context, order),
  status: (context, order) => enquire(context, order),
  async parseCallback(context, callback) {
    return parseAirtelCallback(context, callback);
  },
  checkHealth: (context) => checkAirtelHealth(context),
  reconciliation: {
    // GET /standard/v1/users/balance: one wallet of the app (the `balanceWallet` setting);
    // collects land in collection and refunds leave it, payouts leave disbursement.
    floats: {
      read: (context) => airtelFloat(context),
      walletOf: (order) => airtelWalletOf(order.direction),
    },
  },
};

function precheck(context: Context, country: string, currency: string, phone: string | null): { msisdn: string } | ConnectorOutcome {
  const s = context.account.settings;
  if (currency !== s.currency || country !== s.country) return { status: "failed", reason: "invalid_request", message: `this Airtel account serves ${s.country} in ${s.currency}, not ${country} in ${currency}` };
  const msisdn = nationalMsisdn(phone, s.country);
  if (!msisdn) return { status: "failed", reason: "invalid_request", destinationRelated: true, message: `Airtel needs a ${s.country} mobile number` };
  return { msisdn };
}

/** POST /merchant/{v}/payments/: the USSD prompt; the ack says only that it was sent. */
async function collect(context: Context, order: CollectOrder): Promise<ConnectorOutcome> {
  try {
    requireProduct(context, "collection");
    const checked = precheck(context, order.country, order.currency, order.phone);
    if ("status" in checked) return checked;
    const s = context.account.settings;
    const response = await callAirtel(context, {
      operation: "collect",
      method: "POST",
      path: `/merchant/${s.apiVersion}/payments/`,
      subjectId: order.transactionId,
      body: {
        reference: (order.description || `Payment ${order.transactionId}`).slice(0, 64),
        subscriber: { country: s.country, currency: s.currency, msisdn: checked.msisdn },
        transaction: { amount: airtelAmount(order.amountMinor, order.currency), country: s.country, currency: s.currency, id: order.reference },
      },
    });
    return mapSubmit(response.status, response.text, "collect");
  } catch (err) {
    return outcomeOfCallError(err, "submit", "collect");
  }
}

/** POST /standard/{v}/disbursements/ with the encrypted PIN. */
async function disburse(context: Context, order: PayoutOrder): Promise<ConnectorOutcome> {
  try {
    requireProduct(context, "disbursement");
    if (order.method !== "mobile_money") return { status: "failed", reason: "not_allowed", message: "Airtel Money pays Airtel wallets only" };
    const checked = precheck(context, order.country, order.currency, order.destination);
    if ("status" in checked) return checked;
    const s = context.account.settings;
    const pin = encryptedPin(context);
    const response = await callAirtel(context, {
      operation: "payout",
      method: "POST",
      path: `/standard/${s.apiVersion}/disbursements/`,
      subjectId: order.payoutId,
      redact: [pin],
      body: {
        payee: { msisdn: checked.msisdn, currency: s.currency, ...(order.recipientName ? { name: order.recipientName.slice(0, 100) } : {}) },
        reference: (order.description || `Payout ${order.payoutId}`).slice(0, 64),
        pin,
        transaction: { amount: airtelAmount(order.amountMinor, order.currency), id: order.reference, type: "B2C" },
      },
    });
    return mapSubmit(response.status, response.text, "payout");
  } catch (err) {
    return outcomeOfCallError(err, "submit", "payout");
  }
}

/** POST /standard/{v}/payments/refund by the collection's airtel_money_id (Airtel takes no id of ours here). */
async function refund(context: Context, order: RefundOrder): Promise<ConnectorOutcome> {
  if (!order.collectOperatorReference) return { status: "failed", reason: "invalid_request", message: "the collection has no airtel_money_id to refund" };
  // Airtel's refund names the transaction only (`{"transaction": {"airtel_money_id"}}`, README "Refunds")
  // and gives it all back: a partial refund sent there would repay the customer in full.
  if (order.amountMinor !== order.collectAmountMinor) {
    return { status: "failed", reason: "not_allowed", message: "Airtel Money refunds a collection in full only; a partial refund cannot go through Airtel" };
  }
  try {
    requireProduct(context, "collection");
    const s = context.account.settings;
    if (order.currency !== s.currency) return { status: "failed", reason: "invalid_request", message: `this Airtel account moves ${s.currency} only` };
    const response = await callAirtel(context, {
      operation: "refund",
      method: "POST",
      path: `/standard/${s.refundApiVersion}/payments/refund`,
      subjectId: order.refundId,
      operatorReference: order.collectOperatorReference,
      body: { transaction: { airtel_money_id: order.collectOperatorReference } },
    });
    return mapSubmit(response.status, response.text, "refund");
  } catch (err) {
    return outcomeOfCallError(err, "submit", "refund");
  }
}

/**
 * GET the order by our id. A refund has no id of its own at Airtel: its status is read from an
 * enquiry of the collection it refunds (`order.collect`, README "Refunds"); it is never sent
 * again (Airtel's refund carries no id of ours to deduplicate on).
 */
async function enquire(context: Context, order: OrderRef): Promise<ConnectorOutcome> {
  if (order.direction === "refund") return enquireRefund(context, order);
  try {
    requireProduct(context, order.direction === "collect" ? "collection" : "disbursement");
    const s = context.account.settings;
    const id = encodeURIComponent(order.reference);
    const path = order.direction === "collect" ? `/standard/${s.apiVersion}/payments/${id}` : `/standard/${s.apiVersion}/disbursements/${id}?transactionType=B2C`;
    const response = await callAirtel(context, { operation: `${order.direction}.status`, method: "GET", path, subjectId: order.id, operatorReference: order.operatorReference ?? undefined });
    return mapEnquiry(response.status, response.text, order.direction);
  } catch (err) {
    return outcomeOfCallError(err, "status check", order.direction);
  }
}

async function enquireRefund(context: Context, order: OrderRef): Promise<ConnectorOutcome> {
  const collect = order.collect;
  if (!collect) return { status: "pending", message: "the refunded collection is unknown: nothing to ask Airtel" };
  try {
    requireProduct(context, "collection");
    const path = `/standard/${context.account.settings.apiVersion}/payments/${encodeURIComponent(collect.reference)}`;
    const response = await callAirtel(context, { operation: "refund.status", method: "GET", path, subjectId: order.id, operatorReference: collect.operatorReference ?? undefined });
    return mapRefundEnquiry(response.status, response.text, collect.operatorReference);
  } catch (err) {
    return outcomeOfCallError(err, "status check", "refund");
  }
}

async function checkAirtelHealth(context: Context): Promise<HealthResult> {
  const missing = requiredSecrets(context.account.settings).filter((n) => !context.secrets[n]);
  if (missing.length > 0) return { ok: false, detail: `missing secrets: ${missing.join(", ")}` };
  try {
    await freshToken(context);
    if (context.account.settings.products.includes("disbursement")) encryptedPin(context);
    return { ok: true, detail: `token ok; ${context.account.settings.country} ${context.account.settings.currency}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : "token request failed" };
  }
}
