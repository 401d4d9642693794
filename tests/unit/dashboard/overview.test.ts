import { beforeAll, describe, expect, it } from "vitest";
import { buildVolumeSeries, chartDays, getOverview } from "@/lib/dashboard/overview";
import { getPrisma } from "@/lib/db/client";
import { directBody, initiatePayment } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

describe("overview", () => {
  it("chartDays: 30 UTC days ending today", () => {
    const days = chartDays(new Date("2026-03-01T23:30:00Z"));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-01-31");
    expect(days.at(-1)).toBe("2026-03-01");
  });

  it("buildVolumeSeries fills gaps with zeros and never mixes currencies", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const series = buildVolumeSeries(
      [
        { currency: "XOF", day: "2026-03-01", amount: 5000n, count: 1 },
        { currency: "USD", day: "2026-02-28", amount: 1250n, count: 2 },
        { currency: "XOF", day: "2026-02-01", amount: 100n, count: 1 },
      ],
      now,
    );
    expect(series.map((s) => s.currency)).toEqual(["USD", "XOF"]);
    const xof = series[1];
    expect(xof.days).toHaveLength(30);
    expect(xof.total).toBe(5100n);
    expect(xof.count).toBe(2);
    expect(xof.days.at(-1)).toEqual({ day: "2026-03-01", amount: 5000n, count: 1 });
    expect(xof.days[1]).toEqual({ day: "2026-02-01", amount: 100n, count: 1 });
    expect(xof.days[2].amount).toBe(0n);
  });

  it("counts the session merchant's successful payments only, by completion day", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const prisma = await getPrisma();
    const ids: string[] = [];
    for (const m of [a, a, a, b]) {
      const res = await initiatePayment(m.headers, directBody({ amount: 5000 }));
      ids.push(res.json.data.transactionId);
    }
    await prisma.payment.updateMany({ where: { id: { in: [ids[0], ids[1], ids[3]] } }, data: { status: "success", completedAt: new Date() } });
    const overview = await getOverview(a.scope);
    expect(overview.volume).toHaveLength(1);
    expect(overview.volume[0]).toMatchObject({ currency: "XOF", total: 10000n, count: 2 });
    expect(overview.volume[0].days.at(-1)?.amount).toBe(10000n);
    expect(overview.balances.balances[0].currency).toBe("XOF");
  });

  it("a new merchant has no transaction (the overview points to the first payment); another merchant's payment does not count", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    expect((await getOverview(a.scope)).hasTransactions).toBe(false);
    await initiatePayment(b.headers, directBody({ amount: 5000 }));
    expect((await getOverview(a.scope)).hasTransactions).toBe(false);
    await initiatePayment(a.headers, directBody({ amount: 5000 }));
    expect((await getOverview(a.scope)).hasTransactions).toBe(true);
  });
});
