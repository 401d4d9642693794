import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { payoutUsage, setPayoutLimits } from "@/lib/payouts/payout-limits";
import { createBulk, legacyItem } from "../../helpers/bulk-payouts";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { initiate } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

/** Concurrency only means something on PostgreSQL (PGlite is one connection): `npm run test:pg -- tests/api/payouts/bulk-concurrency.test.ts`. */
describe.runIf(!!process.env.DATABASE_URL)("bulk payouts under concurrency (PostgreSQL)", () => {
  async function merchant(fundXof: bigint) {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", fundXof);
    return m;
  }
  const items = (n: number) => Array.from({ length: n }, () => legacyItem());

  it("10 concurrent bulks of 8 items on a wallet covering 25 payouts: exactly 25 payouts, never overdrawn, the ledger reconciles", async () => {
    // Each item debits 10,100 XOF; the wallet covers 25 with 3,000 to spare.
    const m = await merchant(25n * 10_100n + 3_000n);
    const results = await Promise.all(Array.from({ length: 10 }, () => createBulk(m.headers, { items: items(8) })));
    const accepted = results.filter((r) => r.status === 201).reduce((sum, r) => sum + r.json.counts.accepted, 0);
    expect(accepted).toBe(25);
    for (const r of results) {
      if (r.status === 201) expect(r.json.items.filter((i: any) => i.status === "rejected").every((i: any) => i.error.code === "INSUFFICIENT_BALANCE")).toBe(true);
      else expect(r.json.code).toBe("bulk_rejected");
    }
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 3_000n, pending: 0n });
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(25);
    expect(await prisma.ledgerHold.count({ where: { account: { merchantId: m.merchant.id }, status: "held" } })).toBe(25);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("atomic bulks racing single initiates on one wallet: each bulk is all or nothing, the total never exceeds the balance", async () => {
    // Covers 12 payouts: four atomic bulks of 5 and ten single initiates compete for them.
    const m = await merchant(12n * 10_100n);
    const bulks = Array.from({ length: 4 }, () => createBulk(m.headers, { atomic: true, items: items(5) }));
    const singles = Array.from({ length: 10 }, () => initiate(m.headers, legacyItem()));
    const [bulkResults, singleResults] = await Promise.all([Promise.all(bulks), Promise.all(singles)]);
    const bulkPayouts = bulkResults.filter((r) => r.status === 201).map((r) => r.json.counts.accepted);
    expect(bulkPayouts.every((n) => n === 5)).toBe(true);
    for (const r of bulkResults.filter((r) => r.status !== 201)) expect(r.json.code).toBe("bulk_rejected");
    const singlePayouts = singleResults.filter((r) => r.status === 201).length;
    const total = bulkPayouts.reduce((a, b) => a + b, 0) + singlePayouts;
    expect(total).toBeLessThanOrEqual(12);
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(total);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: (12n - BigInt(total)) * 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("bulks racing single initiates on one daily limit: the limit windows never let the day pass its limit, and they match the payouts", async () => {
    // Funds for 60 payouts, a daily limit of 12 (10,000 XOF each): the limit, not the balance, decides.
    const m = await merchant(60n * 10_100n);
    await setPayoutLimits(m.merchant, "sandbox", { daily: "120000" }, { actor: "test" });
    const bulks = Array.from({ length: 3 }, () => createBulk(m.headers, { items: items(4) }));
    const singles = Array.from({ length: 12 }, () => initiate(m.headers, legacyItem()));
    const [bulkResults, singleResults] = await Promise.all([Promise.all(bulks), Promise.all(singles)]);
    const fromBulks = bulkResults.filter((r) => r.status === 201).reduce((sum, r) => sum + r.json.counts.accepted, 0);
    const fromSingles = singleResults.filter((r) => r.status === 201).length;
    for (const r of singleResults.filter((r) => r.status !== 201)) expect(r.json.code).toBe("limit_exceeded");
    expect(fromBulks + fromSingles).toBe(12);
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(12);
    expect((await payoutUsage(prisma, m.merchant.id, "sandbox")).daily).toBe(120_000n);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
