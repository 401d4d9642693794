import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Every row a collect initiate writes, column by column (ids, tokens and times replaced by
 * stable tokens), and its answer next to a later read: pinned from the Prisma-create
 * implementation before the initiate became one statement (docs/performance.md), so the
 * rewrite is checked to write and answer exactly the same values.
 */
beforeAll(() => ensureReferenceData());

async function rowsOf(merchantId: string, paymentId: string): Promise<string> {
  const prisma = await getPrisma();
  const q = (sql: string) => prisma.$queryRawUnsafe<{ j: string }[]>(sql, merchantId, paymentId).then((rows) => rows.map((r) => JSON.parse(r.j)));
  const tables: Record<string, Record<string, unknown>[]> = {
    payments: await q(`SELECT row_to_json(t)::text AS j FROM payments t WHERE merchant_id = $1 AND id = $2`),
    payment_status_changes: await q(`SELECT row_to_json(t)::text AS j FROM payment_status_changes t WHERE $1 <> '' AND payment_id = $2 ORDER BY id`),
    webhook_events: await q(`SELECT row_to_json(t)::text AS j FROM webhook_events t WHERE merchant_id = $1 AND transaction_id = $2 ORDER BY seq`),
    jobs: await q(
      `SELECT row_to_json(t)::text AS j FROM jobs t WHERE $1 <> '' AND (payload->>'paymentId' = $2 OR payload->>'eventId' IN (SELECT id FROM webhook_events WHERE transaction_id = $2)) ORDER BY type`,
    ),
  };
  for (const rows of Object.values(tables)) for (const row of rows) delete row.seq;
  for (const row of tables.payment_status_changes) delete row.id;
  const tokens = new Map<string, string>();
  return JSON.stringify(tables, null, 1)
    .replaceAll(merchantId, "<merchant>")
    .replace(/\b(txn|evt|job)_[A-Za-z0-9]+/g, (id, prefix) => {
      if (!tokens.has(id)) tokens.set(id, `<${prefix}${[...tokens.values()].filter((t) => t.startsWith(`<${prefix}`)).length + 1}>`);
      return tokens.get(id)!;
    })
    .replace(/"checkout_token": "[^"]+"/, '"checkout_token": "<token>"')
    .replace(/\border-\d+-\d+-\d+\b/g, "<reference>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, "<time>");
}

describe("the rows of a collect initiate", () => {
  it("direct, with callbackUrl, customer, description and metadata (event pending with its delivery job, submission job)", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(
      m.headers,
      directBody({
        customerName: "Awa Diop",
        customerEmail: "awa@example.com",
        description: "order 42",
        callbackUrl: "http://127.0.0.1:9/hook",
        metadata: { zeta: 1, order: 42, a: { y: true, b: "x" } },
      }),
    );
    expect(res.status).toBe(201);
    const rows = await rowsOf(m.merchant.id, res.json.data.transactionId);
    expect(rows).toMatchSnapshot();
  });

  it("checkout, no URL anywhere (event skipped, no job)", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 2500, externalReference: uniqueRef() });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.data.transactionId)).toMatchSnapshot();
  });

  it("answers what a later read shows, metadata keys in the stored order", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody({ metadata: { zeta: 1, order: 42, a: { y: true, b: "x" } } }));
    expect(res.status).toBe(201);
    const prisma = await getPrisma();
    const stored = await prisma.payment.findUniqueOrThrow({ where: { id: res.json.data.transactionId } });
    expect(JSON.stringify(stored.metadata)).toBe('{"a": {"b": "x", "y": true}, "zeta": 1, "order": 42}'.replaceAll(": ", ":").replaceAll(", ", ","));
    const event = await prisma.webhookEvent.findFirstOrThrow({ where: { transactionId: stored.id } });
    expect(JSON.stringify((event.payload as { data: { metadata: unknown } }).data.metadata)).toBe(JSON.stringify(stored.metadata));
  });
});
