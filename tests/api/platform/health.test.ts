import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as dbClient from "@/lib/db/client";
import { GET } from "@/app/api/v1/health/route";
import { newId } from "@/lib/ids";
import { call } from "../../helpers/http";

afterEach(() => vi.restoreAllMocks());
// The database opened (and, embedded, migrated) before the first check: health bounds each check
// to 3 s, and a cold start of the embedded database on a loaded machine can take longer than that,
// which is not what these tests are about.
beforeAll(async () => {
  await dbClient.getPrisma();
});

describe("GET /health", () => {
  it("answers 200 with status, environment, version and checks when the database answers", async () => {
    const res = await call(GET, { path: "/health" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "ok",
      environment: "sandbox",
      version: expect.any(String),
      checks: {
        database: { status: "ok", latencyMs: expect.any(Number) },
        rateLimiter: { backend: expect.any(String) },
        // With Redis behind the rate limiter (CI's test:pg), it is asked too.
        ...(process.env.REDIS_URL || process.env.UPSTASH_REDIS_REST_URL ? { redis: { status: "ok", latencyMs: expect.any(Number) } } : {}),
        jobs: { status: "ok", due: expect.any(Number), failed: expect.any(Number), oldestDueAgeSeconds: expect.any(Number), degradedAfterSeconds: 300 },
        connectors: { status: "ok", accounts: expect.any(Array), closedProviders: [] },
      },
      warnings: [],
    });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-ratelimit-limit")).toBeNull(); // load balancers poll it freely
  });

  it("warns, without failing, when a production instance allows private webhook targets", async () => {
    const saved = { env: process.env.APP_ENV, flag: process.env.WEBHOOK_ALLOW_PRIVATE };
    try {
      process.env.APP_ENV = "production";
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      const on = await call(GET, { path: "/health" });
      expect(on.status).toBe(200);
      // A warning never degrades the report by itself (on PostgreSQL the shared test database may
      // hold other files' connector routes, which can: tests/api/connectors/health.test.ts).
      expect(on.json).toMatchObject({ environment: "production", checks: { database: { status: "ok" } }, warnings: [expect.stringMatching(/WEBHOOK_ALLOW_PRIVATE is on in production/)] });
      process.env.WEBHOOK_ALLOW_PRIVATE = "false";
      expect((await call(GET, { path: "/health" })).json.warnings).toEqual([]);
      // The sandbox may use it freely (local receivers): no warning.
      process.env.APP_ENV = "sandbox";
      process.env.WEBHOOK_ALLOW_PRIVATE = "true";
      expect((await call(GET, { path: "/health" })).json.warnings).toEqual([]);
    } finally {
      process.env.APP_ENV = saved.env;
      process.env.WEBHOOK_ALLOW_PRIVATE = saved.flag;
    }
  });

  it("answers 503 without internals when the database does not", async () => {
    vi.spyOn(dbClient, "getPrisma").mockRejectedValue(new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2"));
    const res = await call(GET, { path: "/health" });
    expect(res.status).toBe(503);
    expect(res.json.status).toBe("down");
    expect(res.json.checks.database.status).toBe("error");
    expect(res.text).not.toMatch(/ECONNREFUSED|hunter2|10\.0\.0\.5/);
  });
});

describe("GET /health: degraded is not down", () => {
  it("a due job waiting longer than HEALTH_JOB_BACKLOG_SECONDS degrades the report (200), naming the backlog's age", async () => {
    const prisma = await dbClient.getPrisma();
    const job = await prisma.job.create({ data: { id: newId("job"), type: "test.health-backlog", runAt: new Date(Date.now() - 600_000) } });
    try {
      const res = await call(GET, { path: "/health" });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe("degraded");
      expect(res.json.checks.jobs).toMatchObject({ status: "degraded", oldestDueAgeSeconds: expect.any(Number) });
      expect(res.json.checks.jobs.oldestDueAgeSeconds).toBeGreaterThanOrEqual(599);
      expect(res.json.checks.jobs.due).toBeGreaterThanOrEqual(1);
    } finally {
      await prisma.job.delete({ where: { id: job.id } });
    }
  });

  it("a configured Redis that does not answer degrades the report (the rate limiter fails open), the database still answering", async () => {
    const { rateLimiter } = await import("@/lib/http/rate-limit");
    const limiter = rateLimiter();
    const saved = limiter.ping;
    limiter.ping = () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.7:6379"));
    try {
      const res = await call(GET, { path: "/health" });
      expect(res.status).toBe(200);
      expect(res.json.status).toBe("degraded");
      expect(res.json.checks.redis).toEqual({ status: "error", latencyMs: expect.any(Number) });
      expect(res.text).not.toContain("ECONNREFUSED");
      limiter.ping = () => Promise.resolve("PONG");
      const ok = await call(GET, { path: "/health" });
      expect(ok.json.checks.redis).toEqual({ status: "ok", latencyMs: expect.any(Number) });
    } finally {
      limiter.ping = saved;
    }
  });
});

describe("unknown API paths", () => {
  it("answer 404 with the spec's JSON error body", async () => {
    const { GET: unknown } = await import("@/app/api/v1/[...unknown]/route");
    const res = await call(unknown as never, { path: "/payments/nope" });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found" });
    expect(res.headers.get("x-request-id")).toBe(res.json.requestId);
  });
});
