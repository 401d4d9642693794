import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { quoteView } from "@/lib/payouts/quote-view";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { initiate, quote, quoteBody, recipient } from "../../helpers/payouts";
import { apiRoundTrips, keepCachesWarm } from "../../helpers/api-round-trips";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * The database round trips of POST /payouts/initiate, statement by statement (docs/performance.md,
 * "Round trips per request"). The server is CPU-bound and every statement is a Prisma
 * call, so a statement added here is a regression to justify: if it is needed, change the list
 * here and the figures in the doc. Steady state: API key cache and catalogue warm, the
 * merchant's wallet and the platform's accounts exist.
 */
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
let m: Merchant;
keepCachesWarm();

const legacyBody = () => ({ amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() });

beforeAll(async () => {
  await ensureReferenceData();
  m = await createTestMerchant();
  await fund(m.merchant.id, "XOF", 10_000_000n);
  const q = await quote(m.headers, quoteBody()); // warms the key cache and the catalogue
  expect((await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() })).status).toBe(201);
  expect((await initiate(m.headers, legacyBody())).status).toBe(201); // and each table's column types (lib/db/insert-rows)
});

describe("POST /payouts/initiate round trips", () => {
  it("with a quote", async () => {
    const q = await quote(m.headers, quoteBody());
    expect(await apiRoundTrips(() => initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() }), 201)).toEqual([
      // The quote with the merchant's limits, one read.
      "select payout_quotes",
      // One statement, no interactive transaction: the claim, then the hot rows in the one lock
      // order (the limit windows, then the wallet: lock, check, entry, postings, hold), then the
      // rows nobody else touches (payout, timeline, event + delivery job when it has a URL, submit job, audit).
      "update payout_quotes + insert payout_usage + insert ledger_accounts + insert ledger_entries + update ledger_accounts + insert ledger_postings + insert ledger_holds + insert payouts + insert payout_status_changes + insert webhook_events + insert jobs + insert jobs + insert audit_logs",
    ]);
  });

  it("legacy (no quote)", async () => {
    expect(await apiRoundTrips(() => initiate(m.headers, legacyBody()), 201)).toEqual([
      // Pricing reads the merchant's balances with its limits, one read (the windows are taken atomically below).
      "select ledger_accounts",
      "insert payout_quotes + insert payout_usage + insert ledger_accounts + insert ledger_entries + update ledger_accounts + insert ledger_postings + insert ledger_holds + insert payouts + insert payout_status_changes + insert webhook_events + insert jobs + insert jobs + insert audit_logs",
    ]);
  });
});

describe("with X-Idempotency-Key: the key's record is written by the request's own statement", () => {
  const key = () => ({ "X-Idempotency-Key": `k-${Date.now()}-${Math.random()}` });

  it("initiate with a quote: the same 2 round trips (was 4: the claim before, the stored answer after); its replay 2", async () => {
    const q = await quote(m.headers, quoteBody());
    const body = { quoteId: q.json.quoteId, recipient: recipient() };
    const k = key();
    expect(await apiRoundTrips(() => initiate(m.headers, body, k), 201)).toEqual([
      "select payout_quotes",
      "insert idempotency_records + update payout_quotes + insert payout_usage + insert ledger_accounts + insert ledger_entries + update ledger_accounts + insert ledger_postings + insert ledger_holds + insert payouts + insert payout_status_changes + insert webhook_events + insert jobs + insert jobs + insert audit_logs",
    ]);
    // A replay runs the request's checks (the quote is used: a 4xx), whose storing meets the key
    // and reads its stored answer in the same statement.
    expect(await apiRoundTrips(() => initiate(m.headers, body, k), 201)).toEqual(["select payout_quotes", "insert idempotency_records"]);
  });

  it("initiate legacy: 2 round trips; a replay's statement meets the key first and writes nothing", async () => {
    const body = legacyBody();
    const k = key();
    const all = "insert idempotency_records + insert payout_quotes + insert payout_usage + insert ledger_accounts + insert ledger_entries + update ledger_accounts + insert ledger_postings + insert ledger_holds + insert payouts + insert payout_status_changes + insert webhook_events + insert jobs + insert jobs + insert audit_logs";
    expect(await apiRoundTrips(() => initiate(m.headers, body, k), 201)).toEqual(["select ledger_accounts", all]);
    expect(await apiRoundTrips(() => initiate(m.headers, body, k), 201)).toEqual(["select ledger_accounts", all, "select idempotency_records"]);
  });

  it("quote: 2 round trips (was 4)", async () => {
    const k = key();
    expect(await apiRoundTrips(() => quote(m.headers, quoteBody(), k), 200)).toEqual(["select ledger_accounts", "insert idempotency_records + insert payout_quotes"]);
  });
});

describe("POST /payouts/quote round trips", () => {
  it("one read, then the insert through the driver (the floor: the insert's numbers are priced from the read)", async () => {
    expect(await apiRoundTrips(() => quote(m.headers, quoteBody()), 200)).toEqual([
      // The balances, the limits and what the windows hold.
      "select ledger_accounts",
      "insert payout_quotes",
    ]);
  });

  it("answers byte for byte what the stored row gives (the row returned is the row written)", async () => {
    for (const body of [quoteBody(), quoteBody({ amount: 2_500, method: "wave", type: "b2b" })]) {
      const res = await quote(m.headers, body);
      expect(res.status).toBe(200);
      const stored = await (await getPrisma()).payoutQuote.findUniqueOrThrow({ where: { id: res.json.quoteId } });
      expect(JSON.stringify(res.json)).toBe(JSON.stringify(quoteView(stored)));
    }
  });
});
