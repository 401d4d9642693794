import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { createQuote } from "@/lib/payouts/create-quote";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { cancel, initiate, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { submitOrder } from "@/lib/orders/orders";

beforeAll(() => ensureReferenceData());

/** Concurrency only means something on PostgreSQL (PGlite is one connection). */
describe.runIf(!!process.env.DATABASE_URL)("payout initiate under concurrency (PostgreSQL)", () => {
  async function merchantWithQuotes(fundXof: bigint, count: number) {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", fundXof);
    const quotes = [];
    for (let i = 0; i < count; i++) quotes.push(await createQuote({ merchant: m.merchant, environment: "sandbox" }, quoteBody()));
    return { m, quotes };
  }

  it("100 concurrent initiates from distinct quotes on a wallet covering 40: exactly 40 succeed, no overdraft, ledger reconciles", async () => {
    // Each payout debits 10,100 XOF; the wallet covers 40 of them with 5,000 to spare.
    const { m, quotes } = await merchantWithQuotes(40n * 10_100n + 5_000n, 100);
    const results = await Promise.all(quotes.map((q) => initiate(m.headers, { quoteId: q.id, recipient: recipient() })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(60);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.json.code).toBe("INSUFFICIENT_BALANCE");
    }
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 5_000n, pending: 0n });
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(40);
    expect(await prisma.ledgerHold.count({ where: { account: { merchantId: m.merchant.id }, status: "held" } })).toBe(40);
    // Refused initiates left their quotes unused.
    expect(await prisma.payoutQuote.count({ where: { merchantId: m.merchant.id, payoutId: null } })).toBe(60);
    const report = await reconcileLedger({ merchantIds: [m.merchant.id] });
    expect(report.ok).toBe(true);
  });

  it("100 concurrent initiates against a daily limit of 25 payouts: exactly 25 succeed, the rest limit_exceeded", async () => {
    const { m, quotes } = await merchantWithQuotes(10_000_000n, 100);
    await setPayoutLimits(m.merchant, "sandbox", { daily: "250000" }, { actor: "test" });
    const results = await Promise.all(quotes.map((q) => initiate(m.headers, { quoteId: q.id, recipient: recipient() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(25);
    const refused = results.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.json.code}`))).toEqual(new Set(["400 limit_exceeded"]));
    expect(refused[0].json.message).toContain("250000 XOF");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 10_000_000n - 25n * 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("20 concurrent legacy initiates with one externalReference: exactly one payout, the others 422 naming it", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const body = { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: "retry-storm" };
    const results = await Promise.all(Array.from({ length: 20 }, () => initiate(m.headers, body)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r.json).toMatchObject({ statusCode: 422, code: "duplicate_reference", transactionId: created[0].json.transactionId });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 1_000_000n - 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("20 concurrent initiates with one X-Idempotency-Key (legacy and quoted): one payout each, the others its answer or 409, the money moved once", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const legacy = { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() };
    const q = await createQuote({ merchant: m.merchant, environment: "sandbox" }, quoteBody());
    for (const [key, body] of [["burst-legacy", legacy], ["burst-quoted", { quoteId: q.id, recipient: recipient() }]] as const) {
      const results = await Promise.all(Array.from({ length: 20 }, () => initiate(m.headers, body, { "X-Idempotency-Key": key })));
      const created = results.filter((r) => r.status === 201);
      expect(created.length + results.filter((r) => r.status === 409).length).toBe(20);
      expect(new Set(created.map((r) => r.json.transactionId)).size).toBe(1);
      // Once finished, every retry gets the one stored answer; another body under the key is 422.
      const after = await initiate(m.headers, body, { "X-Idempotency-Key": key });
      expect(after.json.transactionId).toBe(created[0].json.transactionId);
      expect(after.headers.get("idempotent-replayed")).toBe("true");
      expect((await initiate(m.headers, { ...legacy, amount: 10_001 }, { "X-Idempotency-Key": key })).status).toBe(422);
    }
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(2);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 1_000_000n - 2n * 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("the same quote initiated 20 times concurrently gives exactly one payout", async () => {
    const { m, quotes } = await merchantWithQuotes(1_000_000n, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => initiate(m.headers, { quoteId: quotes[0].id, recipient: recipient() })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.json.code}`))).toEqual(new Set(["422 quote_already_used"]));
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 1_000_000n - 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("cancel racing the submit job: one wins, the hold is closed at most once, the ledger reconciles", async () => {
    const { m, quotes } = await merchantWithQuotes(1_000_000n, 10);
    const prisma = await getPrisma();
    for (const q of quotes) {
      const payout = await initiate(m.headers, { quoteId: q.id, recipient: recipient() });
      const id = payout.json.transactionId;
      const [cancelled] = await Promise.all([cancel(m.headers, id), submitOrder(id)]);
      const final = await prisma.payout.findUniqueOrThrow({ where: { id } });
      // The submit job also asks for the status at once; the sandbox (no delay) may already say success.
      const expected = { cancelled: ["payout.pending", "payout.cancelled"], processing: ["payout.pending", "payout.processing"], success: ["payout.pending", "payout.processing", "payout.success"] };
      if (final.status === "cancelled") expect(cancelled.status).toBe(200);
      else {
        expect(["processing", "success"]).toContain(final.status);
        expect(cancelled.status).toBe(422);
      }
      const events = await prisma.webhookEvent.findMany({ where: { transactionId: id } });
      expect(events.map((e) => e.type).sort()).toEqual([...expected[final.status as keyof typeof expected]].sort());
    }
    const cancelledCount = await prisma.payout.count({ where: { merchantId: m.merchant.id, status: "cancelled" } });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 1_000_000n - BigInt(10 - cancelledCount) * 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
