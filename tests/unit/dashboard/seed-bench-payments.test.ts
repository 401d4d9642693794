import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { seedBenchPayments } from "@/lib/dashboard/seed-bench-payments";
import { getOverview } from "@/lib/dashboard/overview";
import { listDashboardPayments } from "@/lib/dashboard/payments";
import { signedUpMerchant } from "./helpers";

// The embedded database's first start (migrations) is not part of the test's time.
beforeAll(async () => {
  await getPrisma();
});

describe("benchmark seeding", () => {
  it("adds payments over the last 30 days that the overview and the list show", async () => {
    const m = await signedUpMerchant();
    expect(await seedBenchPayments(m.scope.merchantId, 1500)).toBe(1500);
    const list = await listDashboardPayments(m.scope, {});
    expect(list.meta.total).toBe(1500);
    const overview = await getOverview(m.scope);
    const successes = (await listDashboardPayments(m.scope, { status: "success" })).meta.total;
    expect(overview.volume[0].count).toBe(successes);
    expect(overview.volume[0].days.filter((d) => d.count > 0).length).toBeGreaterThan(20);
  });
});
