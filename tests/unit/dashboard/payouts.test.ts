import { beforeAll, describe, expect, it } from "vitest";
import { addTestFunds } from "@/lib/dashboard/balances";
import { getOverview, pairVolumes, buildVolumeSeries } from "@/lib/dashboard/overview";
import { listDashboardPayments } from "@/lib/dashboard/payments";
import { messages } from "@/lib/dashboard/i18n";
import { cancelDashboardPayout, getDashboardPayout, listDashboardPayouts, PAYOUT_STATUSES } from "@/lib/dashboard/payouts";
import { applyOrderStatus } from "@/lib/orders/apply-order-status";
import { payoutOrders } from "@/lib/payouts/payout-orders";
import { transactionHref } from "@/lib/dashboard/transaction-href";
import { getPrisma } from "@/lib/db/client";
import { directBody, initiatePayment } from "../../helpers/payments";
import { driveToFinal, frenchBank, intlRecipient, quoteAndInitiate, quoteBody, recipient, sender } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

async function merchantWithPayout(amount = 10_000, reference = `po-${Math.random().toString(36).slice(2, 10)}`) {
  const m = await signedUpMerchant();
  expect(await addTestFunds(m.scope, { currency: "XOF", amount: "100000" })).toMatchObject({ ok: true });
  const { quote, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount }), { recipient: recipient("+221770000012"), externalReference: reference });
  expect(payout.status, JSON.stringify(payout.json)).toBe(201);
  return { ...m, payoutId: payout.json.transactionId as string, quoteId: quote.json.quoteId as string, reference };
}

describe("payouts pages", () => {
  it("lists only the session merchant's payouts (never its payments), with filters", async () => {
    const a = await merchantWithPayout();
    const b = await merchantWithPayout();
    await initiatePayment(a.headers, directBody());
    const listA = await listDashboardPayouts(a.scope, {});
    expect(listA.data.map((p) => p.transactionId)).toEqual([a.payoutId]);
    expect(listA.data[0]).toMatchObject({ type: "payout", status: "pending", amount: 10_000, currency: "XOF", customerName: "Awa Diop" });
    expect(listA.meta.total).toBe(1);
    expect((await listDashboardPayouts(a.scope, { externalReference: b.reference })).data).toEqual([]);
    expect((await listDashboardPayouts(a.scope, { externalReference: a.reference, status: "pending" })).data).toHaveLength(1);
    expect((await listDashboardPayouts(a.scope, { status: "success" })).data).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listDashboardPayouts(a.scope, { startDate: today, endDate: today, status: "" })).data).toHaveLength(1);
    expect((await listDashboardPayouts(a.scope, { endDate: "2020-01-01" })).data).toHaveLength(0);
  });

  it("the payments list shows collections by default; its 'all' view holds payouts too, each row linking to its own page (a payout under /payouts, never a 404 under /payments)", async () => {
    const a = await merchantWithPayout();
    const paid = await initiatePayment(a.headers, directBody());
    expect((await listDashboardPayments(a.scope, {})).data.map((r) => r.transactionId)).toEqual([paid.json.data.transactionId]);
    expect((await listDashboardPayments(a.scope, { view: "payout" })).data.map((r) => r.transactionId)).toEqual([a.payoutId]);
    const rows = (await listDashboardPayments(a.scope, { view: "all" })).data;
    const hrefs = Object.fromEntries(rows.map((r) => [r.transactionId, transactionHref(r)]));
    expect(hrefs).toEqual({
      [a.payoutId]: `/dashboard/payouts/${a.payoutId}`,
      [paid.json.data.transactionId]: `/dashboard/payments/${paid.json.data.transactionId}`,
    });
    // The payout link opens a page: the payout detail finds it.
    expect(await getDashboardPayout(a.scope, a.payoutId)).not.toBeNull();
  });

  it("a payout the operator reversed: found by its own status filter, its timeline says so, and every payout status has its words in en and fr", async () => {
    const a = await merchantWithPayout();
    const paid = await driveToFinal(a.payoutId);
    expect(paid.status).toBe("success");
    expect(await applyOrderStatus(payoutOrders, paid, { status: "reversed", message: "returned by the operator" })).toMatchObject({ status: "reversed" });
    expect((await listDashboardPayouts(a.scope, { status: "reversed" })).data.map((p) => p.transactionId)).toEqual([a.payoutId]);
    const detail = await getDashboardPayout(a.scope, a.payoutId);
    expect(detail?.payout).toMatchObject({ status: "reversed", reversedAt: expect.any(Date) });
    expect(detail?.timeline.map((t) => t.toStatus)).toEqual(["pending", "processing", "success", "reversed"]);
    expect(detail?.webhooks.map((e) => e.type).slice(-2)).toEqual(["payout.success", "payout.reversed"]);
    for (const locale of ["en", "fr"] as const) {
      const m = messages(locale);
      for (const status of PAYOUT_STATUSES) expect(m.status[status], `${locale} ${status}`).toBeTruthy();
      expect(m.payout.reversedHelp).toContain("{amount}");
      expect(m.statement.types.payout_reversal).toBeTruthy();
    }
  });

  it("searches by phone (as dialled at home or with +), by part of a name, by reference or id, scoped to the merchant; signed rows carry the number", async () => {
    const a = await merchantWithPayout();
    const b = await signedUpMerchant();
    const awa = await initiatePayment(a.headers, directBody({ customerPhone: "+221771234567", customerName: "Awa Ndiaye" }));
    const moussa = await initiatePayment(a.headers, directBody({ customerPhone: "+221770000012", customerName: "Moussa Diop", externalReference: "order-777" }));
    // Another merchant's customer with the same number and name: never found from a.
    await initiatePayment(b.headers, directBody({ customerPhone: "+221771234567", customerName: "Awa Ndiaye" }));
    const ids = async (q: string, view = "all") => (await listDashboardPayments(a.scope, { q, view })).data.map((r) => r.transactionId);
    const awaId = awa.json.data.transactionId;
    const moussaId = moussa.json.data.transactionId;
    expect(await ids("77 123 45 67")).toEqual([awaId]);
    expect(await ids("+221 77 123 45 67")).toEqual([awaId]);
    expect(await ids("00221771234567")).toEqual([awaId]);
    expect(await ids("ndiaye")).toEqual([awaId]);
    expect(await ids("order-777")).toEqual([moussaId]);
    expect(await ids(moussaId)).toEqual([moussaId]);
    // The payout's recipient (Awa Diop, +221770000012) is found by number with Moussa's payment, in the all view; a wildcard is text.
    expect(new Set(await ids("770000012"))).toEqual(new Set([moussaId, a.payoutId]));
    expect(await ids("%")).toEqual([]);
    expect((await listDashboardPayouts(a.scope, { q: "awa diop" })).data.map((r) => r.transactionId)).toEqual([a.payoutId]);
    // Rows carry the number for the list's customer column.
    expect((await listDashboardPayments(a.scope, { q: "ndiaye" })).data[0]).toMatchObject({ customerName: "Awa Ndiaye", contact: "+221771234567" });
    // Too short: said on the field, nothing searched.
    expect(await listDashboardPayments(a.scope, { q: "a" })).toMatchObject({ fieldErrors: { q: "tooShort" }, data: [] });
  });

  it("shows the filters' validation errors instead of failing; collect-only statuses are refused", async () => {
    const a = await signedUpMerchant();
    const bad = await listDashboardPayouts(a.scope, { status: "paid", startDate: "2026-13-01", page: "0" });
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["page", "startDate", "status"]);
    expect(bad.data).toEqual([]);
    const refunded = await listDashboardPayouts(a.scope, { status: "refunded" });
    expect(refunded.fieldErrors.status).toMatch(/pending, processing, success, failed, cancelled/);
  });

  it("the detail has the quote numbers, the beneficiary, the timeline and the webhook events; another merchant's payout is not found", async () => {
    const a = await merchantWithPayout(25_000);
    const b = await signedUpMerchant();
    const detail = await getDashboardPayout(a.scope, a.payoutId);
    expect(detail?.payout).toMatchObject({ id: a.payoutId, amount: 25_000n, fees: 250n, debitAmount: 25_250n, debitCurrency: "XOF", debitConversionRate: "1" });
    expect(detail?.quote).toMatchObject({ id: a.quoteId, feeBilledXof: 250n, totalDebitAmount: 25_250n });
    expect(detail?.payout.recipient).toMatchObject({ name: "Awa Diop", phone: "+221770000012" });
    expect(detail?.payout.mobileWallet).toEqual({ provider: "orange" });
    expect(detail?.timeline.map((c) => c.toStatus)).toEqual(["pending"]);
    expect(detail?.webhooks.map((e) => e.type)).toEqual(["payout.pending"]);
    expect(await getDashboardPayout(b.scope, a.payoutId)).toBeNull();
    expect(await getDashboardPayout({ ...a.scope, environment: "production" }, a.payoutId)).toBeNull();
    expect(await getDashboardPayout(a.scope, "../nope")).toBeNull();
  });

  it("an international bank payout's detail has the FX, the debit, the sender and the bank account", async () => {
    const m = await signedUpMerchant();
    await addTestFunds(m.scope, { currency: "XOF", amount: "200000" });
    const { quote, payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 100_000, destinationCountry: "FR", method: "bank_transfer" }), {
      sender: sender(),
      recipient: intlRecipient(),
      bankAccount: frenchBank(),
      purpose: "INVOICE",
    });
    expect(payout.status, JSON.stringify(payout.json)).toBe(201);
    const detail = (await getDashboardPayout(m.scope, payout.json.transactionId))!;
    expect(detail.payout).toMatchObject({ international: true, destinationCurrency: "EUR", destinationCountry: "FR", purpose: "INVOICE", mobileWallet: null });
    expect(detail.payout.bankAccount).toMatchObject({ swiftBic: "BNPAFRPPXXX" });
    expect(detail.payout.sender).toMatchObject({ firstName: "Moussa", nationality: "SN" });
    expect(detail.quote?.fxRate).toBe(String(quote.json.fx.rate));
    expect(detail.payout.debitAmount).toBe(BigInt(quote.json.totalDebit.amount));
    expect(detail.payout.destinationAmount).toBe(BigInt(Math.round(quote.json.destination.amount * 100)));
  });

  it("cancel: another merchant's payout is not found and stays pending; the owner cancels; a non-pending payout is an error", async () => {
    const a = await merchantWithPayout();
    const b = await signedUpMerchant();
    expect(await cancelDashboardPayout(b.scope, a.payoutId)).toMatchObject({ ok: false, code: "not_found" });
    expect(await cancelDashboardPayout({ ...a.scope, environment: "production" }, a.payoutId)).toMatchObject({ ok: false, code: "not_found" });
    expect(await cancelDashboardPayout(a.scope, 42)).toMatchObject({ ok: false, code: "validation_error" });
    const prisma = await getPrisma();
    expect((await prisma.payout.findUniqueOrThrow({ where: { id: a.payoutId } })).status).toBe("pending");

    expect(await cancelDashboardPayout(a.scope, a.payoutId)).toEqual({ ok: true, data: { id: a.payoutId, status: "cancelled" } });
    const detail = await getDashboardPayout(a.scope, a.payoutId);
    expect(detail?.timeline.map((c) => c.toStatus)).toEqual(["pending", "cancelled"]);
    expect(detail?.webhooks.map((e) => e.type)).toEqual(["payout.pending", "payout.cancelled"]);

    const c = await merchantWithPayout();
    expect((await driveToFinal(c.payoutId)).status).toBe("success");
    const refused = await cancelDashboardPayout(c.scope, c.payoutId);
    expect(refused).toMatchObject({ ok: false, code: "invalid_state" });
    if (!refused.ok) expect(refused.error).toMatch(/success and can no longer be cancelled/);
  });

  it("overview: paid-out volume (successful payouts only, the session merchant's) next to collected volume", async () => {
    const a = await merchantWithPayout(20_000);
    const other = await merchantWithPayout(30_000);
    expect((await driveToFinal(a.payoutId)).status).toBe("success");
    expect((await driveToFinal(other.payoutId)).status).toBe("success");
    // A pending one does not count.
    await quoteAndInitiate(a.headers, quoteBody({ amount: 5_000 }), { recipient: recipient("+221770000012") });
    const overview = await getOverview(a.scope);
    expect(overview.paidOut).toHaveLength(1);
    expect(overview.paidOut[0]).toMatchObject({ currency: "XOF", total: 20_000n, count: 1 });
    expect(overview.paidOut[0].days.at(-1)?.amount).toBe(20_000n);
    expect(overview.volume).toEqual([]);
    // One pair per currency: the collected side is a zero series here.
    expect(overview.volumes).toHaveLength(1);
    expect(overview.volumes[0].collected.total).toBe(0n);
    expect(overview.volumes[0].collected.days).toHaveLength(30);
    expect(overview.volumes[0].paidOut.total).toBe(20_000n);
  });

  it("pairVolumes: currencies of either side, sorted, never mixed", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const collected = buildVolumeSeries([{ currency: "XOF", day: "2026-03-01", amount: 5000n, count: 1 }], now);
    const paidOut = buildVolumeSeries([{ currency: "EUR", day: "2026-02-28", amount: 700n, count: 1 }], now);
    const pairs = pairVolumes(collected, paidOut, now);
    expect(pairs.map((p) => p.currency)).toEqual(["EUR", "XOF"]);
    expect(pairs[0].collected.total).toBe(0n);
    expect(pairs[0].paidOut.total).toBe(700n);
    expect(pairs[1].collected.total).toBe(5000n);
    expect(pairs[1].paidOut.total).toBe(0n);
  });
});
