import { afterEach, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { claimJobs, LEASE_SECONDS, MAX_LEASED_RUN_SECONDS, renewLeases } from "@/lib/jobs/claim-jobs";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { startJobPool, type JobPool } from "@/lib/jobs/job-pool";
import { registerTestJob, testJob, testJobs } from "@/tests/helpers/test-jobs";

/**
 * The jobs' short lease (lib/jobs/claim-jobs): a crashed runner's job is taken over within
 * LEASE_SECONDS, while a live runner keeps the jobs it runs by renewing their leases, fenced by
 * the claim's attempt number and only for MAX_LEASED_RUN_SECONDS. Real database.
 */

// A renewal every 100 ms instead of every 10 s: the pool's timer is what is under test.
vi.mock("@/lib/jobs/claim-jobs", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/jobs/claim-jobs")>()), LEASE_RENEW_MS: 100 }));
// The runner's periodic sweeps would touch other test files' rows on a shared PostgreSQL.
vi.mock("@/lib/platform/periodic-tasks", () => ({ periodicTasks: [] }));

let pools: JobPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((p) => p.stop(5_000)));
  pools = [];
});

const secondsLeft = async (id: string) => {
  const prisma = await getPrisma();
  const [row] = await prisma.$queryRaw<{ left: number }[]>`SELECT extract(epoch FROM locked_until - now())::float8 AS left FROM jobs WHERE id = ${id}`;
  return row.left;
};

describe("job leases", () => {
  it("a claim leases the job for LEASE_SECONDS (30 s): a dead runner's job is due again within that", async () => {
    expect(LEASE_SECONDS).toBeLessThanOrEqual(30);
    const prisma = await getPrisma();
    const type = `test.lease-claim-${Date.now()}`;
    const job = await enqueueJob(prisma, testJob(type), {});
    const [claimed] = await claimJobs([type], 1, { perKeyCap: null });
    expect(claimed.id).toBe(job.id);
    const left = await secondsLeft(job.id);
    expect(left).toBeGreaterThan(LEASE_SECONDS - 5);
    expect(left).toBeLessThanOrEqual(LEASE_SECONDS);
    // The runner died: once the lease has passed, another claim takes the job, as its next attempt.
    await prisma.$executeRaw`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${job.id}`;
    const [taken] = await claimJobs([type], 1, { perKeyCap: null });
    expect(taken).toMatchObject({ id: job.id, attempts: 2 });
  });

  it("renewLeases extends the runner's own claim only, and not past MAX_LEASED_RUN_SECONDS after it", async () => {
    const prisma = await getPrisma();
    const type = `test.lease-renew-${Date.now()}`;
    const [a, b, c] = [await enqueueJob(prisma, testJob(type), { n: 1 }), await enqueueJob(prisma, testJob(type), { n: 2 }), await enqueueJob(prisma, testJob(type), { n: 3 })];
    const claimed = await claimJobs([type], 3, { perKeyCap: null });
    expect(claimed).toHaveLength(3);
    await prisma.$executeRaw`UPDATE jobs SET locked_until = now() + interval '2 seconds' WHERE id IN (${a.id}, ${b.id}, ${c.id})`;
    // c was claimed long ago: presumed hung, its lease runs out.
    await prisma.$executeRaw`UPDATE jobs SET updated_at = now() - ${MAX_LEASED_RUN_SECONDS + 1}::int * interval '1 second' WHERE id = ${c.id}`;
    const attemptsOf = (id: string) => claimed.find((j) => j.id === id)!.attempts;
    // b is presented with another claim's attempt number (another runner took it meanwhile).
    const renewed = await renewLeases([
      { id: a.id, attempts: attemptsOf(a.id) },
      { id: b.id, attempts: attemptsOf(b.id) + 1 },
      { id: c.id, attempts: attemptsOf(c.id) },
    ]);
    expect(renewed).toEqual([a.id]);
    expect(await secondsLeft(a.id)).toBeGreaterThan(LEASE_SECONDS - 5);
    expect(await secondsLeft(b.id)).toBeLessThan(3);
    expect(await secondsLeft(c.id)).toBeLessThan(3);
  });

  it("the pool renews the leases of the jobs it runs while they run", async () => {
    const prisma = await getPrisma();
    const type = `test.lease-pool-${Date.now()}`;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    registerTestJob(type, async () => {
      started = true;
      await gate;
    });
    const job = await enqueueJob(prisma, testJob(type), {});
    const pool = startJobPool({ jobs: testJobs, types: [type], pollMs: 50 });
    pools.push(pool);
    try {
      await vi.waitFor(() => expect(started).toBe(true), { timeout: 3_000 });
      // As if the lease were about to end: the next renewal puts it LEASE_SECONDS ahead again.
      await prisma.$executeRaw`UPDATE jobs SET locked_until = now() + interval '1 second' WHERE id = ${job.id}`;
      await vi.waitFor(async () => expect(await secondsLeft(job.id)).toBeGreaterThan(LEASE_SECONDS - 5), { timeout: 3_000, interval: 50 });
      expect((await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("running");
    } finally {
      release();
    }
    await pool.idle();
    expect((await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("succeeded");
  });
});
