import { UnsupportedOperationError, type CollectOrder, type Connector, type ConnectorContext, type ConnectorOutcome, type HealthResult, type OrderRef, type PayoutOrder } from "../connector";
import { parseDarajaCallback } from "./callbacks";
import {
  callbackUrlFor,
  freshToken,
  mpesaInCallbackUrl,
  postDaraja,
  requireProduct,
  securityCredential,
  stkCredentials,
  toDarajaMsisdn,
  wholeAmount,
} from "./client";
import { outcomeOfCallError } from "../operator-errors";
import { mapStkQuery, mapSubmit } from "./mapping";
import { MPESA_PRODUCTION_BASE_URL, MPESA_SECRET_NAMES, mpesaDarajaSettingsSchema, requiredSecrets, type MpesaDarajaSettings } from "./settings";

/**
 * Safaricom M-Pesa Daraja (Kenya): M-Pesa Express (STK push) to collect, B2C to pay out,
 * Transaction Status to confirm a payout. No refund: Daraja's reversal API is not implemented (README.md), so
 * `route:set --direction refund` is refused. See README.md.
 */
export type { MpesaDarajaSettings } from "./settings";
export { mpesaDarajaSettingsSchema } from "./settings";

type Context = ConnectorContext<MpesaDarajaSettings>;

export const mpesaDarajaConnector: Connector<MpesaDarajaSettings> = {
  type: "mpesa-daraja",
  // Our id is the reference (AccountReference is too short for it; OriginatorConversationID takes it).
  capabilities: { collect: "push", payout: true, refund: false, signedCallbacks: false, uuidReference: false, partialRefund: false },
  settingsSchema: mpesaDarajaSettingsSchema,
  // Safaricom's API: M-Pesa in Kenya (Vodacom's M-Pesa in Tanzania is another operator's API).
  serves: { providers: ["mpesa"], countries: ["KE"] },
  market: (s) => ({
    currency: { code: s.currency, setting: "currency" },
    products: { list: s.products, needs: { collect: "collection", payout: "payout" } },
  }),
  secretNames: MPESA_SECRET_NAMES,
  requiredSecretsFor: (settings) => requiredSecrets(settings),
  defaultBaseUrl: MPESA_PRODUCTION_BASE_URL,

  collect: (context, order) => stkPush(context, order),
  payout: (context, order) => b2cPayment(context, order),
  refund() {
    throw new UnsupportedOperationError("mpesa-daraja", "refunds");
  },
  status: (context, order) => (order.direction === "collect" ? stkQuery(context, order) : transactionStatus(context, order)),
  async parseCallback(context, callback) {
    return parseDarajaCallback(context, callback);
  },
  checkHealth: (context) => checkDarajaHealth(context),
  reconciliation: {
    // Transaction Status answers later, on a callback: a B2C payout is reconciled from the statement.
    readableStatus: ["collect"],
    // The organisation statement of the M-Pesa business portal (README "Reconciliation"): rows
    // carry M-Pesa's receipt, which is the operator reference a success leaves on our order.
    statement: {
      documentedAt: "the M-Pesa business portal's organisation statement export (README.md, Reconciliation)",
      columns: { operatorReference: "Receipt No.", time: "Completion Time", status: "Transaction Status", credit: "Paid In", debit: "Withdrawn" },
      statuses: { Completed: "success", Failed: "failed", Cancelled: "failed", Declined: "failed" },
      // A collect's row names its receipt, which the STK query never gives us: collects are asked by status.
      directions: ["payout"],
    },
  },
  accountProblems({ id, callbackUrl }) {
    const problems: string[] = [];
    if (/mpesa/i.test(id)) problems.push(`its id "${id}" contains "mpesa", and the id is part of the callback URL Daraja is reported to refuse: choose another (e.g. safaricom-ke)`);
    else if (mpesaInCallbackUrl(callbackUrl)) problems.push(`its callback URL ${callbackUrl} contains "mpesa", which Daraja is reported to refuse: serve PUBLIC_BASE_URL from a host without it`);
    return problems;
  },
};

/** Refusals before anything is sent: the order cannot be expressed in Daraja's terms. */
function precheck(context: Context, currency: string, amountMinor: bigint, phone: string | null): { amount: number; msisdn: string } | ConnectorOutcome {
  const settings = context.account.settings;
  if (mpesaInCallbackUrl(context.callbackUrl)) {
    return { status: "failed", reason: "configuration_error", message: "the callback URL contains \"mpesa\", which Daraja refuses: rename the account and keep PUBLIC_BASE_URL free of it (README.md)" };
  }
  if (currency !== settings.currency) return { status: "failed", reason: "invalid_request", message: `this M-Pesa account moves ${settings.currency} only, not ${currency}` };
  const amount = wholeAmount(amountMinor, currency);
  if (amount === null) return { status: "failed", reason: "invalid_amount", message: `M-Pesa takes whole ${currency} only` };
  const msisdn = toDarajaMsisdn(phone);
  if (!msisdn) return { status: "failed", reason: "invalid_request", destinationRelated: true, message: "M-Pesa needs a Kenyan mobile number (+2547… or +2541…)" };
  return { amount, msisdn };
}

/** POST /mpesa/stkpush/v1/processrequest: the prompt on the payer's handset. */
async function stkPush(context: Context, order: CollectOrder): Promise<ConnectorOutcome> {
  try {
    requireProduct(context, "collection");
    const checked = precheck(context, order.currency, order.amountMinor, order.phone);
    if ("status" in checked) return checked;
    const s = context.account.settings;
    const stk = stkCredentials(context);
    const response = await postDaraja(context, {
      operation: "collect",
      path: "/mpesa/stkpush/v1/processrequest",
      subjectId: order.transactionId,
      redact: [stk.Password],
      body: {
        ...stk,
        TransactionType: s.transactionType,
        Amount: checked.amount,
        PartyA: checked.msisdn,
        PartyB: s.partyB ?? stk.BusinessShortCode,
        PhoneNumber: checked.msisdn,
        CallBackURL: callbackUrlFor(context, "stk", order.reference),
        // Shown on the prompt (≤ 12): the account's label, else the tail of our id.
        AccountReference: s.accountReference ?? order.transactionId.replace(/^txn_/, "").slice(-12),
        // Over-long descriptions make Daraja drop the push (ResultCode 1025): keep it short.
        TransactionDesc: "Payment",
      },
    });
    return mapSubmit(response.status, response.text, "CheckoutRequestID");
  } catch (err) {
    return outcomeOfCallError(err, "submit", "collect");
  }
}

/**
 * POST /mpesa/stkpushquery/v1/query with the CheckoutRequestID Daraja gave at submit, or — when
 * the submit's answer was lost — the one its STK callback named (a hint the core keeps on the
 * attempt, `hintedOperatorReference`). That callback came on the URL made for this order alone
 * (`ref` + `sig`, client.ts), so its CheckoutRequestID is this order's prompt; the query's answer
 * must name the same one. Without either there is nothing to ask: Daraja has no idempotency and
 * no lookup by our reference, so the answer is `pending` and `unaskable`: past the window the core
 * holds the payment for review instead of failing it (the customer may have paid), until a callback
 * names the prompt or ops resolve it from the statement (README.md, "STK recovery"). It is never
 * pushed again.
 */
async function stkQuery(context: Context, order: OrderRef): Promise<ConnectorOutcome> {
  const checkoutRequestId = order.operatorReference ?? order.hintedOperatorReference ?? null;
  if (!checkoutRequestId) return { status: "pending", unaskable: true, message: "no CheckoutRequestID: the STK push's answer was lost and no callback named it yet" };
  try {
    requireProduct(context, "collection");
    const stk = stkCredentials(context);
    const response = await postDaraja(context, {
      operation: "collect.status",
      path: "/mpesa/stkpushquery/v1/query",
      subjectId: order.id,
      operatorReference: checkoutRequestId,
      redact: [stk.Password],
      body: { ...stk, CheckoutRequestID: checkoutRequestId },
    });
    const outcome = mapStkQuery(response.status, response.text, checkoutRequestId);
    // Learnt from a callback: the prompt is now known to exist, under its id, which the payment
    // keeps from this answer on (later asks, reconciliation) whatever the answer says.
    if (!order.operatorReference && (outcome.status === "processing" || outcome.status === "success" || outcome.status === "failed")) return { ...outcome, operatorReference: outcome.operatorReference ?? checkoutRequestId };
    return outcome;
  } catch (err) {
    return outcomeOfCallError(err, "status check", "collect");
  }
}

/** POST /mpesa/b2c/{v3|v1}/paymentrequest, OriginatorConversationID = our reference (never reused). */
async function b2cPayment(context: Context, order: PayoutOrder): Promise<ConnectorOutcome> {
  try {
    requireProduct(context, "payout");
    if (order.method !== "mobile_money") return { status: "failed", reason: "not_allowed", message: "M-Pesa B2C pays M-Pesa wallets only" };
    const checked = precheck(context, order.currency, order.amountMinor, order.destination);
    if ("status" in checked) return checked;
    const s = context.account.settings;
    const credential = securityCredential(context);
    const response = await postDaraja(context, {
      operation: "payout",
      path: `/mpesa/b2c/${s.b2cVersion}/paymentrequest`,
      subjectId: order.payoutId,
      redact: [credential],
      body: {
        OriginatorConversationID: order.reference,
        InitiatorName: s.initiatorName,
        SecurityCredential: credential,
        CommandID: s.commandId,
        Amount: checked.amount,
        PartyA: s.b2cShortcode,
        PartyB: checked.msisdn,
        Remarks: (order.description || `Payout ${order.payoutId}`).slice(0, 100),
        QueueTimeOutURL: callbackUrlFor(context, "b2c-timeout", order.reference),
        ResultURL: callbackUrlFor(context, "b2c", order.reference),
        Occassion: order.payoutId.slice(0, 100), // sic: Daraja's spelling
      },
    });
    return mapSubmit(response.status, response.text, "ConversationID");
  } catch (err) {
    return outcomeOfCallError(err, "submit", "payout");
  }
}

/**
 * Transaction Status for a B2C payout. Daraja's page names the transaction by `TransactionID`
 * (the M-Pesa receipt) or `OriginalConversationID`; some clients send `OriginatorConversationID`
 * (README.md, "Transaction Status keys"). So: the receipt whenever one is known — the B2C result
 * callback's, kept by the core as `hintedOperatorReference` — and our OriginatorConversationID
 * under both spellings always. The answer arrives later on the ResultURL made for this query,
 * with `x` naming what this payout must be (client.ts): callbacks.ts applies it only when it is
 * this payout. Here we only learn whether the question was taken, so the order stays where it
 * was: processing if Daraja acknowledged the B2C, else pending. Never `not_found`: a B2C is never
 * sent twice (reusing an OriginatorConversationID is undocumented).
 */
async function transactionStatus(context: Context, order: OrderRef): Promise<ConnectorOutcome> {
  const acknowledged = order.operatorReference && /^AG_/.test(order.operatorReference) ? order.operatorReference : null;
  const receipt = order.hintedOperatorReference ?? (order.operatorReference && !acknowledged ? order.operatorReference : null);
  const waiting = (message?: string, raw?: ConnectorOutcome["raw"]): ConnectorOutcome =>
    order.operatorReference ? { status: "processing", operatorReference: order.operatorReference, raw } : { status: "pending", message: message ?? "B2C not acknowledged; Transaction Status asked", raw };
  try {
    requireProduct(context, "payout");
    const s = context.account.settings;
    const credential = securityCredential(context);
    const amount = order.amountMinor != null ? wholeAmount(order.amountMinor, order.currency) : null;
    const msisdn = toDarajaMsisdn(order.destination);
    const expected = amount !== null && msisdn ? { amount, msisdn } : null;
    const response = await postDaraja(context, {
      operation: "payout.status",
      path: "/mpesa/transactionstatus/v1/query",
      subjectId: order.id,
      operatorReference: receipt ?? order.operatorReference ?? undefined,
      redact: [credential],
      body: {
        Initiator: s.initiatorName,
        SecurityCredential: credential,
        CommandID: "TransactionStatusQuery",
        ...(receipt ? { TransactionID: receipt } : {}),
        OriginalConversationID: order.reference,
        OriginatorConversationID: order.reference,
        PartyA: s.b2cShortcode,
        IdentifierType: "4",
        ResultURL: callbackUrlFor(context, "status", order.reference, expected),
        QueueTimeOutURL: callbackUrlFor(context, "status-timeout", order.reference),
        Remarks: "Payout status",
        Occasion: order.id,
      },
    });
    const ack = mapSubmit(response.status, response.text, "ConversationID");
    if (ack.status === "processing") return waiting();
    return waiting(`Transaction Status not taken: ${"message" in ack ? ack.message : ack.status}`, ack.raw);
  } catch (err) {
    const outcome = outcomeOfCallError(err, "status check", "payout");
    return outcome.status === "pending" ? waiting(outcome.message) : outcome;
  }
}

/** A fresh token proves the consumer pair; the B2C credential is built to prove the certificate. Moves no money. */
async function checkDarajaHealth(context: Context): Promise<HealthResult> {
  const missing = requiredSecrets(context.account.settings).filter((n) => !context.secrets[n]);
  if (missing.length > 0) return { ok: false, detail: `missing secrets: ${missing.join(", ")}` };
  try {
    await freshToken(context);
    if (context.account.settings.products.includes("payout")) securityCredential(context);
    return { ok: true, detail: `token ok; products ${context.account.settings.products.join(", ")}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : "token request failed" };
  }
}
