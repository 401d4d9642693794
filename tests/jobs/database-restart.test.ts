import { afterAll, describe, expect, it, vi } from "vitest";
import { startTcpProxy } from "../helpers/tcp-proxy";

/**
 * A PostgreSQL restart in the middle of a run costs nothing (docs/performance.md, "Recovery"):
 * the app's connections end and connecting is refused for a while (played by a TCP proxy in
 * front of the test database, tests/helpers/tcp-proxy.ts); without restarting anything, every
 * payment accepted before, during or after it reaches `success` and its webhook is delivered,
 * and requests after it are served. PostgreSQL only.
 */
const realUrl = process.env.DATABASE_URL;
const proxy = realUrl?.startsWith("postgres") ? await startTcpProxy({ host: new URL(realUrl).hostname, port: Number(new URL(realUrl).port || 5432) }) : null;
// Before anything opens the database: the app's pool and the runner connect through the proxy.
if (proxy) process.env.DATABASE_URL = Object.assign(new URL(realUrl!), { host: `127.0.0.1:${proxy.port}` }).toString();

const { getPrisma } = await import("@/lib/db/client");
const { startJobPool } = await import("@/lib/jobs/job-pool");
const { platformJobs } = await import("@/lib/platform/jobs");
const { setWebhookUrl } = await import("@/lib/webhooks/set-webhook-url");
const { createTestMerchant } = await import("../helpers/merchants");
const { directBody, initiatePayment } = await import("../helpers/payments");
const { ensureReferenceData } = await import("../helpers/reference");
const { startReceiver } = await import("../helpers/webhook-receiver");

vi.mock("@/lib/platform/periodic-tasks", () => ({ periodicTasks: [] }));
afterAll(async () => {
  await proxy?.close();
});

describe.skipIf(!proxy)("a PostgreSQL restart mid-run (PostgreSQL)", () => {
  it("loses nothing and needs no restart of the app: every accepted payment succeeds and is delivered", { timeout: 120_000 }, async () => {
    await ensureReferenceData();
    const receiver = await startReceiver();
    const m = await createTestMerchant();
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    const pool = startJobPool({ jobs: platformJobs, pollMs: 50 });
    try {
      const accepted: string[] = [];
      const refused: number[] = [];
      const send = async () => {
        const res = await initiatePayment(m.headers, directBody()).catch(() => ({ status: 0, json: undefined }));
        if (res.status === 201) accepted.push(res.json.data.transactionId);
        else refused.push(res.status);
      };
      for (let i = 0; i < 15; i++) await send();
      expect(proxy!.open()).toBeGreaterThan(0);
      // The restart: every session ends, connecting is refused for 2 s; requests keep coming meanwhile.
      const restart = proxy!.restart(2_000);
      const during = Array.from({ length: 10 }, (_, i) => new Promise((r) => setTimeout(r, i * 200)).then(send));
      await Promise.all([restart, ...during]);
      for (let i = 0; i < 15; i++) await send();

      // Refusals only while it was down, each a proper error answer (no hang); everything after was served.
      expect(accepted.length).toBeGreaterThanOrEqual(30);
      for (const status of refused) expect(status).toBeGreaterThanOrEqual(500);
      const prisma = await getPrisma();
      const succeeded = (event: string) => new Set(receiver.requests.map((r) => JSON.parse(r.body)).filter((e) => e.type === event).map((e) => e.data.transactionId));
      await vi.waitFor(
        async () => {
          const n = await prisma.payment.count({ where: { id: { in: accepted }, status: "success" } });
          expect(n).toBe(accepted.length);
          expect([...succeeded("payment.success")].filter((id) => accepted.includes(id)).length).toBe(accepted.length);
        },
        { timeout: 90_000, interval: 250 },
      );
    } finally {
      await pool.stop(5_000);
      await receiver.close();
    }
  });
});
