import { beforeAll, describe, expect, it } from "vitest";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { initiate, quote, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { rowsSnapshot } from "../../helpers/rows-snapshot";

/**
 * Every row a payout initiate writes, column by column (ids and times replaced by stable
 * tokens): pinned from the Prisma-create implementation before the initiate became a few CTE
 * statements (docs/decisions/performance-choices.md, "Payout initiate in three statements"), so the rewrite is
 * checked to write exactly the same values.
 */
beforeAll(() => ensureReferenceData());

/** Every row of the payout `payoutId`, across the tables an initiate writes. */
const rowsOf = (merchantId: string, payoutId: string) =>
  rowsSnapshot(
    merchantId,
    payoutId,
    {
      payout_quotes: `SELECT row_to_json(t)::text AS j FROM payout_quotes t WHERE merchant_id = $1 AND payout_id = $2`,
      payouts: `SELECT row_to_json(t)::text AS j FROM payouts t WHERE merchant_id = $1 AND id = $2`,
      payout_status_changes: `SELECT row_to_json(t)::text AS j FROM payout_status_changes t WHERE $1 <> '' AND payout_id = $2 ORDER BY id`,
      webhook_events: `SELECT row_to_json(t)::text AS j FROM webhook_events t WHERE merchant_id = $1 AND transaction_id = $2 ORDER BY seq`,
      jobs: `SELECT row_to_json(t)::text AS j FROM jobs t WHERE $1 <> '' AND (payload->>'payoutId' = $2 OR payload->>'eventId' IN (SELECT id FROM webhook_events WHERE transaction_id = $2)) ORDER BY type`,
      audit_logs: `SELECT row_to_json(t)::text AS j FROM audit_logs t WHERE merchant_id = $1 AND details->>'payoutId' = $2`,
      ledger_entries: `SELECT row_to_json(t)::text AS j FROM ledger_entries t WHERE merchant_id = $1 AND metadata->>'payoutId' = $2 ORDER BY type`,
      ledger_postings: `SELECT row_to_json(p)::text AS j FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.merchant_id = $1 AND e.metadata->>'payoutId' = $2 ORDER BY e.type, p.account_id`,
      ledger_holds: `SELECT row_to_json(t)::text AS j FROM ledger_holds t WHERE $1 <> '' AND id = $2`,
      ledger_accounts: `SELECT row_to_json(t)::text AS j FROM ledger_accounts t WHERE merchant_id = $1 AND $2 <> '' ORDER BY id`,
      payout_usage: `SELECT row_to_json(t)::text AS j FROM payout_usage t WHERE merchant_id = $1 AND $2 <> '' ORDER BY period`,
    },
    {
      idPrefixes: ["po", "qt", "evt", "job", "je", "aud"],
      dropId: ["payout_status_changes", "ledger_postings"],
      replace: [
        [/"\d{4}-\d\d-\d\d"/g, '"<date>"'],
        [/\bpk_(test|live)_\w+/g, "<public key>"],
      ],
    },
  );

describe("the rows of a payout initiate", () => {
  it("quoted, callbackUrl, reference, metadata, description (event pending with its delivery job)", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const q = await quote(m.headers, quoteBody());
    const res = await initiate(m.headers, {
      quoteId: q.json.quoteId,
      recipient: recipient(),
      externalReference: "rows-1",
      metadata: { order: 42, tag: "x" },
      description: "salary",
      callbackUrl: "http://127.0.0.1:9/hook",
    });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchSnapshot();
  });

  it("legacy, no URL anywhere (event skipped, no delivery job)", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const res = await initiate(m.headers, { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchSnapshot();
  });

  it("quoted with an fxTopUp (the conversion entry, then the hold)", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "USD", 10_000n);
    const q = await quote(m.headers, quoteBody({ allowFxFrom: "USD" }));
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchSnapshot();
  });
});
