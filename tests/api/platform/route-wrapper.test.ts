import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { defineContract } from "@/lib/http/contract";
import { resetAuthFailureBlocks } from "@/lib/http/authenticate-limited";
import { defineRoute } from "@/lib/http/define-route";
import { newId } from "@/lib/ids";
import { rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { awayFromWindowEdge } from "../../helpers/rate-window";

/**
 * The wrapper's behaviour on a real database, through a route built the way app/api/v1 routes
 * are. The handler writes an audit row so we can count how many times it really executed.
 */
const contract = defineContract({
  operationId: "wrapperTest",
  method: "POST",
  path: "/test/echo",
  summary: "test route",
  tags: ["Test"],
  auth: "apiKey",
  idempotency: true,
  request: {
    body: z.strictObject({
      amount: z.number().positive(),
      kind: z.enum(["direct", "checkout"]),
      note: z.string().max(100).optional(),
      fail: z.enum(["none", "bad_amount", "crash", "unstorable_error", "unstorable_answer"]).optional(),
    }),
  },
  success: { status: 201, description: "echo", schema: z.object({ id: z.string(), amount: z.number(), kind: z.string() }) },
});

const route = defineRoute(contract, async ({ body, auth }) => {
  if (body.fail === "bad_amount") throw new AppError("invalid_amount", "Amount is outside the provider's bounds.");
  if (body.fail === "crash") throw new Error("database exploded: SELECT * FROM secrets");
  // An answer PostgreSQL cannot keep in a JSON column (a NUL, as an echoed input once was).
  if (body.fail === "unstorable_error") throw new AppError("invalid_amount", "Amount \u0000 is outside the provider's bounds.");
  const prisma = await getPrisma();
  const id = newId("aud");
  await new Promise((r) => setTimeout(r, 20)); // a little work, so concurrent duplicates overlap
  await prisma.auditLog.create({ data: { id, merchantId: auth.merchant.id, actor: "test", action: "echo", details: { amount: body.amount } } });
  const kind = body.fail === "unstorable_answer" ? `${body.kind}\u0000` : body.kind;
  return { body: { id, amount: body.amount, kind, secretField: "must not leak" } };
});

const executions = async (merchantId: string) => (await getPrisma()).auditLog.count({ where: { merchantId, action: "echo" } });
const good = { amount: 1000, kind: "direct" };

afterEach(() => {
  process.env.APP_ENV = "sandbox";
});

describe("authentication", () => {
  it("accepts X-API-Key and Authorization: Bearer, and sets X-Request-Id", async () => {
    const m = await createTestMerchant();
    const a = await call(route, { path: "/test/echo", headers: m.headers, body: good });
    const b = await call(route, { path: "/test/echo", headers: { Authorization: `Bearer ${m.credentials}` }, body: good });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.headers.get("x-request-id")).toMatch(/^req_/);
    expect(a.json).toEqual({ id: expect.any(String), amount: 1000, kind: "direct" }); // secretField stripped by the contract
  });

  it.each([
    ["missing", {}],
    ["malformed", { "X-API-Key": "nonsense" }],
    ["unknown", { "X-API-Key": "pk_test_AAAAAAAAAAAAAAAAAAAAAAAA:sk_test_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" }],
    ["live key in sandbox", { "X-API-Key": "pk_live_AAAAAAAAAAAAAAAAAAAAAAAA:sk_live_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" }],
  ])("%s credentials → 401 with the spec's body", async (_, headers) => {
    const res = await call(route, { path: "/test/echo", headers: headers as Record<string, string>, body: good });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ statusCode: 401, error: "Unauthorized", code: "unauthenticated", requestId: expect.any(String) });
    expect(res.json.message.length).toBeGreaterThan(10);
    expect(res.headers.get("x-request-id")).toBe(res.json.requestId);
  });

  it("says which base URL a live key belongs to", async () => {
    const res = await call(route, {
      path: "/test/echo",
      headers: { "X-API-Key": "pk_live_AAAAAAAAAAAAAAAAAAAAAAAA:sk_live_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" },
      body: good,
    });
    expect(res.json.message).toMatch(/production base URL/);
  });

  it("refuses a test key in production", async () => {
    const m = await createTestMerchant();
    process.env.APP_ENV = "production";
    const res = await call(route, { path: "/test/echo", headers: m.headers, body: good });
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/sandbox base URL/);
  });

  it("rejects a right public key with a wrong secret", async () => {
    const m = await createTestMerchant();
    const wrong = `${m.keys.publicKey}:sk_test_${"x".repeat(40)}`;
    const res = await call(route, { path: "/test/echo", headers: { "X-API-Key": wrong }, body: good });
    expect(res.status).toBe(401);
  });

  it("keeps a rotated pair valid for 24 h, then 401; the new pair works", async () => {
    const m = await createTestMerchant();
    const rotated = await rotateApiKeys(m.merchant.id, "test");
    const fresh = { "X-API-Key": `${rotated.publicKey}:${rotated.secretKey}` };
    expect((await call(route, { path: "/test/echo", headers: m.headers, body: good })).status).toBe(201);
    expect((await call(route, { path: "/test/echo", headers: fresh, body: good })).status).toBe(201);
    // Move the old pair's deadline into the past, as 24 h passing would.
    await (await getPrisma()).apiKey.update({ where: { publicKey: m.keys.publicKey }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(route, { path: "/test/echo", headers: m.headers, body: good });
    expect(expired.status).toBe(401);
    expect(expired.json.message).toMatch(/rotated/);
    expect((await call(route, { path: "/test/echo", headers: fresh, body: good })).status).toBe(201);
    const audit = await (await getPrisma()).auditLog.findMany({ where: { merchantId: m.merchant.id, action: "api_keys.rotated" } });
    expect(audit).toHaveLength(1);
    expect(Math.abs(rotated.previousValidUntil.getTime() - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
  });

  it("suspended merchant → 403", async () => {
    const m = await createTestMerchant();
    await (await getPrisma()).merchant.update({ where: { id: m.merchant.id }, data: { status: "suspended" } });
    const res = await call(route, { path: "/test/echo", headers: m.headers, body: good });
    expect(res.status).toBe(403);
  });
});

describe("input validation", () => {
  it.each([
    ["malformed JSON", { rawBody: '{"amount": 10,' }, "invalid_json"],
    ["empty body", { rawBody: "" }, "invalid_json"],
    ["wrong type", { body: { amount: "1000", kind: "direct" } }, "validation_error"],
    ["unknown enum value", { body: { amount: 1000, kind: "bank" } }, "validation_error"],
    ["unknown field", { body: { amount: 1000, kind: "direct", extra: 1 } }, "validation_error"],
    ["array body", { body: [1, 2] }, "validation_error"],
  ])("%s → 400 with a clear message", async (_, input, code) => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: m.headers, ...input });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code });
    expect(res.json.message).toMatch(/\w+/);
    if (code === "validation_error") expect(res.json.details[0]).toEqual({ path: expect.any(String), message: expect.any(String) });
  });

  it("names the field in the message", async () => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: m.headers, body: { amount: -5, kind: "direct" } });
    expect(res.json.message).toMatch(/amount/);
  });

  it("oversized body → 413", async () => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: m.headers, rawBody: JSON.stringify({ ...good, note: "x".repeat(70_000) }) });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("payload_too_large");
  });

  it("non-JSON content type → 415", async () => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: { ...m.headers, "content-type": "text/plain" }, rawBody: "amount=1" });
    expect(res.status).toBe(415);
  });

  it("an unexpected error is a 500 that leaks nothing", async () => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: m.headers, body: { ...good, fail: "crash" } });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/secrets|SELECT|exploded/);
    expect(res.json.requestId).toBe(res.headers.get("x-request-id"));
  });
});

describe("failed authentications, per address", () => {
  afterEach(() => {
    process.env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE = "0";
    resetAuthFailureBlocks();
  });

  it("401s carry X-RateLimit-* of the address's failure budget; past it, 429 even for valid credentials, until the window ends", async () => {
    process.env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE = "3";
    const m = await createTestMerchant();
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    const wrong = { "X-API-Key": "pk_test_AAAAAAAAAAAAAAAAAAAAAAAA:sk_test_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" };
    const guesser = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    await awayFromWindowEdge();
    const first = await call(route, { path: "/test/echo", headers: { ...wrong, ...from(guesser) }, body: good });
    expect(first.status).toBe(401);
    expect(first.headers.get("www-authenticate")).toContain("Bearer");
    expect(first.headers.get("x-ratelimit-limit")).toBe("3");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("2");
    await call(route, { path: "/test/echo", headers: { ...wrong, ...from(guesser) }, body: good });
    await call(route, { path: "/test/echo", headers: { ...wrong, ...from(guesser) }, body: good });
    const fourth = await call(route, { path: "/test/echo", headers: { ...wrong, ...from(guesser) }, body: good });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toMatchObject({ statusCode: 429, code: "rate_limited" });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right key from that address is refused too: a guesser cannot wait for the one 200.
    const right = await call(route, { path: "/test/echo", headers: { ...m.headers, ...from(guesser) }, body: good });
    expect(right.status).toBe(429);
    expect(await executions(m.merchant.id)).toBe(0);
    // Another address is not affected.
    expect((await call(route, { path: "/test/echo", headers: { ...m.headers, ...from("198.51.100.7") }, body: good })).status).toBe(201);
  });
});

describe("rate limiting", () => {
  it("sends X-RateLimit-* headers and 429 with Retry-After past the merchant's limit", async () => {
    const m = await createTestMerchant({ rateLimitPerMinute: 3 });
    const statuses = [];
    let last;
    await awayFromWindowEdge();
    for (let i = 0; i < 4; i++) {
      last = await call(route, { path: "/test/echo", headers: m.headers, body: good });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("x-ratelimit-limit")).toBe("3");
        expect(last.headers.get("x-ratelimit-remaining")).toBe("2");
        expect(Number(last.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(last!.json).toMatchObject({ statusCode: 429, error: "Too Many Requests", code: "rate_limited" });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await executions(m.merchant.id)).toBe(3);
    // Another merchant has its own budget.
    const other = await createTestMerchant({ rateLimitPerMinute: 3 });
    expect((await call(route, { path: "/test/echo", headers: other.headers, body: good })).status).toBe(201);
  });

  it("enterprise plan is unlimited and carries no limit headers", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    const res = await call(route, { path: "/test/echo", headers: m.headers, body: good });
    expect(res.status).toBe(201);
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
  });
});

describe("per-merchant write slots", () => {
  afterEach(() => {
    delete process.env.MERCHANT_WRITE_CONCURRENCY;
    delete process.env.MERCHANT_WRITE_QUEUE;
  });

  it("past the cap and its queue, a merchant's write is refused with 429 and Retry-After before it runs; others are not", async () => {
    process.env.MERCHANT_WRITE_CONCURRENCY = "1";
    process.env.MERCHANT_WRITE_QUEUE = "1";
    const m = await createTestMerchant({ plan: "enterprise" });
    const other = await createTestMerchant({ plan: "enterprise" });
    const answers = await Promise.all([
      call(route, { path: "/test/echo", headers: m.headers, body: good }),
      call(route, { path: "/test/echo", headers: m.headers, body: good }),
      call(route, { path: "/test/echo", headers: m.headers, body: good }),
      call(route, { path: "/test/echo", headers: other.headers, body: good }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json).toMatchObject({ statusCode: 429, error: "Too Many Requests", code: "rate_limited" });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await executions(m.merchant.id)).toBe(2); // one ran, one waited its turn, one was refused
    expect(await executions(other.merchant.id)).toBe(1);
  });
});

describe("idempotency", () => {
  const withKey = (m: { headers: Record<string, string> }, key: string) => ({ ...m.headers, "X-Idempotency-Key": key });

  it("replays the same body with Idempotent-Replayed and executes once", async () => {
    const m = await createTestMerchant();
    const first = await call(route, { path: "/test/echo", headers: withKey(m, "order-1"), body: good });
    const second = await call(route, { path: "/test/echo", headers: withKey(m, "order-1"), body: { kind: "direct", amount: 1000 } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await executions(m.merchant.id)).toBe(1);
  });

  it("Idempotency-Key (the IETF draft's name) is the same key as X-Idempotency-Key; both with different values → 400", async () => {
    const m = await createTestMerchant();
    const first = await call(route, { path: "/test/echo", headers: { ...m.headers, "Idempotency-Key": "order-alias" }, body: good });
    const second = await call(route, { path: "/test/echo", headers: withKey(m, "order-alias"), body: good });
    expect(first.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await executions(m.merchant.id)).toBe(1);
    const both = await call(route, { path: "/test/echo", headers: { ...withKey(m, "one"), "Idempotency-Key": "two" }, body: good });
    expect(both.status).toBe(400);
    expect(both.json.message).toContain("X-Idempotency-Key and Idempotency-Key differ");
    expect(await executions(m.merchant.id)).toBe(1);
  });

  it("same key with a different body → 422", async () => {
    const m = await createTestMerchant();
    await call(route, { path: "/test/echo", headers: withKey(m, "order-2"), body: good });
    const res = await call(route, { path: "/test/echo", headers: withKey(m, "order-2"), body: { ...good, amount: 2000 } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("idempotency_key_reused");
    expect(await executions(m.merchant.id)).toBe(1);
  });

  it("keys are scoped per merchant", async () => {
    const a = await createTestMerchant();
    const b = await createTestMerchant();
    await call(route, { path: "/test/echo", headers: withKey(a, "shared"), body: good });
    const res = await call(route, { path: "/test/echo", headers: withKey(b, "shared"), body: { ...good, amount: 5 } });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("replays a 4xx outcome, but not a 5xx one", async () => {
    const m = await createTestMerchant();
    const body = { ...good, fail: "bad_amount" };
    const a = await call(route, { path: "/test/echo", headers: withKey(m, "k4"), body });
    const b = await call(route, { path: "/test/echo", headers: withKey(m, "k4"), body });
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(b.headers.get("idempotent-replayed")).toBe("true");

    const crash = { ...good, fail: "crash" };
    await call(route, { path: "/test/echo", headers: withKey(m, "k5"), body: crash });
    const retry = await call(route, { path: "/test/echo", headers: withKey(m, "k5"), body: crash });
    expect(retry.status).toBe(500);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
  });

  it("an answer that cannot be stored releases its key at once: the retry runs, no 409 for 60 s", async () => {
    const m = await createTestMerchant();
    const failing = { ...good, fail: "unstorable_error" };
    const a = await call(route, { path: "/test/echo", headers: withKey(m, "k6"), body: failing });
    const b = await call(route, { path: "/test/echo", headers: withKey(m, "k6"), body: failing });
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(a.json.code).toBe("invalid_amount");
    expect(b.headers.get("idempotent-replayed")).toBeNull();

    const succeeding = { ...good, fail: "unstorable_answer" };
    const c = await call(route, { path: "/test/echo", headers: withKey(m, "k7"), body: succeeding });
    const d = await call(route, { path: "/test/echo", headers: withKey(m, "k7"), body: succeeding });
    expect([c.status, d.status]).toEqual([201, 201]);
    expect(d.headers.get("idempotent-replayed")).toBeNull();
    expect(await executions(m.merchant.id)).toBe(2);
    expect(await (await getPrisma()).idempotencyRecord.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("rejects a key longer than 255 characters", async () => {
    const m = await createTestMerchant();
    const res = await call(route, { path: "/test/echo", headers: withKey(m, "k".repeat(256)), body: good });
    expect(res.status).toBe(400);
  });

  it("20 concurrent requests with the same key execute once", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(route, { path: "/test/echo", headers: withKey(m, "burst"), body: good })),
    );
    expect(await executions(m.merchant.id)).toBe(1);
    const created = results.filter((r) => r.status === 201);
    const inProgress = results.filter((r) => r.status === 409);
    expect(created.length + inProgress.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.json.id).toBe(created[0].json.id);
    for (const r of inProgress) expect(r.json.code).toBe("idempotency_key_in_progress");
    // Once finished, every retry gets the one stored answer.
    const after = await call(route, { path: "/test/echo", headers: withKey(m, "burst"), body: good });
    expect(after.json.id).toBe(created[0].json.id);
  });
});
