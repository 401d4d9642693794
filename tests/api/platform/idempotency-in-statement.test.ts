import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors";
import { defineContract } from "@/lib/http/contract";
import { defineRoute } from "@/lib/http/define-route";
import { KEY_HELD, KEY_WRITTEN } from "@/lib/http/idempotency";
import { newId } from "@/lib/ids";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { apiRoundTrips, keepCachesWarm } from "../../helpers/api-round-trips";

/**
 * X-Idempotency-Key claimed and completed inside the handler's own statement
 * (idempotencyInStatement, lib/http/idempotency.ts KeyInStatement), through a route built like
 * POST /payouts/initiate: the handler's one write (an audit row we count) and the key's record
 * in one statement. The same guarantees as the claim-first path (route-wrapper.test.ts).
 */
const contract = defineContract({
  operationId: "inStatementTest",
  method: "POST",
  path: "/test/in-statement",
  summary: "test route",
  tags: ["Test"],
  auth: "apiKey",
  idempotency: true,
  idempotencyInStatement: true,
  request: {
    body: z.strictObject({
      amount: z.number().positive(),
      kind: z.enum(["direct", "checkout"]),
      // bad_amount: a 4xx before the statement; refuse: the statement refuses (4xx); crash: a 5xx.
      fail: z.enum(["none", "bad_amount", "refuse", "crash"]).optional(),
    }),
  },
  success: { status: 201, description: "echo", schema: z.object({ id: z.string(), amount: z.number(), kind: z.string() }) },
});

const route = defineRoute(contract, async ({ body, auth, idempotency }) => {
  if (body.fail === "bad_amount") throw new AppError("invalid_amount", "Amount is outside the provider's bounds.");
  if (body.fail === "crash") throw new Error("database exploded");
  const id = newId("aud");
  const answer = { id, amount: body.amount, kind: body.kind, secretField: "must not leak" };
  const keyed = idempotency ? KEY_WRITTEN : Prisma.sql`TRUE`;
  const refuse = body.fail === "refuse";
  try {
    await runSql(Prisma.sql`
      WITH ${idempotency ? Prisma.sql`${idempotency.cte(answer)},` : Prisma.empty}
      audit AS (INSERT INTO audit_logs (id, merchant_id, actor, action, details)
                SELECT ${id}, ${auth.merchant.id}, 'test', 'echo', ${JSON.stringify({ amount: body.amount })}::jsonb WHERE ${keyed} AND NOT ${refuse}::boolean)
      SELECT CASE WHEN NOT ${keyed} THEN refuse_statement(${KEY_HELD}) WHEN ${refuse}::boolean THEN refuse_statement('no_funds') END AS refused`);
  } catch (err) {
    if ((err as { code?: string }).code === "P0001" && (err as Error).message === "no_funds") throw new AppError("insufficient_balance", "Insufficient balance.");
    throw err;
  }
  return { body: answer };
});

keepCachesWarm();

const executions = async (merchantId: string) => (await getPrisma()).auditLog.count({ where: { merchantId, action: "echo" } });
const records = async (merchantId: string) => (await getPrisma()).idempotencyRecord.findMany({ where: { merchantId } });
const good = { amount: 1000, kind: "direct" };
const send = (m: { headers: Record<string, string> }, key: string, body: Record<string, unknown>) =>
  call(route, { path: "/test/in-statement", headers: { ...m.headers, "X-Idempotency-Key": key }, body });

describe("idempotency claimed and completed in the handler's statement", () => {
  it("one round trip for the work and the key; the same body again replays it and writes nothing", async () => {
    const m = await createTestMerchant();
    await send(m, "warm", good); // the API key cache
    let first!: Awaited<ReturnType<typeof send>>;
    expect(await apiRoundTrips(async () => (first = await send(m, "order-1", good)), 201)).toEqual(["insert idempotency_records + insert audit_logs"]);
    expect(first.json).toEqual({ id: expect.any(String), amount: 1000, kind: "direct" }); // stored and answered through the contract
    const second = await send(m, "order-1", { kind: "direct", amount: 1000 });
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await executions(m.merchant.id)).toBe(2);
    const [record] = (await records(m.merchant.id)).filter((r) => r.key === "order-1");
    expect(record).toMatchObject({ state: "completed", responseStatus: 201, responseBody: first.json });
  });

  it("the same key with a different body → 422, nothing written", async () => {
    const m = await createTestMerchant();
    await send(m, "order-2", good);
    const res = await send(m, "order-2", { ...good, amount: 2000 });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("idempotency_key_reused");
    expect(await executions(m.merchant.id)).toBe(1);
  });

  it("a 4xx, before the statement or from its refusal, is stored and replayed", async () => {
    const m = await createTestMerchant();
    for (const fail of ["bad_amount", "refuse"]) {
      const a = await send(m, `k-${fail}`, { ...good, fail });
      const b = await send(m, `k-${fail}`, { ...good, fail });
      expect([a.status, b.status]).toEqual([400, 400]);
      expect(b.json.code).toBe(a.json.code);
      expect(b.headers.get("idempotent-replayed")).toBe("true");
      // Another body under that key: 422, as for a stored success.
      expect((await send(m, `k-${fail}`, good)).status).toBe(422);
    }
    expect(await executions(m.merchant.id)).toBe(0);
  });

  it("a 5xx leaves no key behind: the retry runs, no 409", async () => {
    const m = await createTestMerchant();
    const crash = { ...good, fail: "crash" };
    const a = await send(m, "k5", crash);
    const b = await send(m, "k5", crash);
    expect([a.status, b.status]).toEqual([500, 500]);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(await records(m.merchant.id)).toEqual([]);
  });

  it("a record past its lifetime is taken over by the next request with its key", async () => {
    const m = await createTestMerchant();
    await send(m, "old", good);
    await (await getPrisma()).idempotencyRecord.updateMany({ where: { merchantId: m.merchant.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await send(m, "old", { ...good, amount: 7 });
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await executions(m.merchant.id)).toBe(2);
  });

  it("20 concurrent requests with the same key execute once; the others get its answer or 409", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    const results = await Promise.all(Array.from({ length: 20 }, () => send(m, "burst", good)));
    expect(await executions(m.merchant.id)).toBe(1);
    const created = results.filter((r) => r.status === 201);
    const inProgress = results.filter((r) => r.status === 409);
    expect(created.length + inProgress.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) expect(r.json.id).toBe(created[0].json.id);
    for (const r of inProgress) expect(r.json.code).toBe("idempotency_key_in_progress");
    const after = await send(m, "burst", good);
    expect(after.json.id).toBe(created[0].json.id);
  });
});
