import { beforeAll, describe, expect, it } from "vitest";
import { addTestFunds } from "@/lib/dashboard/balances";
import { confirmSendMoney, reviewSendMoney, sendMoneyOptions } from "@/lib/dashboard/send-money";
import { getPrisma } from "@/lib/db/client";
import { wallet } from "../../helpers/ledger";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

const en = { locale: "en" as const, timeZone: "Africa/Dakar" };

describe("send money from the dashboard", () => {
  it("a number typed as people type it, its operator read from the plan, every number of the quote shown, nothing held before the confirmation; the confirmation initiates once", async () => {
    const m = await signedUpMerchant();
    const options = await sendMoneyOptions(m.scope, "fr");
    expect(options.defaultCountry).toBe("SN");
    const sn = options.destinations.find((d) => d.country === "SN")!;
    expect(sn).toMatchObject({ countryName: "Sénégal", currency: "XOF", bank: true });
    expect(sn.operators.map((o) => o.code)).toContain("orange");
    expect(sn.phoneExample).toMatch(/^\d{2}\u00A0\d{3}(\u00A0\d{2}){2}$/);

    // No funds: the quote refuses on the amount field, in French, with the figures.
    const poor = await reviewSendMoney(m.scope, { payTo: "wallet", country: "SN", phone: "77 000 00 12", operator: "auto", name: "Awa Diop", amount: "10 000", currency: "XOF" }, { locale: "fr", timeZone: "UTC" });
    expect(poor).toMatchObject({ ok: false, code: "INSUFFICIENT_BALANCE", fieldErrors: { amount: expect.stringContaining("disponible") }, values: { phone: "77 000 00 12" } });

    expect(await addTestFunds(m.scope, { currency: "XOF", amount: "100000" })).toMatchObject({ ok: true });
    const reviewed = await reviewSendMoney(m.scope, { payTo: "wallet", country: "SN", phone: "77 000 00 12", operator: "auto", name: "Awa Diop", amount: "10 000", currency: "XOF", description: "Loyer" }, en);
    if (!reviewed.ok) throw new Error(reviewed.error);
    const r = reviewed.data;
    expect(r.recipient).toMatchObject({ phone: "+221770000012", operatorCode: "orange", operator: "Orange Money", name: "Awa Diop" });
    expect(r.predicted).not.toBeNull();
    expect(r.amount).toBe("XOF\u00A010,000");
    const quote = await (await getPrisma()).payoutQuote.findUniqueOrThrow({ where: { id: r.quoteId } });
    expect(r.leaves).toBe(`XOF\u00A0${(10_000n + quote.feeAmount).toLocaleString("en")}`);
    expect(r.receives).toBe("XOF\u00A010,000");
    expect(r.fx).toBeNull();
    expect(r.values.operator).toBe("orange");
    expect(await wallet(m.scope.merchantId, "XOF")).toEqual({ available: 100_000n, pending: 0n });

    // The confirmation needs its box ticked, then sends with the reviewed quote, once.
    const unticked = await confirmSendMoney(m.scope, { ...r.values, quoteId: r.quoteId }, en);
    expect(unticked).toMatchObject({ ok: false, code: "validation_error" });
    const sent = await confirmSendMoney(m.scope, { ...r.values, quoteId: r.quoteId, confirm: "yes" }, en);
    if (!sent.ok) throw new Error(sent.error);
    const again = await confirmSendMoney(m.scope, { ...r.values, quoteId: r.quoteId, confirm: "yes" }, en);
    expect(again).toEqual(sent);
    const payout = await (await getPrisma()).payout.findUniqueOrThrow({ where: { id: sent.data.payoutId } });
    expect(payout).toMatchObject({ status: "pending", destination: "+221770000012", provider: "orange", amount: 10_000n, description: "Loyer", quoteId: r.quoteId });
    expect(await wallet(m.scope.merchantId, "XOF")).toEqual({ available: 100_000n - 10_000n - quote.feeAmount, pending: 0n });
    const audit = await (await getPrisma()).auditLog.findFirst({ where: { merchantId: m.scope.merchantId, action: "payout.created" } });
    expect(audit?.actor).toBe(`dashboard:${m.email}`);
  });

  it("refusals land on their field (phone, operator, amount); a hand-picked operator that does not own the number is flagged; a bank account", async () => {
    const m = await signedUpMerchant();
    await addTestFunds(m.scope, { currency: "XOF", amount: "500000" });
    const bad = await reviewSendMoney(m.scope, { payTo: "wallet", country: "SN", phone: "77 00", operator: "auto", amount: "abc", currency: "XOF" }, { locale: "fr", timeZone: "UTC" });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { phone: expect.stringContaining("par exemple"), amount: expect.stringContaining("montant") } });
    const tooBig = await reviewSendMoney(m.scope, { payTo: "wallet", country: "SN", phone: "+221 77 000 00 12", operator: "orange", amount: "90 000 000", currency: "XOF" }, en);
    expect(tooBig).toMatchObject({ ok: false, fieldErrors: { amount: expect.any(String) } });

    // A Free number: no payout by Free here, so the operator is asked for; Orange chosen by hand is flagged.
    const free = { payTo: "wallet", country: "SN", phone: "76 000 00 12", amount: "5000", currency: "XOF" };
    expect(await reviewSendMoney(m.scope, { ...free, operator: "auto" }, en)).toMatchObject({ ok: false, fieldErrors: { operator: expect.stringContaining("operator") } });
    expect(await reviewSendMoney(m.scope, { ...free, operator: "free" }, en)).toMatchObject({ ok: false, fieldErrors: { operator: expect.stringContaining("does not pay out") } });
    const byHand = await reviewSendMoney(m.scope, { ...free, operator: "orange" }, en);
    if (!byHand.ok) throw new Error(byHand.error);
    expect(byHand.data.predicted).toBeNull();
    expect(byHand.data.ownerMismatch).toMatch(/Free/);

    const bank = await reviewSendMoney(m.scope, { payTo: "bank", country: "SN", accountNumber: "SN08 SN01 0015 2000 0485 0000 3035", bankName: "CBAO", name: "Sarl Baobab", amount: "150000", currency: "XOF" }, en);
    if (!bank.ok) throw new Error(bank.error);
    expect(bank.data.recipient).toMatchObject({ operatorCode: "bank_transfer", account: "SN08 SN01 0015 2000 0485 0000 3035", bankName: "CBAO" });
    const sent = await confirmSendMoney(m.scope, { ...bank.data.values, quoteId: bank.data.quoteId, confirm: "yes" }, en);
    if (!sent.ok) throw new Error(sent.error);
    const payout = await (await getPrisma()).payout.findUniqueOrThrow({ where: { id: sent.data.payoutId } });
    expect(payout).toMatchObject({ method: "bank_transfer", destination: "SN08SN0100152000048500003035", recipient: { name: "Sarl Baobab" } });
  });
});
