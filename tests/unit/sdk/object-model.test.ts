import { describe, expect, it } from "vitest";
import { createPaymentsClient, normalisePayoutMethod, PaymentsApiError, toPayment, toPayout, toQuote, unwrapEnvelope } from "@/sdk/src/index";

/**
 * The SDK's one object model over the spec's quirks (sdk/src/model.ts): the wire answers below
 * are the spec's shapes, unchanged; the SDK reads them one way.
 */
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "x-request-id": "req_1" } });

/** A client whose fetch answers from a table keyed by "METHOD /path". */
function clientAnswering(table: Record<string, () => Response>) {
  return createPaymentsClient({
    apiKey: "pk_test_x:sk_test_y",
    baseUrl: "https://api.example/api/v1",
    maxRetries: 0,
    fetch: async (request) => {
      const key = `${request.method} ${new URL(request.url).pathname.replace("/api/v1", "")}`;
      const answer = table[key];
      if (!answer) throw new Error(`unexpected ${key}`);
      return answer();
    },
  });
}

describe("SDK object model", () => {
  it("one envelope rule: {success, data} loses its wrapper; bare objects and {data, meta} pages stay", () => {
    expect(unwrapEnvelope({ success: true, data: { transactionId: "txn_1" } })).toEqual({ transactionId: "txn_1" });
    expect(unwrapEnvelope({ transactionId: "txn_1", status: "pending" })).toEqual({ transactionId: "txn_1", status: "pending" });
    const page = { data: [{ transactionId: "txn_1" }], meta: { page: 1 } };
    expect(unwrapEnvelope(page)).toBe(page);
  });

  it("one id name per object: paymentId, payoutId; externalReference for merchantReference", () => {
    expect(toPayment({ transactionId: "txn_1", merchantReference: "order-1", status: "success" })).toEqual({ paymentId: "txn_1", externalReference: "order-1", status: "success" });
    expect(toPayment({ transactionId: "txn_2", externalReference: "order-2" })).toEqual({ paymentId: "txn_2", externalReference: "order-2" });
    const payout = toPayout({ transactionId: "po_1", method: "mobile_money", mobileWallet: { provider: "orange" }, status: "pending" });
    expect(payout).toEqual({ payoutId: "po_1", method: "mobile_money", provider: "orange", mobileWallet: { provider: "orange" }, status: "pending" });
    expect("transactionId" in payout).toBe(false);
  });

  it.each([
    ["MOBILE_MONEY", { method: "mobile_money" }],
    ["mobile_money", { method: "mobile_money" }],
    ["BANK_TRANSFER", { method: "bank_transfer" }],
    ["bank_transfer", { method: "bank_transfer" }],
    ["orange", { method: "mobile_money", provider: "orange" }],
  ])("the method spelled %s is %o", (wire, expected) => {
    expect(normalisePayoutMethod(wire)).toEqual(expected);
  });

  it("a quote's method (a provider code) becomes a typed method and its provider", () => {
    expect(toQuote({ quoteId: "qt_1", method: "wave" })).toMatchObject({ quoteId: "qt_1", method: "mobile_money", provider: "wave" });
    expect(toQuote({ quoteId: "qt_2", method: "bank_transfer" })).toEqual({ quoteId: "qt_2", method: "bank_transfer" });
  });

  it("error codes are normalised to lower case; the wire's spelling stays in body.code", async () => {
    const api = clientAnswering({
      "POST /payouts/quote": () =>
        json(400, { statusCode: 400, message: "Insufficient balance", error: "Bad Request", code: "INSUFFICIENT_BALANCE", balanceCategory: "collect", attempts: [], convertibleFrom: [] }),
      "POST /payouts/initiate": () => json(400, { statusCode: 400, message: "Insufficient balance", error: "Bad Request", code: "insufficient_balance" }),
    });
    const fromQuote = await api.payouts.quote({ amount: 10, currency: "XOF", destinationCountry: "SN", method: "orange" }).catch((e: unknown) => e);
    const fromInitiate = await api.payouts.initiate({ quoteId: "qt_1", recipient: { phone: "+221770000012" } }).catch((e: unknown) => e);
    expect(fromQuote).toBeInstanceOf(PaymentsApiError);
    expect((fromQuote as PaymentsApiError).code).toBe("insufficient_balance");
    expect((fromQuote as PaymentsApiError).body?.code).toBe("INSUFFICIENT_BALANCE");
    expect((fromInitiate as PaymentsApiError).code).toBe("insufficient_balance");
  });

  it("api.objects reads the spec's shapes into the model without changing what is sent", async () => {
    const api = clientAnswering({
      "POST /payments/initiate": () => json(201, { success: true, data: { transactionId: "txn_9", status: "pending", externalReference: "order-9", amount: 5000, currency: "XOF" } }),
      "GET /payments/status/txn_9": () => json(200, { transactionId: "txn_9", status: "success", merchantReference: "order-9", amount: 5000, currency: "XOF" }),
      "GET /payouts/status/po_9": () => json(200, { transactionId: "po_9", status: "success", method: "mobile_money", mobileWallet: { provider: "wave" }, amount: 1000, currency: "XOF" }),
    });
    const created = await api.objects.initiatePayment({ type: "checkout", amount: 5000, externalReference: "order-9" });
    expect(created).toMatchObject({ paymentId: "txn_9", externalReference: "order-9", status: "pending" });
    const read = await api.objects.payment("txn_9");
    expect(read).toMatchObject({ paymentId: "txn_9", externalReference: "order-9", status: "success" });
    const payout = await api.objects.payout("po_9");
    expect(payout).toMatchObject({ payoutId: "po_9", method: "mobile_money", provider: "wave" });
  });
});
