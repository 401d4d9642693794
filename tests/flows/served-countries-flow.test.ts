import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { type CurrencyCode, fromMinor, toMinor } from "@/lib/money";
import { SEED_CHANNELS, SEED_COUNTRIES } from "@/lib/reference/catalogue-seed";
import { sampleNumber } from "@/lib/reference/sample-numbers";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { wallet } from "../helpers/ledger";
import { createTestMerchant } from "../helpers/merchants";
import { directBody, driveToFinal, eventTypes, initiatePayment } from "../helpers/payments";
import { driveToFinal as drivePayout, payoutEventTypes, quoteAndInitiate } from "../helpers/payouts";
import { driveRefund, paymentStatus, refund } from "../helpers/refunds";
import { ensureReferenceData } from "../helpers/reference";
import { startReceiver } from "../helpers/webhook-receiver";
import { driveDelivery } from "../helpers/webhooks";

/**
 * The same sandbox flow in every collect country the catalogue serves, old and new: a direct
 * collect from the country's first mobile-money operator (bank transfer where it has none), its
 * signed webhook delivered over HTTP, settlement, a domestic payout in the local currency to a
 * payout operator of the country, and a partial refund, with the ledger reconciled at the end.
 * Numbers are the sandbox sample numbers (lib/reference/sample-numbers.ts: the operator's own
 * block, ending …12 = success). Amounts per currency are in major units and chosen inside every
 * bound on the way (operator channels, corridor, the default payout limits, what is left after
 * fees); UGX and RWF are whole, and the test checks that nothing came back with a fraction.
 */
const AMOUNTS: Record<string, { collect: number; payout: number; refund: number }> = {
  XOF: { collect: 10_000, payout: 5_000, refund: 1_000 },
  XAF: { collect: 10_000, payout: 5_000, refund: 1_000 },
  KES: { collect: 2_000, payout: 500, refund: 200 },
  UGX: { collect: 50_000, payout: 10_000, refund: 5_000 },
  TZS: { collect: 50_000, payout: 10_000, refund: 5_000 },
  RWF: { collect: 20_000, payout: 5_000, refund: 2_000 },
  ZMW: { collect: 1_000, payout: 200, refund: 100 },
  GHS: { collect: 1_000, payout: 200, refund: 100 },
};

const MOBILE = (provider: string) => provider !== "bank_transfer" && provider !== "crypto";

/** The country's first collect method in its own currency (channel order = priority), and its first payout operator. */
function plan(code: string) {
  const country = SEED_COUNTRIES.find((c) => c.code === code)!;
  const local = SEED_CHANNELS.filter((c) => c.countryCode === code && c.currency === country.currency);
  const collect = local.find((c) => c.direction === "collect" && MOBILE(c.providerCode))?.providerCode ?? "bank_transfer";
  const payout = local.find((c) => c.direction === "payout" && MOBILE(c.providerCode))?.providerCode ?? "bank_transfer";
  return { country, collect, payout };
}

const SERVED = SEED_COUNTRIES.filter((c) => c.active).map((c) => c.code);

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  await ensureReferenceData();
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());

describe("every served country: collect → webhook → payout → refund in sandbox", () => {
  it("serves the 14 CFA countries and the six of East Africa and Ghana", () => {
    expect(SERVED).toEqual(["SN", "CI", "BJ", "BF", "ML", "NE", "TG", "GW", "CM", "GA", "CG", "TD", "CF", "GQ", "KE", "UG", "TZ", "RW", "ZM", "GH"]);
  });

  it.each(SERVED)("%s", async (code) => {
    const { country, collect, payout } = plan(code);
    const currency = country.currency as CurrencyCode;
    const amounts = AMOUNTS[currency]!;
    const m = await createTestMerchant({ country: code });
    expect(m.merchant.settlementCurrency).toBe(currency);
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    const prisma = await getPrisma();

    // Collect.
    const customerPhone = sampleNumber(code, collect);
    const created = await initiatePayment(m.headers, directBody({ provider: collect, country: code, currency, customerPhone, amount: amounts.collect }));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.data).toMatchObject({ amount: amounts.collect, currency, country: code, status: "pending" });
    const paid = await driveToFinal(created.json.data.transactionId);
    expect(paid).toMatchObject({ status: "success", amount: toMinor(amounts.collect, currency), currency, provider: collect });
    const net = paid.amount - paid.fee;
    expect(await eventTypes(m.merchant.id, paid.id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);

    // Its webhook, signed, over HTTP, with the amount as the merchant sent it.
    const success = await prisma.webhookEvent.findFirstOrThrow({ where: { merchantId: m.merchant.id, transactionId: paid.id, type: "payment.success" } });
    await driveDelivery(success.id, (e) => e.status === "delivered");
    const delivered = receiver.requests.find((r) => r.headers["webhook-id"] === success.id)!;
    const secret = await revealWebhookSecret(m.merchant.id, "sandbox", "test");
    const payload = new Webhook(secret).verify(delivered.body, delivered.headers) as { type: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: "payment.success", data: { transactionId: paid.id, amount: amounts.collect, currency, status: "success" } });

    // Settlement, then a domestic payout in the local currency.
    await runSettlement({ merchantId: m.merchant.id, now: new Date(Date.now() + 30 * 86_400_000) });
    expect(await wallet(m.merchant.id, currency)).toEqual({ available: net, pending: 0n });
    const beneficiary =
      payout === "bank_transfer"
        ? { recipient: { name: "Ada Obi" }, bankAccount: { accountNumber: "00120045678912" } }
        : { recipient: { phone: sampleNumber(code, payout), name: "Ada Obi" } };
    const { quote, payout: initiated } = await quoteAndInitiate(m.headers, { amount: amounts.payout, currency, destinationCountry: code, method: payout }, beneficiary);
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json).toMatchObject({ source: { amount: amounts.payout, currency }, destination: { amount: amounts.payout, currency, country: code }, fx: null, fxTopUp: null });
    expect(quote.json.totalDebit.currency).toBe(currency);
    expect(initiated.status, JSON.stringify(initiated.json)).toBe(201);
    const po = await drivePayout(initiated.json.transactionId);
    expect(po.status).toBe("success");
    expect(await payoutEventTypes(m.merchant.id, po.id)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    const totalDebit = toMinor(quote.json.totalDebit.amount, currency);
    expect(await wallet(m.merchant.id, currency)).toEqual({ available: net - totalDebit, pending: 0n });

    // A partial refund of the collect, from what is left.
    const asked = await refund(m.headers, paid.id, { amount: amounts.refund });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    expect(await driveRefund(asked.json.refundId)).toMatchObject({ status: "success" });
    expect((await paymentStatus(m.headers, paid.id)).json).toMatchObject({ status: "success", refundedAmount: amounts.refund, currency });
    const left = net - totalDebit - toMinor(amounts.refund, currency);
    expect(await wallet(m.merchant.id, currency)).toEqual({ available: left, pending: 0n });
    // Whole currencies stay whole on the wire.
    if (currency === "UGX" || currency === "RWF" || currency === "XOF" || currency === "XAF") {
      for (const n of [quote.json.fees.amount, quote.json.totalDebit.amount, fromMinor(left, currency)]) expect(Number.isInteger(n), `${n} ${currency}`).toBe(true);
    }
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
