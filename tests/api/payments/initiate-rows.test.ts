import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { rowsSnapshot } from "../../helpers/rows-snapshot";

/**
 * Every row a collect initiate writes, column by column (ids, tokens and times replaced by
 * stable tokens), and its answer next to a later read: pinned from the Prisma-create
 * implementation before the initiate became one statement (docs/performance.md), so the
 * rewrite is checked to write and answer exactly the same values.
 */
beforeAll(() => ensureReferenceData());

/** Every row of the payment `paymentId`, across the tables an initiate writes. */
const rowsOf = (merchantId: string, paymentId: string) =>
  rowsSnapshot(
    merchantId,
    paymentId,
    {
      payments: `SELECT row_to_json(t)::text AS j FROM payments t WHERE merchant_id = $1 AND id = $2`,
      payment_status_changes: `SELECT row_to_json(t)::text AS j FROM payment_status_changes t WHERE $1 <> '' AND payment_id = $2 ORDER BY id`,
      webhook_events: `SELECT row_to_json(t)::text AS j FROM webhook_events t WHERE merchant_id = $1 AND transaction_id = $2 ORDER BY seq`,
      jobs: `SELECT row_to_json(t)::text AS j FROM jobs t WHERE $1 <> '' AND (payload->>'paymentId' = $2 OR payload->>'eventId' IN (SELECT id FROM webhook_events WHERE transaction_id = $2)) ORDER BY type`,
    },
    {
      idPrefixes: ["txn", "evt", "job"],
      dropId: ["payment_status_changes"],
      replace: [
        [/"checkout_token": "[^"]+"/, '"checkout_token": "<token>"'],
        [/\border-\d+-\d+-\d+\b/g, "<reference>"],
      ],
    },
  );

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
