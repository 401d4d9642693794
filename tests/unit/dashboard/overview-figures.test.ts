import { beforeAll, describe, expect, it } from "vitest";
import { getOverview } from "@/lib/dashboard/overview";
import { collectedFigures, recentPayments, successRate, waitingPayouts } from "@/lib/dashboard/overview-figures";
import { getPrisma } from "@/lib/db/client";
import { directBody, initiatePayment } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

const DAY = 86_400_000;

describe("overview figures", () => {
  it("collected today, in 7 and in 30 days per currency; the success rate of finished payments; the latest payments; payouts in review", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const prisma = await getPrisma();
    const ids: string[] = [];
    for (const amount of [5000, 7000, 9000, 1000, 2000]) ids.push((await initiatePayment(a.headers, directBody({ amount, customerName: `Client ${amount}` }))).json.data.transactionId);
    await initiatePayment(b.headers, directBody({ amount: 3000 }));
    const now = new Date();
    // Today, 3 days ago, 20 days ago; one failed; one still pending.
    await prisma.payment.update({ where: { id: ids[0] }, data: { status: "success", completedAt: now } });
    await prisma.payment.update({ where: { id: ids[1] }, data: { status: "success", completedAt: new Date(now.getTime() - 3 * DAY) } });
    await prisma.payment.update({ where: { id: ids[2] }, data: { status: "success", completedAt: new Date(now.getTime() - 20 * DAY) } });
    await prisma.payment.update({ where: { id: ids[3] }, data: { status: "failed", completedAt: now } });

    const [xof] = collectedFigures((await getOverview(a.scope, now)).volume);
    expect(xof).toMatchObject({ currency: "XOF", today: 5000n, week: 12_000n, month: 21_000n, todayCount: 1, weekCount: 2, monthCount: 3 });
    // Created this week: three successes, one failure, one pending (not counted).
    expect(await successRate(a.scope, now)).toEqual({ succeeded: 3, finished: 4, sampled: 5, capped: false });
    const recent = await recentPayments(a.scope, 3);
    expect(recent.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(recent[0]).toMatchObject({ customer: "Client 2000", provider: "Orange Money", status: "pending" });

    await prisma.orderReview.create({ data: { orderId: "po_review_1", direction: "payout", merchantId: a.scope.merchantId, environment: "sandbox", reason: "window_passed", since: now } });
    await prisma.orderReview.create({ data: { orderId: "po_review_2", direction: "payout", merchantId: b.scope.merchantId, environment: "sandbox", reason: "window_passed", since: now } });
    const waiting = await waitingPayouts(a.scope);
    expect(waiting.inReview).toMatchObject({ count: 1, first: [{ id: "po_review_1" }] });
    expect(waiting.approvals.count).toBe(0);
  });
});
