import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment } from "../../helpers/payments";
import { ops } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";
import { startReceiver } from "../../helpers/webhook-receiver";
import { submitOrder } from "@/lib/orders/orders";
import { platformJobs } from "@/lib/platform/jobs";

/** jobs:list, jobs:retry, jobs:stats, payments:recheck and webhooks:redeliver as an operator types them. */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answer = 200;

beforeAll(async () => {
  await ensureReferenceData();
  receiver = await startReceiver(() => ({ status: answer }));
});
afterAll(() => receiver.close());

async function job(type: string, data: Partial<{ status: "pending" | "running" | "succeeded" | "failed"; runAt: Date; attempts: number; lastError: string }> = {}) {
  return (await getPrisma()).job.create({ data: { id: newId("job"), type, maxAttempts: 3, ...data } });
}

describe("jobs:*", () => {
  it("jobs:list filters by status and type, shows attempts and the last error; refuses an unknown status", async () => {
    const type = `test.list-${Date.now()}`;
    const failed = await job(type, { status: "failed", attempts: 3, lastError: "boom: the operator said no" });
    const due = await job(type, { runAt: new Date(Date.now() - 60_000) });
    const later = await job(type, { runAt: new Date(Date.now() + 3_600_000) });
    const listed = await ops("jobs:list", "--status", "failed", "--type", type);
    expect(listed.output).toContain(failed.id);
    expect(listed.output).toContain("attempts 3/3  last error: boom: the operator said no");
    expect(listed.output).not.toContain(due.id);
    const dueList = await ops("jobs:list", "--status", "due", "--type", type);
    expect(dueList.output).toContain(due.id);
    expect(dueList.output).not.toContain(later.id);
    const all = JSON.parse((await ops("jobs:list", "--type", type, "--json")).output) as { id: string }[];
    expect(all.map((j) => j.id).sort()).toEqual([failed.id, due.id, later.id].sort());
    await expect(ops("jobs:list", "--status", "stuck")).rejects.toThrow(/--status must be one of failed, due, running, pending, succeeded/);
  });

  it("jobs:retry --id gives a failed job fresh attempts, due now; refuses a running one; --type retries every failed job of a type", async () => {
    const prisma = await getPrisma();
    const type = `test.retry-${Date.now()}`;
    const a = await job(type, { status: "failed", attempts: 3, lastError: "x" });
    const b = await job(type, { status: "failed", attempts: 3, lastError: "y" });
    const running = await job(type, { status: "running", attempts: 1 });
    const retried = await ops("jobs:retry", "--id", a.id);
    expect(retried).toEqual({ code: 0, output: `Retried 1 job: ${a.id}.` });
    const row = await prisma.job.findUniqueOrThrow({ where: { id: a.id } });
    expect(row).toMatchObject({ status: "pending", attempts: 0, lastError: "x" });
    expect(row.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await ops("jobs:retry", "--id", running.id)).toEqual({ code: 1, output: `Retried 0 jobs.\nNot retried ${running.id}: it is running.` });
    expect((await ops("jobs:retry", "--id", "job_nope")).output).toContain("Not retried job_nope: no such job.");
    expect((await ops("jobs:retry", "--type", type)).output).toBe(`Retried 1 job: ${b.id}.`);
    expect((await prisma.job.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("pending");
    await expect(ops("jobs:retry")).rejects.toThrow(/either --id or --type/);
  });

  it("jobs:stats shows the backlog per type with the age of the oldest due job", async () => {
    const type = `test.stats-${Date.now()}`;
    await job(type, { runAt: new Date(Date.now() - 90_000) });
    await job(type, { runAt: new Date(Date.now() - 10_000) });
    await job(type, { status: "failed" });
    const text = (await ops("jobs:stats")).output;
    expect(text.split("\n")[0]).toMatch(/^type\s+due\s+scheduled\s+running\s+failed\s+oldest due$/);
    const line = text.split("\n").find((l) => l.startsWith(type))!;
    expect(line.split(/\s+/).slice(0, 5)).toEqual([type, "2", "0", "0", "1"]);
    expect(line).toMatch(/(89|90|91) s$/);
    const rows = JSON.parse((await ops("jobs:stats", "--json")).output) as { type: string; due: number }[];
    expect(rows.find((r) => r.type === type)).toMatchObject({ due: 2, failed: 1 });
  });
});

describe("payments:recheck", () => {
  it("asks the provider again and applies the answer (connector:recheck under the name operators look for)", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody());
    const id = res.json.data.transactionId as string;
    // The sandbox answers 1.5 s after the submit: the submit job's own first check still sees it processing.
    process.env.SANDBOX_PROVIDER_DELAY_MS = "1500";
    try {
      await submitOrder(id);
      expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("processing");
      await new Promise((r) => setTimeout(r, 1600));
      expect(await ops("payments:recheck", "--id", id)).toEqual({ code: 0, output: `${id}: success` });
    } finally {
      process.env.SANDBOX_PROVIDER_DELAY_MS = "0";
    }
    await expect(ops("payments:recheck", "--id", "mch_123")).rejects.toThrow(/--id must be a payment/);
  });
});

describe("webhooks:redeliver", () => {
  it("sends a merchant's events since a date again, oldest first; --failed-only skips the delivered; --dry-run sends nothing", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    const since = new Date(Date.now() - 1000).toISOString();
    const first = await initiatePayment(m.headers, directBody());
    expect(first.status).toBe(201);
    answer = 200;
    await runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] });
    const events = await prisma.webhookEvent.findMany({ where: { merchantId: m.merchant.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.status)).toEqual(["delivered"]);
    // A second event that failed for good (its endpoint was down past the retry window).
    const second = await initiatePayment(m.headers, directBody());
    const failedEvent = await prisma.webhookEvent.findFirstOrThrow({ where: { merchantId: m.merchant.id, id: { not: events[0].id } } });
    await prisma.webhookEvent.update({ where: { id: failedEvent.id }, data: { status: "failed", nextAttemptAt: null } });
    expect(second.status).toBe(201);

    const before = receiver.requests.length;
    const dry = await ops("webhooks:redeliver", "--merchant", m.merchant.email, "--since", since, "--dry-run");
    expect(dry.output.split("\n")).toEqual([`would resend ${events[0].id}  payment.pending  (delivered)`, `would resend ${failedEvent.id}  payment.pending  (failed)`, "2 event(s) would be sent again."]);
    expect(receiver.requests.length).toBe(before);

    const onlyFailed = await ops("webhooks:redeliver", "--merchant", m.merchant.id, "--since", since, "--failed-only");
    expect(onlyFailed).toEqual({ code: 0, output: `${failedEvent.id}  payment.pending  delivered\nSent 1 event(s) again: 1 delivered, 0 not.` });
    expect(receiver.requests.slice(before).map((r) => r.headers["webhook-id"])).toEqual([failedEvent.id]);
    expect((await prisma.webhookEvent.findUniqueOrThrow({ where: { id: failedEvent.id } })).status).toBe("delivered");

    answer = 500;
    const all = await ops("webhooks:redeliver", "--merchant", m.merchant.id, "--since", since);
    expect(all.code).toBe(1);
    expect(all.output).toContain("Sent 2 event(s) again: 0 delivered, 2 not.");
    answer = 200;
    expect((await ops("webhooks:redeliver", "--merchant", m.merchant.id, "--since", new Date(Date.now() + 60_000).toISOString())).output).toMatch(/^No webhook event/);
    await expect(ops("webhooks:redeliver", "--merchant", m.merchant.id, "--since", "yesterday")).rejects.toThrow(/--since must be a date/);
  });
});
