import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { claimJobs, renewLeases } from "@/lib/jobs/claim-jobs";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { finishJobs } from "@/lib/jobs/finish-jobs";
import { testJob } from "@/tests/helpers/test-jobs";

/**
 * A runner renews the leases of the jobs it runs while it writes the outcomes of others, each in
 * one statement over many rows. Both lock the rows in id order (lib/jobs/claim-jobs.ts,
 * finish-jobs.ts): a worker under load logged `deadlock detected` on lease renewal when each
 * updated in the order its batch came in, and a renewal lost that way twice in a row loses the
 * lease. Here the two statements take the same rows in opposite orders, side by side, many times
 * (on PostgreSQL; PGlite has one connection, so they cannot interleave there).
 */
describe("job row locks", () => {
  it("lease renewals and finishes of overlapping batches, in opposite orders, never deadlock", async () => {
    const prisma = await getPrisma();
    const type = `test.row-locks-${Date.now()}`;
    for (let i = 0; i < 200; i++) await enqueueJob(prisma, testJob(type), { n: i });
    const claimed = await claimJobs([type], 200, { perKeyCap: null });
    expect(claimed).toHaveLength(200);
    const ascending = [...claimed].sort((a, b) => a.id.localeCompare(b.id));
    const descending = [...ascending].reverse();
    // A finish that leaves each job running (its claim unchanged): the rows stay for the next round.
    const stillRunning = ascending.map((j) => ({ id: j.id, attempts: j.attempts, status: "running" as never, runAt: null, resetAttempts: false, lastError: null, concurrencyKey: null, keyTimedOut: null }));
    for (let round = 0; round < 25; round++) {
      const [renewed] = await Promise.all([renewLeases(descending), finishJobs(stillRunning), renewLeases(ascending)]);
      expect(renewed.length).toBeLessThanOrEqual(200);
    }
    const rows = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM jobs WHERE type = ${type} AND status = 'running'`;
    expect(Number(rows[0]!.n)).toBe(200);
  }, 120_000);
});
