import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { cancel, frenchBank, initiate, intlRecipient, limits, payoutEventTypes, quote, quoteAndInitiate, quoteBody, recipient, sender } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

async function funded(amount = 1_000_000n) {
  const m = await createTestMerchant();
  await fund(m.merchant.id, "XOF", amount);
  return m;
}

const intlQuote = (overrides: Record<string, unknown> = {}) => quoteBody({ amount: 100_000, destinationCountry: "FR", method: "bank_transfer", ...overrides });
const intlBody = (overrides: Record<string, unknown> = {}) => ({
  sender: sender(),
  recipient: intlRecipient(),
  bankAccount: frenchBank(),
  purpose: "salary",
  ...overrides,
});

describe("POST /payouts/initiate with a quote", () => {
  it("201 pending payout with the quote's numbers; funds held, event and submit job committed with it", async () => {
    const m = await funded(100_000n);
    const { quote: q, payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient(), externalReference: "pay-1", metadata: { run: 7 } });
    expect(payout.status).toBe(201);
    expect(payout.json).toEqual({
      transactionId: expect.stringMatching(/^po_/),
      externalReference: "pay-1",
      status: "pending",
      amount: 10_000,
      currency: "XOF",
      fees: 100,
      netAmount: 10_000,
      method: "mobile_money",
      type: "c2c",
      recipient: { phone: "+221770000012", name: "Awa Diop" },
      mobileWallet: { provider: "orange" },
      debit: { amount: 10_100, currency: "XOF", conversionRate: 1 },
      metadata: { run: 7 },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
    const id = payout.json.transactionId;
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending"]);
    const prisma = await getPrisma();
    expect(await prisma.job.count({ where: { dedupeKey: `payout.submit:${id}` } })).toBe(1);
    expect((await prisma.payoutQuote.findUniqueOrThrow({ where: { id: q.json.quoteId } })).payoutId).toBe(id);
  });

  it("executes the quote's fxTopUp in the same transaction", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "USD", 10_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody({ allowFxFrom: "USD" }), { recipient: recipient() });
    expect(payout.status).toBe(201);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
    expect(await wallet(m.merchant.id, "USD")).toEqual({ available: 10_000n - 1_540n, pending: 0n });
  });

  it("422 quote_already_used the second time", async () => {
    const m = await funded();
    const { quote: q } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    const again = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() });
    expect(again.status).toBe(422);
    expect(again.json.code).toBe("quote_already_used");
  });

  it("400 quote_expired after 300 s", async () => {
    const m = await funded();
    const q = await quote(m.headers, quoteBody());
    await (await getPrisma()).payoutQuote.update({ where: { id: q.json.quoteId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("quote_expired");
    expect(res.json.message).toMatch(/request a new quote/);
  });

  it("404 for another merchant's quote and for an unknown one", async () => {
    const a = await funded();
    const b = await funded();
    const q = await quote(a.headers, quoteBody());
    expect((await initiate(b.headers, { quoteId: q.json.quoteId, recipient: recipient() })).status).toBe(404);
    expect((await initiate(b.headers, { quoteId: "qt_nope", recipient: recipient() })).status).toBe(404);
  });

  it("400 INSUFFICIENT_BALANCE when the wallet was drained after the quote; the quote stays usable", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 10_100n);
    const q1 = await quote(m.headers, quoteBody());
    const q2 = await quote(m.headers, quoteBody());
    expect((await initiate(m.headers, { quoteId: q1.json.quoteId, recipient: recipient() })).status).toBe(201);
    const refused = await initiate(m.headers, { quoteId: q2.json.quoteId, recipient: recipient() });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      balanceCategory: "collect",
      attempts: [{ currency: "XOF", required: 10_100, available: 0 }],
      convertibleFrom: [],
    });
    await fund(m.merchant.id, "XOF", 10_100n);
    expect((await initiate(m.headers, { quoteId: q2.json.quoteId, recipient: recipient() })).status).toBe(201);
  });

  it("400 limit_exceeded when the daily limit would be passed (threshold and currency in the message)", async () => {
    const m = await funded();
    await setPayoutLimits(m.merchant, "sandbox", { daily: "15000" }, { actor: "test" });
    const q1 = await quote(m.headers, quoteBody());
    const q2 = await quote(m.headers, quoteBody());
    expect((await initiate(m.headers, { quoteId: q1.json.quoteId, recipient: recipient() })).status).toBe(201);
    const res = await initiate(m.headers, { quoteId: q2.json.quoteId, recipient: recipient() });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("limit_exceeded");
    expect(res.json.message).toContain("daily payout limit of 15000 XOF");
  });

  it("an externalReference names one payout: a second payout with it (legacy or quoted) is 422 duplicate_reference naming the first, nothing held", async () => {
    const m = await funded(100_000n);
    const legacy = { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: "salary-nov-7" };
    const first = await initiate(m.headers, legacy);
    expect(first.status).toBe(201);
    const retry = await initiate(m.headers, legacy);
    expect(retry.status).toBe(422);
    expect(retry.json).toMatchObject({ code: "duplicate_reference", transactionId: first.json.transactionId });
    expect(retry.json.message).toContain(first.json.transactionId);
    const q = await quote(m.headers, quoteBody());
    const quoted = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient(), externalReference: "salary-nov-7" });
    expect(quoted.status).toBe(422);
    expect(quoted.json.code).toBe("duplicate_reference");
    // One payout held; the quote is still free for another reference.
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 10_100n, pending: 0n });
    expect((await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient(), externalReference: "salary-nov-8" })).status).toBe(201);
    // Another merchant may use the same reference.
    const other = await funded(100_000n);
    expect((await initiate(other.headers, legacy)).status).toBe(201);
  });

  it("the limit windows run: a refusal takes nothing, a cancelled payout gives its amount back (GET /payouts/limits agrees)", async () => {
    const m = await funded();
    await setPayoutLimits(m.merchant, "sandbox", { daily: "15000" }, { actor: "test" });
    // Quotes check the windows too (advisory): take both before the first payout uses the day.
    const [q1, q2] = [await quote(m.headers, quoteBody()), await quote(m.headers, quoteBody())];
    const first = await initiate(m.headers, { quoteId: q1.json.quoteId, recipient: recipient() });
    expect(first.status).toBe(201);
    expect((await limits(m.headers)).json.daily).toMatchObject({ limit: 15000, used: 10000, remaining: 5000 });
    const refused = await initiate(m.headers, { quoteId: q2.json.quoteId, recipient: recipient() });
    expect(refused.json.code).toBe("limit_exceeded");
    expect((await limits(m.headers)).json.daily.used).toBe(10000);
    expect((await limits(m.headers)).json.monthly.used).toBe(10000);

    const cancelled = await cancel(m.headers, first.json.transactionId);
    expect(cancelled.json).toMatchObject({ status: "cancelled" });
    expect((await limits(m.headers)).json.daily).toMatchObject({ used: 0, remaining: 15000 });
    expect((await limits(m.headers)).json.monthly.used).toBe(0);
    // The refused initiate left q2 unused: it fits now.
    expect((await initiate(m.headers, { quoteId: q2.json.quoteId, recipient: recipient() })).status).toBe(201);
  });

  it("international bank transfer (SWIFT): 201 with the international block, purpose stored upper case", async () => {
    const m = await funded();
    const { payout } = await quoteAndInitiate(m.headers, intlQuote(), intlBody());
    expect(payout.status).toBe(201);
    expect(payout.json).toMatchObject({
      method: "bank_transfer",
      sender: { firstName: "Moussa", lastName: "Ndiaye", nationality: "SN" },
      recipient: { firstName: "Jean", lastName: "Dupont", nationality: "FR", name: "Jean Dupont" },
      bankAccount: { accountNumber: "FR1420041010050500013M02606", swiftBic: "BNPAFRPPXXX" },
      international: { destinationCountry: "FR", destinationCurrency: "EUR", destinationAmount: 150.16, fxRate: 0.0015016228, purpose: "SALARY" },
      debit: { amount: 115_000, currency: "XOF", conversionRate: 1 },
      fees: 15_000,
    });
  });

  it("accepts the purpose under international.purpose, any case", async () => {
    const m = await funded();
    const { payout } = await quoteAndInitiate(m.headers, intlQuote(), intlBody({ purpose: undefined, international: { purpose: "Family_Support" } }));
    expect(payout.status).toBe(201);
    expect(payout.json.international.purpose).toBe("FAMILY_SUPPORT");
  });

  it.each([
    ["no purpose", { purpose: undefined }, "purpose_missing", "purpose"],
    ["a purpose the corridor refuses", { purpose: "other" }, "validation_error", "purpose"],
    ["no sender", { sender: undefined }, "validation_error", "sender"],
    ["no recipient nationality", { recipient: intlRecipient({ nationality: undefined }) }, "validation_error", "recipient.nationality"],
    ["no recipient last name", { recipient: intlRecipient({ lastName: undefined }) }, "validation_error", "recipient.lastName"],
    ["an expired identity", { sender: sender({ identity: { ...sender().identity, expiryDate: "2021-01-01" } }) }, "validation_error", "sender.identity.expiryDate"],
    ["an identity issued in the future", { sender: sender({ identity: { ...sender().identity, issueDate: "2099-01-01", expiryDate: "2100-01-01" } }) }, "validation_error", "sender.identity.issueDate"],
    ["an unreal date of birth", { sender: sender({ dateOfBirth: "1985-02-30" }) }, "validation_error", "sender.dateOfBirth"],
    ["a bad nationality code", { sender: sender({ nationality: "XX" }) }, "validation_error", "sender.nationality"],
    ["a bad identity type", { sender: sender({ identity: { ...sender().identity, type: "library_card" } }) }, "validation_error", "sender.identity.type"],
    ["an IBAN with a wrong checksum", { bankAccount: frenchBank({ accountNumber: "FR1520041010050500013M02606" }) }, "validation_error", "bankAccount.accountNumber"],
    ["a malformed BIC", { bankAccount: frenchBank({ swiftBic: "BNP1" }) }, "validation_error", "bankAccount.swiftBic"],
    ["no BIC on SWIFT", { bankAccount: frenchBank({ swiftBic: undefined }) }, "validation_error", "bankAccount.swiftBic"],
    ["no bank branch on SWIFT", { bankAccount: frenchBank({ bankBranch: undefined }) }, "validation_error", "bankAccount.bankBranch"],
    ["no bank address on SWIFT", { bankAccount: frenchBank({ bankAddress: undefined }) }, "validation_error", "bankAccount.bankAddress"],
    ["no bank account", { bankAccount: undefined }, "validation_error", "bankAccount"],
    ["a malformed correspondent BIC", { correspondentBank: { swiftBic: "??" } }, "validation_error", "correspondentBank.swiftBic"],
  ])("400 for an international payout with %s", async (_name, overrides, code, path) => {
    const m = await funded();
    const { payout } = await quoteAndInitiate(m.headers, intlQuote(), intlBody(overrides));
    expect(payout.status).toBe(400);
    expect(payout.json.code).toBe(code);
    expect(JSON.stringify(payout.json.details ?? [])).toContain(path);
  });

  it("B2B without sender.company: 400 company_missing; with it: 201", async () => {
    const m = await funded();
    const missing = await quoteAndInitiate(m.headers, quoteBody({ type: "b2b" }), { recipient: recipient(), sender: sender() });
    expect(missing.payout.status).toBe(400);
    expect(missing.payout.json.code).toBe("company_missing");
    const ok = await quoteAndInitiate(m.headers, quoteBody({ type: "b2b" }), { recipient: recipient(), sender: sender({ company: { name: "Ndiaye SARL", currencies: ["xof"] } }) });
    expect(ok.payout.status).toBe(201);
    expect(ok.payout.json.type).toBe("b2b");
    // B2B domestic mobile money tariff: 0.8 % with a 500 XOF minimum.
    expect(ok.payout.json.fees).toBe(500);
  });

  it.each([
    ["no phone for mobile money", { recipient: { name: "Awa" } }, "validation_error"],
    ["a phone not in E.164", { recipient: recipient("770000012") }, "invalid_phone"],
    ["a phone of another country", { recipient: recipient("+33612345678") }, "invalid_phone"],
    ["amount with a quote", { recipient: recipient(), amount: 5000 }, "validation_error"],
    ["an unknown field", { recipient: recipient(), foo: 1 }, "validation_error"],
    ["a non-http callbackUrl", { recipient: recipient(), callbackUrl: "ftp://x" }, "validation_error"],
  ])("400 for %s", async (_name, body, code) => {
    const m = await funded();
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), body);
    expect(payout.status).toBe(400);
    expect(payout.json.code).toBe(code);
  });

  it("a domestic bank transfer checks an IBAN-looking account's checksum but needs no SWIFT fields", async () => {
    const m = await funded();
    const bad = await quoteAndInitiate(m.headers, quoteBody({ method: "bank_transfer" }), { recipient: { name: "Awa Diop" }, bankAccount: { accountNumber: "FR15 2004 1010 0505 0001 3M02 606" } });
    expect(bad.payout.status).toBe(400);
    expect(bad.payout.json.details).toEqual([{ path: "bankAccount.accountNumber", message: "is not a valid IBAN (checksum mismatch)" }]);
    const iban = await quoteAndInitiate(m.headers, quoteBody({ method: "bank_transfer" }), { recipient: { name: "Awa Diop" }, bankAccount: { accountNumber: "fr14 2004 1010 0505 0001 3m02 606" } });
    expect(iban.payout.status).toBe(201);
    expect(iban.payout.json.bankAccount).toEqual({ accountNumber: "FR1420041010050500013M02606" });
    const plain = await quoteAndInitiate(m.headers, quoteBody({ method: "bank_transfer" }), { recipient: { name: "Awa Diop" }, bankAccount: { accountNumber: "0012345678" } });
    expect(plain.payout.status).toBe(201);
    expect(plain.payout.json.fees).toBe(1_000);
  });

  it("honours X-Idempotency-Key: the same request twice gives one payout", async () => {
    const m = await funded();
    const q = await quote(m.headers, quoteBody());
    const key = { "X-Idempotency-Key": `po-${Date.now()}` };
    const a = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() }, key);
    const b = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() }, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.transactionId).toBe(a.json.transactionId);
  });

  it("honours X-Idempotency-Key on a quote with an FX top-up (its interactive transaction writes the key's record): one payout, the retry replays it", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "XAF", 100_000n);
    const q = await quote(m.headers, quoteBody());
    expect(q.json.fxTopUp).toMatchObject({ fromCurrency: "XAF", sourceAmount: 9_100 });
    const key = { "X-Idempotency-Key": `po-fx-${Date.now()}` };
    const a = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() }, key);
    const b = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json).toEqual(a.json);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await (await getPrisma()).payout.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    expect(await wallet(m.merchant.id, "XAF")).toEqual({ available: 100_000n - 9_100n, pending: 0n });
  });

  it("401 without credentials", async () => {
    expect((await initiate({}, { quoteId: "qt_x", recipient: recipient() })).status).toBe(401);
  });
});

describe("POST /payouts/initiate, legacy (no quote)", () => {
  it("201 for MOBILE_MONEY with mobileWallet.provider, defaults SN / XOF, computed as an internal quote", async () => {
    const m = await funded(100_000n);
    const res = await initiate(m.headers, { amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "wave" }, recipient: recipient(), callbackUrl: "http://127.0.0.1:9/hook" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", amount: 5_000, currency: "XOF", fees: 100, method: "mobile_money", mobileWallet: { provider: "wave" } });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 94_900n, pending: 0n });
    const p = await (await getPrisma()).payout.findUniqueOrThrow({ where: { id: res.json.transactionId } });
    expect(p.callbackUrl).toBe("http://127.0.0.1:9/hook");
  });

  it("201 for BANK_TRANSFER (any case)", async () => {
    const m = await funded();
    const res = await initiate(m.headers, { amount: 50_000, method: "bank_transfer", recipient: { name: "Awa" }, bankAccount: { accountNumber: "0012345678" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ method: "bank_transfer", fees: 1_000, debit: { amount: 51_000 } });
  });

  it.each([
    ["no mobileWallet", { amount: 5_000, method: "MOBILE_MONEY", recipient: recipient() }, "validation_error"],
    ["a provider that does not pay out", { amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "tmoney" }, recipient: recipient() }, "provider_unavailable"],
    ["no amount", { method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() }, "validation_error"],
    ["an unknown method", { amount: 5_000, method: "CASH", recipient: recipient() }, "validation_error"],
    ["a corridor that does not exist", { amount: 5_000, method: "MOBILE_MONEY", country: "JP", mobileWallet: { provider: "orange" }, recipient: recipient() }, "corridor_unsupported"],
    ["insufficient funds", { amount: 900_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() }, "INSUFFICIENT_BALANCE"],
  ])("400 for %s", async (_name, body, code) => {
    const m = await funded(100_000n);
    const res = await initiate(m.headers, body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
  });
});
