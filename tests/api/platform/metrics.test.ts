import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { GET as health } from "@/app/api/v1/health/route";
import { getPrisma } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { bearerMatches } from "@/lib/observability/metrics-endpoint";
import { runLedgerReconcile } from "@/lib/observability/reconcile-task";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, initiatePayment } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { startReceiver } from "../../helpers/webhook-receiver";
import { testJob, testJobs } from "../../helpers/test-jobs";

/** GET /api/metrics: Prometheus text, behind METRICS_TOKEN. */
const TOKEN = "metrics-token-for-tests-0123456789";

beforeAll(() => ensureReferenceData());
afterEach(() => {
  delete process.env.METRICS_TOKEN;
});

async function scrape(authorization?: string) {
  const headers = new Headers(authorization ? { authorization } : {});
  const res = await metricsRoute(new Request("http://localhost:3000/api/metrics", { headers }));
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

/** The value of one sample (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const match = /^[^{]+\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const got = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[2]);
  }
  return undefined;
}

describe("GET /api/metrics", () => {
  it("is 404 while METRICS_TOKEN is unset, and 401 without the right bearer token", async () => {
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.type).toContain("text/plain");
    expect(bearerMatches(null, TOKEN)).toBe(false);
  });

  it("counts requests per route and status, reads payments, payouts and the job backlog from the database, and reports operator, job, webhook and reconcile results", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const receiver = await startReceiver();
    try {
      const before = await scrape(`Bearer ${TOKEN}`);
      const healthBefore = sample(before.text, "http_requests_total", { route: "/health", method: "GET", status: "200" }) ?? 0;
      expect((await call(health, { path: "/health" })).status).toBe(200);
      expect((await call(health, { path: "/health" })).status).toBe(200);

      const m = await createTestMerchant();
      await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
      const res = await initiatePayment(m.headers, directBody({ provider: "orange", country: "SN" }));
      expect(res.status).toBe(201);
      expect((await initiatePayment(m.headers, { type: "direct" })).status).toBe(400);
      await driveToFinal(res.json.data.transactionId);
      // A job that is due and waits: the backlog and the age of its oldest due job.
      const prisma = await getPrisma();
      const job = await enqueueJob(prisma, testJob("test.metrics-backlog"), {});
      await prisma.job.update({ where: { id: job.id }, data: { runAt: new Date(Date.now() - 120_000) } });
      for (let i = 0; i < 5 && receiver.requests.length < 3; i++) await runDueJobs({ jobs: testJobs, types: [WEBHOOK_DELIVER_JOB], limit: 20 });
      await runLedgerReconcile();

      const after = await scrape(`Bearer ${TOKEN}`);
      expect(after.status).toBe(200);
      const text = after.text;
      console.info(`metrics sample:\n${text.split("\n").filter((l) => /^(http_requests_total|http_request_duration_seconds_count|payments|payouts|jobs|jobs_oldest_due_age_seconds|job_runs_total|webhook_deliveries_total|ledger_reconcile_ok)\{?/.test(l)).slice(0, 40).join("\n")}`);
      expect(sample(text, "http_requests_total", { route: "/health", method: "GET", status: "200" })).toBe(healthBefore + 2);
      expect(sample(text, "http_requests_total", { route: "/payments/initiate", method: "POST", status: "201" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_requests_total", { route: "/payments/initiate", method: "POST", status: "400" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "http_request_duration_seconds_count", { route: "/payments/initiate", method: "POST", status: "201" })).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",route="\/health",method="GET",status="200"\}/);
      // Read from the database at scrape: this file's database holds this payment.
      const successes = await prisma.payment.count({ where: { status: "success", provider: "orange", environment: "sandbox" } });
      expect(sample(text, "payments", { environment: "sandbox", status: "success", provider: "orange" })).toBe(successes);
      expect(sample(text, "jobs", { type: "test.metrics-backlog", state: "due" })).toBe(1);
      expect(sample(text, "jobs_oldest_due_age_seconds", { type: "test.metrics-backlog" })).toBeGreaterThanOrEqual(119);
      expect(sample(text, "job_runs_total", { type: WEBHOOK_DELIVER_JOB, outcome: "succeeded" })).toBeGreaterThanOrEqual(3);
      expect(sample(text, "webhook_deliveries_total", { result: "success" })).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/^webhook_delivery_duration_seconds_count\{result="success"\} \d+/m);
      expect(text).toMatch(/^ledger_reconcile_ok 1$/m);
      expect(text).toMatch(/^ledger_reconcile_last_run_timestamp_seconds \d+$/m);
      // Process metrics of the metrics library are left out: only ours.
      expect(text).not.toContain("process_cpu");
    } finally {
      await receiver.close();
    }
  });
});
