import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { simulatedOutcome } from "@/lib/connectors/sandbox/sandbox-connector";
import { reconcileLedger } from "@/lib/ledger";
import { pollOrder } from "@/lib/orders/orders";
import { fund, wallet } from "../helpers/ledger";
import { createTestMerchant } from "../helpers/merchants";
import {
  cancel,
  driveToFinal,
  frenchBank,
  initiate,
  intlRecipient,
  limits,
  payoutEventTypes,
  quote,
  quoteAndInitiate,
  quoteBody,
  recipient,
  sender,
  status,
} from "../helpers/payouts";
import { ensureReferenceData } from "../helpers/reference";

beforeAll(() => ensureReferenceData());

/** What the ledger finally took from the merchant's XOF wallets for this payout (hold, finalise, release; not the top-up). */
async function debitedFor(payoutId: string) {
  const prisma = await getPrisma();
  const entries = await prisma.ledgerEntry.findMany({
    where: { idempotencyKey: { in: ["hold", "finalise", "release"].map((s) => `payout:${payoutId}:${s}`) } },
    include: { postings: { include: { account: true } } },
  });
  let total = 0n;
  for (const e of entries) for (const p of e.postings) if (p.account.merchantId && p.currency === "XOF") total += p.amount;
  return -total;
}

describe("payout flow: quote → initiate → provider → final state", () => {
  it("success: the ledger finally debits exactly the quote's totalDebit; events pending → processing → success", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { quote: q, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 25_000 }), { recipient: recipient("+221770000012") });
    expect(payout.status).toBe(201);
    const id = payout.json.transactionId;
    const final = await driveToFinal(id);
    expect(final.status).toBe("success");
    expect(q.json.totalDebit).toEqual({ amount: 25_250, currency: "XOF" });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 25_250n, pending: 0n });
    expect(await debitedFor(id)).toBe(25_250n);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    const read = await status(m.headers, id);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ status: "success", providerReference: `sim_${id}`, processedAt: expect.any(String), completedAt: expect.any(String) });
    expect(read.json.errorCode).toBeUndefined();
    const hold = await (await getPrisma()).ledgerHold.findUniqueOrThrow({ where: { id } });
    expect(hold.status).toBe("finalised");
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it.each([
    ["90", "invalid_recipient"],
    ["91", "provider_error"],
    ["92", "account_blocked"],
    ["93", "insufficient_balance"],
    ["94", "limit_exceeded"],
  ])("failure (phone ending %s → %s) returns every unit, fees included", async (digits, code) => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient(`+2217700000${digits}`) });
    const id = payout.json.transactionId;
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
    const final = await driveToFinal(id);
    expect(final.status).toBe("failed");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n, pending: 0n });
    expect(await debitedFor(id)).toBe(0n);
    const read = await status(m.headers, id);
    expect(read.json).toMatchObject({ status: "failed", errorCode: code, errorMessage: expect.any(String) });
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed"]);
    // A failed payout no longer counts against the limits.
    expect((await limits(m.headers)).json.daily.used).toBe(0);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("99: no answer, the payout stays processing with its funds held", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient("+221770000099") });
    const final = await driveToFinal(payout.json.transactionId, 2);
    expect(final.status).toBe("processing");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
  });

  it("95: paid, then reversed by the operator: success then reversed, payout.success then payout.reversed, the principal back, the fee kept; reconciles", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { quote: q, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 25_000 }), { recipient: recipient("+221770000095") });
    expect(payout.status).toBe(201);
    const id = payout.json.transactionId;
    expect(q.json.totalDebit).toEqual({ amount: 25_250, currency: "XOF" });
    const final = await driveToFinal(id);
    expect(final.status).toBe("reversed");
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success", "payout.reversed"]);
    // The 25,000 XOF sent came back; the 250 XOF fee stays earned.
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 250n, pending: 0n });
    const read = await status(m.headers, id);
    expect(read.json).toMatchObject({ status: "reversed", providerReference: `sim_${id}`, reversal: { credited: { amount: 25_000, currency: "XOF" }, reversedAt: expect.any(String) } });
    const types = (await (await getPrisma()).ledgerEntry.findMany({ where: { metadata: { path: ["payoutId"], equals: id } }, orderBy: { createdAt: "asc" } })).map((e) => e.type);
    expect(types).toEqual(["payout_hold", "payout_finalise", "payout_reversal"]);
    // Asked again: nothing more.
    await pollOrder(id);
    expect(await payoutEventTypes(m.merchant.id, id)).toHaveLength(4);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
    // A payment or a refund ending in 95 simply succeeds (only payouts are reversed).
    expect(simulatedOutcome("collect", { id: "txn_95", destination: "+221770000095", submittedAt: new Date(0), amountMinor: 1_000n }, new Date()).status).toBe("success");
    expect(simulatedOutcome("refund", { id: "rf_95", destination: "+221770000012", submittedAt: new Date(0), amountMinor: 1_095n }, new Date()).status).toBe("success");
  });

  it("international with FX: finalised through the FX accounts, ledger reconciles", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 200_000n);
    const { quote: q, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 100_000, destinationCountry: "FR", method: "bank_transfer" }), {
      sender: sender(),
      recipient: intlRecipient(),
      bankAccount: frenchBank(),
      purpose: "INVOICE",
    });
    expect(payout.status).toBe(201);
    const final = await driveToFinal(payout.json.transactionId);
    expect(final.status).toBe("success");
    expect(await debitedFor(final.id)).toBe(BigInt(q.json.totalDebit.amount));
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 200_000n - 115_000n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("a USD payout debited from the XOF settlement wallet: debit.conversionRate 609, fees converted back, reconciles", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { quote: q, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 100, currency: "USD", destinationCountry: "CD", method: "orange" }), {
      sender: sender(),
      recipient: intlRecipient({ nationality: "CD", phone: "+243840000012" }),
      purpose: "family_support",
    });
    expect(q.status).toBe(200);
    // 100 USD at mid 600 = 60,000 XOF; international mobile money c2c: 2.5 % = 1,500 XOF.
    // Principal: 100 × 609 = 60,900 XOF; total 62,400 XOF.
    expect(q.json).toMatchObject({
      source: { amount: 100, currency: "USD" },
      destination: { amount: 100, currency: "USD", country: "CD" },
      fees: { amount: 1_500, currency: "XOF", billed: { amount: 1_500, currency: "XOF", rate: 1 } },
      totalDebit: { amount: 62_400, currency: "XOF" },
      fx: null,
      fxTopUp: null,
    });
    expect(payout.status).toBe(201);
    expect(payout.json).toMatchObject({
      amount: 100,
      currency: "USD",
      netAmount: 100,
      // 1,500 XOF back at 1/609: 2.46 USD.
      fees: 2.46,
      debit: { amount: 62_400, currency: "XOF", conversionRate: 609 },
      international: { destinationCountry: "CD", destinationCurrency: "USD", destinationAmount: 100, fxRate: 1, purpose: "FAMILY_SUPPORT" },
    });
    const final = await driveToFinal(payout.json.transactionId);
    expect(final.status).toBe("success");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 62_400n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("with a top-up: the converted shortfall stays converted, the payout's debit is the quote's", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "XAF", 100_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient("+221770000090") });
    expect(payout.status).toBe(201);
    expect(await wallet(m.merchant.id, "XAF")).toEqual({ available: 90_900n, pending: 0n });
    const final = await driveToFinal(payout.json.transactionId);
    expect(final.status).toBe("failed");
    // Released in full to the debited wallet: 1,000 + 9,100 converted.
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});

describe("cancel, status and limits", () => {
  it("cancel while pending releases the hold in full; again is harmless; after submission 422", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    const id = payout.json.transactionId;
    const res = await cancel(m.headers, id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ transactionId: id, status: "cancelled" });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n, pending: 0n });
    expect((await cancel(m.headers, id)).status).toBe(200);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.cancelled"]);
    // The submit job finds it cancelled and does nothing.
    expect((await driveToFinal(id)).status).toBe("cancelled");

    const second = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    const sid = second.payout.json.transactionId;
    await driveToFinal(sid);
    const late = await cancel(m.headers, sid);
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("invalid_state");
  });

  it("status and cancel are 404 for another merchant's payout", async () => {
    const a = await createTestMerchant();
    const b = await createTestMerchant();
    await fund(a.merchant.id, "XOF", 100_000n);
    const { payout } = await quoteAndInitiate(a.headers, quoteBody(), { recipient: recipient() });
    expect((await status(b.headers, payout.json.transactionId)).status).toBe(404);
    expect((await cancel(b.headers, payout.json.transactionId)).status).toBe(404);
    expect((await status(a.headers, "po_unknown")).status).toBe(404);
  });

  it("GET /payouts/limits shows defaults in the settlement currency and what pending/processing/success payouts use", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const before = await limits(m.headers);
    expect(before.status).toBe(200);
    expect(before.json).toEqual({
      daily: { limit: 10_000_000, used: 0, remaining: 10_000_000, currency: "XOF" },
      monthly: { limit: 100_000_000, used: 0, remaining: 100_000_000, currency: "XOF" },
      perTransaction: { min: 100, max: 5_000_000, currency: "XOF" },
    });
    await initiate(m.headers, { amount: 20_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() });
    const after = await limits(m.headers);
    expect(after.json.daily).toEqual({ limit: 10_000_000, used: 20_000, remaining: 9_980_000, currency: "XOF" });
    expect(after.json.monthly.used).toBe(20_000);
  });
});
