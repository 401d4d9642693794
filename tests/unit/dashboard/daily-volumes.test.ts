import { beforeAll, describe, expect, it } from "vitest";
import { chartDays, getOverview } from "@/lib/dashboard/overview";
import { collectedTotals, compareDailyVolumes, fullSumTotals, paidOutTotals, rebuildDailyVolumes } from "@/lib/dashboard/daily-volumes";
import { seedBenchPayments } from "@/lib/dashboard/seed-bench-payments";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { dashboardRebuildVolumes } from "@/lib/ops/dashboard-commands";
import { fund } from "../../helpers/ledger";
import { initiate, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

/**
 * The overview's daily rollup (table daily_volumes, lib/dashboard/daily-volumes.ts): kept by the
 * triggers of payments and payouts in each write's transaction, it must equal the full sum over
 * the rows to the minor unit, through every kind of change (a success, a success taken back, a
 * day moved, an amount corrected, a delete, a rollback), and the ops rebuild must restore it.
 */
beforeAll(() => ensureReferenceData());

const ALL = { from: "0001-01-01", to: "9999-12-31" };
const DAY = 86_400_000;

async function exactFor(owner: { merchantId: string; environment: "sandbox" | "production" }) {
  expect(await compareDailyVolumes(owner, ALL)).toEqual([]);
}

describe("daily volumes", () => {
  it("follow every change of the payments and payouts exactly, and the ops rebuild restores them", async () => {
    const m = await signedUpMerchant();
    const owner = { merchantId: m.scope.merchantId, environment: m.scope.environment };
    const prisma = await getPrisma();
    const now = Date.now();
    // 2,000 payments over 28 days in several statuses, inserted as rows (the benchmark's seed).
    await seedBenchPayments(owner.merchantId, 2000, new Date(now));
    await exactFor(owner);
    const full = await fullSumTotals("collected", owner, ALL);
    expect(full.length).toBeGreaterThan(20);
    expect(await collectedTotals(owner, ALL)).toEqual(full);

    const some = await prisma.payment.findMany({ where: { merchantId: owner.merchantId }, orderBy: { id: "asc" }, take: 60, select: { id: true, status: true } });
    const ids = (status: string) => some.filter((p) => p.status === status).map((p) => p.id);
    // Pending → success today; a success taken back (refunded); a success moved to another day;
    // a success's amount corrected; a success deleted.
    await prisma.payment.updateMany({ where: { id: { in: ids("pending") } }, data: { status: "success", completedAt: new Date(now) } });
    const successes = ids("success");
    await prisma.payment.update({ where: { id: successes[0] }, data: { status: "refunded" } });
    await prisma.payment.update({ where: { id: successes[1] }, data: { completedAt: new Date(now - 3 * DAY) } });
    await prisma.payment.update({ where: { id: successes[2] }, data: { amount: 123_456_789n } });
    await prisma.payment.delete({ where: { id: successes[3] } });
    // A success in another currency, and one whose completion time was never recorded (its last update counts).
    await prisma.payment.update({ where: { id: successes[4] }, data: { currency: "GNF" } });
    await prisma.payment.update({ where: { id: successes[5] }, data: { completedAt: null } });
    // A change rolled back leaves nothing behind.
    await prisma
      .$transaction(async (tx) => {
        await tx.payment.update({ where: { id: successes[6] }, data: { status: "failed" } });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await exactFor(owner);

    // Payouts: paid_out, in the payout currency.
    await fund(owner.merchantId, "XOF", 1_000_000n);
    const initiated = await initiate(m.headers, { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() });
    expect(initiated.status).toBe(201);
    await prisma.payout.update({ where: { id: initiated.json.transactionId }, data: { status: "success", completedAt: new Date(now) } });
    expect(await paidOutTotals(owner, ALL)).toEqual([{ currency: "XOF", day: new Date(now).toISOString().slice(0, 10), amount: 10_000n, count: 1 }]);
    await exactFor(owner);

    // The rollup damaged (rows lost): the check says so, the rebuild restores it.
    await prisma.$executeRaw`DELETE FROM daily_volumes WHERE merchant_id = ${owner.merchantId} AND day = (SELECT max(day) FROM daily_volumes WHERE merchant_id = ${owner.merchantId})`;
    expect((await compareDailyVolumes(owner, ALL)).length).toBeGreaterThan(0);
    const lines: string[] = [];
    expect(await dashboardRebuildVolumes.run({ flags: { merchant: owner.merchantId, check: true }, positional: [] }, (l) => lines.push(l))).toBe(1);
    expect(await rebuildDailyVolumes(owner.merchantId)).toBeGreaterThan(20);
    await exactFor(owner);
    expect(await dashboardRebuildVolumes.run({ flags: { merchant: owner.merchantId, check: true }, positional: [] }, (l) => lines.push(l))).toBe(0);
  });

  it("the overview's 30-day chart comes from the rollup and equals the full sum", async () => {
    const m = await signedUpMerchant();
    const owner = { merchantId: m.scope.merchantId, environment: m.scope.environment };
    const prisma = await getPrisma();
    const now = new Date();
    const days = chartDays(now);
    await prisma.payment.createMany({
      data: [5000n, 7000n, 9n].map((amount, i) => ({
        id: newId("txn"),
        merchantId: owner.merchantId,
        environment: owner.environment,
        type: "direct" as const,
        status: "success" as const,
        amount,
        currency: "XOF",
        provider: "orange",
        country: "SN",
        customerPhone: "+221770000012",
        externalReference: `dv-${owner.merchantId}-${i}`,
        checkoutToken: `dv${owner.merchantId}${i}`,
        expiresAt: now,
        completedAt: i === 2 ? new Date(`${days[0]}T00:00:00.000Z`) : now,
      })),
    });
    const overview = await getOverview(m.scope, now);
    expect(overview.volume[0]).toMatchObject({ currency: "XOF", total: 12_009n, count: 3 });
    expect(overview.volume[0].days[0]).toEqual({ day: days[0], amount: 9n, count: 1 });
    expect(overview.volume[0].days.at(-1)).toEqual({ day: days.at(-1), amount: 12_000n, count: 2 });
    const full = await fullSumTotals("collected", owner, { from: days[0], to: days.at(-1)! });
    expect(overview.volume[0].days.filter((d) => d.count > 0).map((d) => ({ currency: "XOF", ...d }))).toEqual(full);
  });
});
