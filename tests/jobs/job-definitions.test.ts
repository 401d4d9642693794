import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { jobDefinition, jobHandler, registeredJobTypes } from "@/lib/jobs/job-handlers";
import { jobDefinitions } from "@/lib/jobs/register-handlers";

/** Jobs as typed definitions in one list; payloads checked when enqueued and when run. */
describe("job definitions", () => {
  it("every platform job type is in the one list, and the runner finds them", () => {
    const types = jobDefinitions().map((d) => d.type);
    expect(types.sort()).toEqual(["connector.check", "payment.poll", "payment.submit", "payout.poll", "payout.submit", "refund.poll", "refund.submit", "webhook.deliver"]);
    for (const type of types) {
      expect(registeredJobTypes()).toContain(type);
      expect(jobHandler(type)).toBeTypeOf("function");
      expect(jobDefinition(type)?.type).toBe(type);
    }
  });

  it("enqueueJob refuses a payload its definition does not accept, before writing anything", async () => {
    const prisma = await getPrisma();
    // @ts-expect-error the payload type comes from the definition: paymentId is required
    await expect(enqueueJob(prisma, "payment.submit", { payment: "txn_x" })).rejects.toThrow(/Job payment\.submit: invalid payload \(paymentId/);
    await expect(enqueueJob(prisma, "payout.poll", { payoutId: "txn_not_a_payout" })).rejects.toThrow(/invalid payload/);
    expect(await prisma.job.count({ where: { type: { in: ["payment.submit", "payout.poll"] }, payload: { path: ["payment"], equals: "txn_x" } } })).toBe(0);
    const ok = await enqueueJob(prisma, "connector.check", { id: "po_ok" }, { runAt: new Date(Date.now() + 3600_000) });
    expect(ok).toMatchObject({ type: "connector.check", payload: { id: "po_ok" } });
    await prisma.job.delete({ where: { id: ok.id } });
  });

  it("the runner's handler parses the stored payload again (a row from an older version)", async () => {
    await expect(jobHandler("payment.poll")!({ paymentId: 42 }, { id: "job_x", attempts: 1 })).rejects.toThrow();
  });
});
