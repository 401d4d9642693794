import { describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { getPrisma } from "@/lib/db/client";
import { deleteExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { drainOutbox } from "@/inngest/functions/drain-outbox";
import { checkOrderJob } from "@/lib/orders/check-order-job";
import { periodicFunctions } from "@/inngest/functions/periodic";
import { createTestMerchant } from "../helpers/merchants";
import { registerTestJob, testJob, testJobs } from "../helpers/test-jobs";

async function insertIdempotencyRecord(merchantId: string, key: string, expiresAt: Date) {
  const prisma = await getPrisma();
  await prisma.idempotencyRecord.create({
    data: {
      merchantId,
      environment: "sandbox",
      method: "POST",
      path: "/api/v1/payments/initiate",
      key,
      requestHash: "0".repeat(64),
      state: "completed",
      responseStatus: 200,
      responseBody: {},
      lockedUntil: new Date(),
      expiresAt,
    },
  });
}

describe("expired idempotency records cleanup", () => {
  it("deletes only records past their lifetime", async () => {
    const m = await createTestMerchant();
    await insertIdempotencyRecord(m.merchant.id, "old", new Date(Date.now() - 1000));
    await insertIdempotencyRecord(m.merchant.id, "fresh", new Date(Date.now() + 3600_000));
    expect(await deleteExpiredIdempotencyRecords()).toBeGreaterThanOrEqual(1);
    const keys = (await (await getPrisma()).idempotencyRecord.findMany({ where: { merchantId: m.merchant.id } })).map((r) => r.key);
    expect(keys).toEqual(["fresh"]);
  });

  it("runs as an Inngest cron function", async () => {
    const m = await createTestMerchant();
    await insertIdempotencyRecord(m.merchant.id, "old-inngest", new Date(Date.now() - 1000));
    const fn = periodicFunctions.find((f) => f.id() === "cleanup-idempotency-records" || f.id().endsWith("cleanup-idempotency-records"));
    expect(fn).toBeDefined();
    const { result } = await new InngestTestEngine({ function: fn! }).execute();
    expect((result as { result: number }).result).toBeGreaterThanOrEqual(1);
    expect(await (await getPrisma()).idempotencyRecord.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });
});

describe("outbox runner", () => {
  it("runs due jobs once, retries failures with backoff, and honours reschedules", async () => {
    const seen: string[] = [];
    let failuresLeft = 1;
    registerTestJob("test.ok", async (payload) => void seen.push(String(payload.n)));
    registerTestJob("test.flaky", async () => {
      if (failuresLeft-- > 0) throw new Error("provider timeout");
    });
    registerTestJob("test.poll", async () => ({ rescheduleAt: new Date(Date.now() + 60_000) }));
    const prisma = await getPrisma();
    const ok = await enqueueJob(prisma, testJob("test.ok"), { n: 1 });
    const flaky = await enqueueJob(prisma, testJob("test.flaky"), {});
    const poll = await enqueueJob(prisma, testJob("test.poll"), {});
    const later = await enqueueJob(prisma, testJob("test.ok"), { n: 2 }, { runAt: new Date(Date.now() + 3600_000) });

    const types = ["test.ok", "test.flaky", "test.poll"];
    await runDueJobs({ jobs: testJobs, types });
    expect(seen).toEqual(["1"]);
    const rows = Object.fromEntries((await prisma.job.findMany({ where: { id: { in: [ok.id, flaky.id, poll.id, later.id] } } })).map((j) => [j.id, j]));
    expect(rows[ok.id].status).toBe("succeeded");
    expect(rows[flaky.id]).toMatchObject({ status: "pending", attempts: 1, lastError: "provider timeout" });
    expect(rows[flaky.id].runAt.getTime()).toBeGreaterThan(Date.now());
    expect(rows[poll.id].status).toBe("pending");
    expect(rows[poll.id].runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(rows[later.id].status).toBe("pending");

    // Make the retry due: it now succeeds.
    await prisma.job.update({ where: { id: flaky.id }, data: { runAt: new Date() } });
    await runDueJobs({ jobs: testJobs, types });
    expect((await prisma.job.findUniqueOrThrow({ where: { id: flaky.id } })).status).toBe("succeeded");
    expect(seen).toEqual(["1"]); // the succeeded job did not run again
  });

  it("deduplicates jobs by business key", async () => {
    const prisma = await getPrisma();
    const key = `dedupe-${Date.now()}-${Math.random()}`;
    const a = await enqueueJob(prisma, testJob("test.ok"), { n: 3 }, { dedupeKey: key });
    const b = await enqueueJob(prisma, testJob("test.ok"), { n: 3 }, { dedupeKey: key });
    expect(b.id).toBe(a.id);
  });

  it("gives up after maxAttempts: the job is failed, keeps its last error, and no runner takes it again", async () => {
    const prisma = await getPrisma();
    let runs = 0;
    registerTestJob("test.doomed", async () => {
      runs++;
      throw new Error(`crash ${runs}`);
    });
    const job = await enqueueJob(prisma, testJob("test.doomed"), {}, { maxAttempts: 2 });
    await runDueJobs({ jobs: testJobs, types: ["test.doomed"] });
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "pending", attempts: 1 });
    await prisma.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1000) } });
    await runDueJobs({ jobs: testJobs, types: ["test.doomed"] });
    const dead = await prisma.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(dead).toMatchObject({ status: "failed", attempts: 2, lastError: "crash 2" });
    expect(dead.finishedAt).toBeInstanceOf(Date);

    await prisma.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 1000) } });
    await runDueJobs({ jobs: testJobs, types: ["test.doomed"] });
    expect(runs).toBe(2);
  });

  it("takes over a job whose runner died once its lease has passed", async () => {
    const prisma = await getPrisma();
    const seen: string[] = [];
    registerTestJob("test.orphan", async () => void seen.push("ran"));
    const job = await enqueueJob(prisma, testJob("test.orphan"), {});
    await prisma.job.update({ where: { id: job.id }, data: { status: "running", lockedUntil: new Date(Date.now() - 1000) } });
    await runDueJobs({ jobs: testJobs, types: ["test.orphan"] });
    expect(seen).toEqual(["ran"]);
  });

  it("drains through the Inngest function, with the composition root's job list", async () => {
    const prisma = await getPrisma();
    // A platform job the drain knows: a re-check of an order that does not exist does nothing.
    const job = await enqueueJob(prisma, checkOrderJob, { id: "po_drained_by_inngest" });
    const { result } = await new InngestTestEngine({ function: drainOutbox }).execute();
    expect((result as { ran: number }).ran).toBeGreaterThanOrEqual(1);
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded" });
  });
});
