import { beforeAll, describe, expect, it } from "vitest";
import { GET as paymentStatus } from "@/app/api/v1/payments/status/[transactionId]/route";
import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { flushApiRequestLog, pendingApiRequests } from "@/lib/request-log/record-api-request";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment, uniqueRef } from "../../helpers/payments";
import { apiRoundTrips, keepCachesWarm } from "../../helpers/api-round-trips";
import { describeStatement, recordStatements } from "../../helpers/record-statements";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * The database round trips of the hottest API paths, statement by statement
 * (docs/decisions/performance-choices.md, "Hot paths are counted in statements"). These paths
 * spend their time in them, so a statement added here is a regression to justify: if it is
 * needed, change the list here and the figures in the doc.
 * Steady state, as in production: the API key cache and the reference catalogue are warm.
 */
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let m: Merchant;
keepCachesWarm();

beforeAll(async () => {
  await ensureReferenceData();
  m = await createTestMerchant();
  expect((await initiatePayment(m.headers, directBody())).status).toBe(201); // warms the key cache and the catalogue
});

const status = (headers: Record<string, string>, transactionId: string) =>
  call(paymentStatus, { path: `/payments/status/${transactionId}`, headers, params: { transactionId } });

describe("round trips per request", () => {
  it("POST /payments/initiate (direct): one statement writes the payment, its timeline, the event, its delivery job and the submission job", async () => {
    expect(await apiRoundTrips(() => initiatePayment(m.headers, directBody()), 201)).toEqual([
      "insert payments + insert payment_status_changes + insert webhook_events + insert jobs + insert jobs",
    ]);
  });

  it("POST /payments/initiate (checkout): the same statement without the submission job", async () => {
    const body = { type: "checkout", amount: 5000, externalReference: uniqueRef() };
    expect(await apiRoundTrips(() => initiatePayment(m.headers, body), 201)).toEqual(["insert payments + insert payment_status_changes + insert webhook_events + insert jobs"]);
  });

  it("POST /payments/initiate with X-Idempotency-Key: the key's record in the same one statement", async () => {
    const headers = { ...m.headers, "X-Idempotency-Key": uniqueRef("idem") };
    const body = directBody();
    const all = "insert idempotency_records + insert payments + insert payment_status_changes + insert webhook_events + insert jobs + insert jobs";
    expect(await apiRoundTrips(() => initiatePayment(headers, body), 201)).toEqual([all]);
    // The replay's statement meets the key first (nothing else is written), then reads its stored answer.
    expect(await apiRoundTrips(() => initiatePayment(headers, body), 201)).toEqual([all, "select idempotency_records"]);
  });

  it("GET /payments/status/{id}: one SELECT, scoped to the merchant and environment", async () => {
    const created = await initiatePayment(m.headers, directBody());
    await flushApiRequestLog();
    const { result, statements } = await recordStatements(() => status(m.headers, created.json.data.transactionId));
    expect(result.status).toBe(200);
    expect(statements.map(describeStatement)).toEqual(["select payments"]);
    expect(statements[0]).toMatch(/"?merchant_id"? = \$\d+ AND .*"?environment"? = /);
  });

  it("the request log costs the request nothing: its rows are queued, then one INSERT per batch", async () => {
    await flushApiRequestLog();
    const created = await initiatePayment(m.headers, directBody());
    const { statements } = await recordStatements(async () => {
      for (let i = 0; i < 3; i++) expect((await status(m.headers, created.json.data.transactionId)).status).toBe(200);
      return null;
    });
    expect(statements.map(describeStatement)).toEqual(["select payments", "select payments", "select payments"]);
    expect(pendingApiRequests()).toBe(4);
    const written = await recordStatements(() => flushApiRequestLog());
    expect(written.statements.map(describeStatement).filter((s) => s !== "select pg_attribute")).toEqual(["insert api_request_logs"]);
    expect(pendingApiRequests()).toBe(0);
  });

  it("a key not in the cache (first call, or 5 s later) costs two reads more: the key, its merchant", async () => {
    const created = await initiatePayment(m.headers, directBody());
    invalidateApiKeyCache();
    expect(await apiRoundTrips(() => status(m.headers, created.json.data.transactionId), 200)).toEqual([
      "select api_keys",
      "select merchants",
      "select payments",
    ]);
  });
});
