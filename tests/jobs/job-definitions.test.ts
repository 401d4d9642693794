import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { checkOrderJob } from "@/lib/orders/check-order-job";
import { pollPaymentJob, submitPaymentJob } from "@/lib/payments/payment-jobs";
import { pollPayoutJob } from "@/lib/payouts/payout-jobs";
import { platformJobDefinitions, platformJobs } from "@/lib/platform/jobs";

/** Jobs as leaf types (name + payload schema) and definitions in one list; payloads checked when enqueued and when run. */
describe("job definitions", () => {
  it("every platform job type is in the composition root's one list, and the runner finds them", () => {
    const types = platformJobDefinitions.map((d) => d.type);
    expect([...types].sort()).toEqual(["connector.check", "duplicate_charge.poll", "duplicate_charge.submit", "payment.poll", "payment.submit", "payout.poll", "payout.submit", "refund.poll", "refund.submit", "webhook.deliver"]);
    expect(platformJobs.types().sort()).toEqual([...types].sort());
    for (const type of types) expect(platformJobs.handler(type)).toBeTypeOf("function");
    expect(platformJobs.handler("test.unknown")).toBeUndefined();
  });

  it("enqueueJob refuses a payload its job type does not accept, before writing anything", async () => {
    const prisma = await getPrisma();
    // @ts-expect-error the payload type comes from the job type: paymentId is required
    await expect(enqueueJob(prisma, submitPaymentJob, { payment: "txn_x" })).rejects.toThrow(/Job payment\.submit: invalid payload \(paymentId/);
    await expect(enqueueJob(prisma, pollPayoutJob, { payoutId: "txn_not_a_payout" })).rejects.toThrow(/invalid payload/);
    expect(await prisma.job.count({ where: { type: { in: ["payment.submit", "payout.poll"] }, payload: { path: ["payment"], equals: "txn_x" } } })).toBe(0);
    const ok = await enqueueJob(prisma, checkOrderJob, { id: "po_ok" }, { runAt: new Date(Date.now() + 3600_000) });
    expect(ok).toMatchObject({ type: "connector.check", payload: { id: "po_ok" } });
    await prisma.job.delete({ where: { id: ok.id } });
  });

  it("the runner's handler parses the stored payload again (a row from an older version)", async () => {
    await expect(platformJobs.handler(pollPaymentJob.type)!({ paymentId: 42 }, { id: "job_x", attempts: 1 })).rejects.toThrow();
  });
});
