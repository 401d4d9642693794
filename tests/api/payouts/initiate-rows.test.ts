import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { initiate, quote, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Every row a payout initiate writes, column by column (ids and times replaced by stable
 * tokens): pinned from the Prisma-create implementation before the initiate became a few CTE
 * statements (docs/decisions.md, "Payout initiate in three statements"), so the rewrite is
 * checked to write exactly the same values.
 */
beforeAll(() => ensureReferenceData());

async function rowsOf(merchantId: string, payoutId: string): Promise<string> {
  const prisma = await getPrisma();
  const q = (sql: string) => prisma.$queryRawUnsafe<{ j: string }[]>(sql, merchantId, payoutId).then((rows) => rows.map((r) => JSON.parse(r.j)));
  const tables: Record<string, unknown[]> = {
    payout_quotes: await q(`SELECT row_to_json(t)::text AS j FROM payout_quotes t WHERE merchant_id = $1 AND payout_id = $2`),
    payouts: await q(`SELECT row_to_json(t)::text AS j FROM payouts t WHERE merchant_id = $1 AND id = $2`),
    payout_status_changes: await q(`SELECT row_to_json(t)::text AS j FROM payout_status_changes t WHERE $1 <> '' AND payout_id = $2 ORDER BY id`),
    webhook_events: await q(`SELECT row_to_json(t)::text AS j FROM webhook_events t WHERE merchant_id = $1 AND transaction_id = $2 ORDER BY seq`),
    jobs: await q(
      `SELECT row_to_json(t)::text AS j FROM jobs t WHERE $1 <> '' AND (payload->>'payoutId' = $2 OR payload->>'eventId' IN (SELECT id FROM webhook_events WHERE transaction_id = $2)) ORDER BY type`,
    ),
    audit_logs: await q(`SELECT row_to_json(t)::text AS j FROM audit_logs t WHERE merchant_id = $1 AND details->>'payoutId' = $2`),
    ledger_entries: await q(`SELECT row_to_json(t)::text AS j FROM ledger_entries t WHERE merchant_id = $1 AND metadata->>'payoutId' = $2 ORDER BY type`),
    ledger_postings: await q(
      `SELECT row_to_json(p)::text AS j FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.merchant_id = $1 AND e.metadata->>'payoutId' = $2 ORDER BY e.type, p.account_id`,
    ),
    ledger_holds: await q(`SELECT row_to_json(t)::text AS j FROM ledger_holds t WHERE $1 <> '' AND id = $2`),
    ledger_accounts: await q(`SELECT row_to_json(t)::text AS j FROM ledger_accounts t WHERE merchant_id = $1 AND $2 <> '' ORDER BY id`),
    payout_usage: await q(`SELECT row_to_json(t)::text AS j FROM payout_usage t WHERE merchant_id = $1 AND $2 <> '' ORDER BY period`),
  };
  for (const rows of Object.values(tables)) for (const row of rows as Record<string, unknown>[]) for (const serial of ["seq"]) delete row[serial];
  for (const row of tables.payout_status_changes as Record<string, unknown>[]) delete row.id;
  for (const row of tables.ledger_postings as Record<string, unknown>[]) delete row.id;
  const tokens = new Map<string, string>([[merchantId, "<merchant>"]]);
  return JSON.stringify(tables, null, 1)
    .replaceAll(merchantId, "<merchant>")
    .replace(/\b(po|qt|evt|job|je|aud)_[A-Za-z0-9]+/g, (id, prefix) => {
      if (!tokens.has(id)) tokens.set(id, `<${prefix}${[...tokens.values()].filter((t) => t.startsWith(`<${prefix}`)).length + 1}>`);
      return tokens.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, "<time>")
    .replace(/"\d{4}-\d\d-\d\d"/g, '"<date>"')
    .replace(/\bpk_(test|live)_\w+/g, "<public key>");
}

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
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchInlineSnapshot(`
      "{
       "payout_quotes": [
        {
         "id": "<qt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "c2c",
         "method": "orange",
         "input_amount": 10000,
         "input_currency": "XOF",
         "source_amount": 10000,
         "source_currency": "XOF",
         "source_country": "SN",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fee_amount": 100,
         "fee_currency": "XOF",
         "fee_billed_xof": 100,
         "fee_billed_rate": "1",
         "total_debit_amount": 10100,
         "total_debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "balance_category": "collect",
         "fx_rate": null,
         "fx_spread_percent": null,
         "top_up_from_currency": null,
         "top_up_source_amount": null,
         "top_up_target_amount": null,
         "top_up_rate": null,
         "top_up_spread_percent": null,
         "top_up_parity": null,
         "allow_fx_from": null,
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "internal": false,
         "expires_at": "<time>",
         "used_at": "<time>",
         "payout_id": "<po1>",
         "created_at": "<time>"
        }
       ],
       "payouts": [
        {
         "id": "<po1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "quote_id": "<qt1>",
         "status": "pending",
         "type": "c2c",
         "method": "mobile_money",
         "provider": "orange",
         "amount": 10000,
         "currency": "XOF",
         "country": "SN",
         "fees": 100,
         "fee_currency": "XOF",
         "net_amount": 10000,
         "debit_amount": 10100,
         "debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fx_rate": null,
         "purpose": null,
         "sender": null,
         "recipient": {
          "name": "Awa Diop",
          "phone": "+221770000012"
         },
         "mobile_wallet": {
          "provider": "orange"
         },
         "bank_account": null,
         "correspondent_bank": null,
         "destination": "+221770000012",
         "description": "salary",
         "external_reference": "rows-1",
         "callback_url": "http://127.0.0.1:9/hook",
         "metadata": {
          "tag": "x",
          "order": 42
         },
         "provider_reference": null,
         "error_code": null,
         "error_message": null,
         "processed_at": null,
         "completed_at": null,
         "created_at": "<time>",
         "updated_at": "<time>",
         "connector_account_id": null,
         "provider_raw_status": null,
         "provider_request_ref": null,
         "queued_reason": null,
         "submitted_at": null,
         "bulk_id": null,
         "bulk_index": null
        }
       ],
       "payout_status_changes": [
        {
         "payout_id": "<po1>",
         "from_status": null,
         "to_status": "pending",
         "reason": "initiated with <qt1>",
         "created_at": "<time>"
        }
       ],
       "webhook_events": [
        {
         "id": "<evt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "payout.pending",
         "transaction_id": "<po1>",
         "payload": {
          "id": "<evt1>",
          "type": "payout.pending",
          "createdAt": "<time>",
          "environment": "sandbox",
          "data": {
           "transactionId": "<po1>",
           "externalReference": "rows-1",
           "status": "pending",
           "amount": 10000,
           "currency": "XOF",
           "fees": 100,
           "netAmount": 10000,
           "method": "mobile_money",
           "type": "c2c",
           "recipient": {
            "name": "Awa Diop",
            "phone": "+221770000012"
           },
           "mobileWallet": {
            "provider": "orange"
           },
           "debit": {
            "amount": 10100,
            "currency": "XOF",
            "conversionRate": 1
           },
           "description": "salary",
           "metadata": {
            "tag": "x",
            "order": 42
           },
           "createdAt": "<time>",
           "updatedAt": "<time>"
          }
         },
         "target_url": "http://127.0.0.1:9/hook",
         "status": "pending",
         "attempts": 0,
         "next_attempt_at": "<time>",
         "delivered_at": null,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "jobs": [
        {
         "id": "<job1>",
         "type": "payout.submit",
         "payload": {
          "payoutId": "<po1>"
         },
         "status": "pending",
         "run_at": "<time>",
         "attempts": 0,
         "max_attempts": 10,
         "locked_until": null,
         "last_error": null,
         "dedupe_key": "payout.submit:<po1>",
         "created_at": "<time>",
         "updated_at": "<time>",
         "finished_at": null,
         "concurrency_key": null
        },
        {
         "id": "<job2>",
         "type": "webhook.deliver",
         "payload": {
          "eventId": "<evt1>"
         },
         "status": "pending",
         "run_at": "<time>",
         "attempts": 0,
         "max_attempts": 25,
         "locked_until": null,
         "last_error": null,
         "dedupe_key": "webhook.deliver:<evt1>",
         "created_at": "<time>",
         "updated_at": "<time>",
         "finished_at": null,
         "concurrency_key": "webhook:<merchant>"
        }
       ],
       "audit_logs": [
        {
         "id": "<aud1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "actor": "api:<public key>",
         "action": "payout.created",
         "details": {
          "amount": "10000",
          "method": "orange",
          "currency": "XOF",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_entries": [
        {
         "id": "<je1>",
         "idempotency_key": "payout:<po1>:hold",
         "type": "payout_hold",
         "environment": "sandbox",
         "merchant_id": "<merchant>",
         "metadata": {
          "fee": "100",
          "amount": "10000",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_postings": [
        {
         "entry_id": "<je1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "currency": "XOF",
         "bucket": "available",
         "amount": -10100
        },
        {
         "entry_id": "<je1>",
         "account_id": "p:sandbox:XOF:payouts_in_flight",
         "currency": "XOF",
         "bucket": "available",
         "amount": 10100
        }
       ],
       "ledger_holds": [
        {
         "id": "<po1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "amount": 10000,
         "fee": 100,
         "status": "held",
         "hold_entry_id": "<je1>",
         "close_entry_id": null,
         "created_at": "<time>",
         "closed_at": null
        }
       ],
       "ledger_accounts": [
        {
         "id": "m:<merchant>:sandbox:XOF:collect",
         "environment": "sandbox",
         "currency": "XOF",
         "type": "collect",
         "merchant_id": "<merchant>",
         "provider": null,
         "available": 989900,
         "pending": 0,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "payout_usage": [
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "day",
         "window_start": "<date>",
         "used": 10000
        },
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "month",
         "window_start": "<date>",
         "used": 10000
        }
       ]
      }"
    `);
  });

  it("legacy, no URL anywhere (event skipped, no delivery job)", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const res = await initiate(m.headers, { amount: 10_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchInlineSnapshot(`
      "{
       "payout_quotes": [
        {
         "id": "<qt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "c2c",
         "method": "orange",
         "input_amount": 10000,
         "input_currency": "XOF",
         "source_amount": 10000,
         "source_currency": "XOF",
         "source_country": "SN",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fee_amount": 100,
         "fee_currency": "XOF",
         "fee_billed_xof": 100,
         "fee_billed_rate": "1",
         "total_debit_amount": 10100,
         "total_debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "balance_category": "collect",
         "fx_rate": null,
         "fx_spread_percent": null,
         "top_up_from_currency": null,
         "top_up_source_amount": null,
         "top_up_target_amount": null,
         "top_up_rate": null,
         "top_up_spread_percent": null,
         "top_up_parity": null,
         "allow_fx_from": null,
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "internal": true,
         "expires_at": "<time>",
         "used_at": "<time>",
         "payout_id": "<po1>",
         "created_at": "<time>"
        }
       ],
       "payouts": [
        {
         "id": "<po1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "quote_id": "<qt1>",
         "status": "pending",
         "type": "c2c",
         "method": "mobile_money",
         "provider": "orange",
         "amount": 10000,
         "currency": "XOF",
         "country": "SN",
         "fees": 100,
         "fee_currency": "XOF",
         "net_amount": 10000,
         "debit_amount": 10100,
         "debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fx_rate": null,
         "purpose": null,
         "sender": null,
         "recipient": {
          "name": "Awa Diop",
          "phone": "+221770000012"
         },
         "mobile_wallet": {
          "provider": "orange"
         },
         "bank_account": null,
         "correspondent_bank": null,
         "destination": "+221770000012",
         "description": null,
         "external_reference": null,
         "callback_url": null,
         "metadata": null,
         "provider_reference": null,
         "error_code": null,
         "error_message": null,
         "processed_at": null,
         "completed_at": null,
         "created_at": "<time>",
         "updated_at": "<time>",
         "connector_account_id": null,
         "provider_raw_status": null,
         "provider_request_ref": null,
         "queued_reason": null,
         "submitted_at": null,
         "bulk_id": null,
         "bulk_index": null
        }
       ],
       "payout_status_changes": [
        {
         "payout_id": "<po1>",
         "from_status": null,
         "to_status": "pending",
         "reason": "initiated (legacy)",
         "created_at": "<time>"
        }
       ],
       "webhook_events": [
        {
         "id": "<evt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "payout.pending",
         "transaction_id": "<po1>",
         "payload": {
          "id": "<evt1>",
          "type": "payout.pending",
          "createdAt": "<time>",
          "environment": "sandbox",
          "data": {
           "transactionId": "<po1>",
           "status": "pending",
           "amount": 10000,
           "currency": "XOF",
           "fees": 100,
           "netAmount": 10000,
           "method": "mobile_money",
           "type": "c2c",
           "recipient": {
            "name": "Awa Diop",
            "phone": "+221770000012"
           },
           "mobileWallet": {
            "provider": "orange"
           },
           "debit": {
            "amount": 10100,
            "currency": "XOF",
            "conversionRate": 1
           },
           "createdAt": "<time>",
           "updatedAt": "<time>"
          }
         },
         "target_url": null,
         "status": "skipped",
         "attempts": 0,
         "next_attempt_at": null,
         "delivered_at": null,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "jobs": [
        {
         "id": "<job1>",
         "type": "payout.submit",
         "payload": {
          "payoutId": "<po1>"
         },
         "status": "pending",
         "run_at": "<time>",
         "attempts": 0,
         "max_attempts": 10,
         "locked_until": null,
         "last_error": null,
         "dedupe_key": "payout.submit:<po1>",
         "created_at": "<time>",
         "updated_at": "<time>",
         "finished_at": null,
         "concurrency_key": null
        }
       ],
       "audit_logs": [
        {
         "id": "<aud1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "actor": "api:<public key>",
         "action": "payout.created",
         "details": {
          "amount": "10000",
          "method": "orange",
          "currency": "XOF",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_entries": [
        {
         "id": "<je1>",
         "idempotency_key": "payout:<po1>:hold",
         "type": "payout_hold",
         "environment": "sandbox",
         "merchant_id": "<merchant>",
         "metadata": {
          "fee": "100",
          "amount": "10000",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_postings": [
        {
         "entry_id": "<je1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "currency": "XOF",
         "bucket": "available",
         "amount": -10100
        },
        {
         "entry_id": "<je1>",
         "account_id": "p:sandbox:XOF:payouts_in_flight",
         "currency": "XOF",
         "bucket": "available",
         "amount": 10100
        }
       ],
       "ledger_holds": [
        {
         "id": "<po1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "amount": 10000,
         "fee": 100,
         "status": "held",
         "hold_entry_id": "<je1>",
         "close_entry_id": null,
         "created_at": "<time>",
         "closed_at": null
        }
       ],
       "ledger_accounts": [
        {
         "id": "m:<merchant>:sandbox:XOF:collect",
         "environment": "sandbox",
         "currency": "XOF",
         "type": "collect",
         "merchant_id": "<merchant>",
         "provider": null,
         "available": 989900,
         "pending": 0,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "payout_usage": [
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "day",
         "window_start": "<date>",
         "used": 10000
        },
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "month",
         "window_start": "<date>",
         "used": 10000
        }
       ]
      }"
    `);
  });

  it("quoted with an fxTopUp (the conversion entry, then the hold)", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "USD", 10_000n);
    const q = await quote(m.headers, quoteBody({ allowFxFrom: "USD" }));
    const res = await initiate(m.headers, { quoteId: q.json.quoteId, recipient: recipient() });
    expect(res.status).toBe(201);
    expect(await rowsOf(m.merchant.id, res.json.transactionId)).toMatchInlineSnapshot(`
      "{
       "payout_quotes": [
        {
         "id": "<qt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "c2c",
         "method": "orange",
         "input_amount": 10000,
         "input_currency": "XOF",
         "source_amount": 10000,
         "source_currency": "XOF",
         "source_country": "SN",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fee_amount": 100,
         "fee_currency": "XOF",
         "fee_billed_xof": 100,
         "fee_billed_rate": "1",
         "total_debit_amount": 10100,
         "total_debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "balance_category": "collect",
         "fx_rate": null,
         "fx_spread_percent": null,
         "top_up_from_currency": "USD",
         "top_up_source_amount": 1540,
         "top_up_target_amount": 9100,
         "top_up_rate": "591",
         "top_up_spread_percent": "1.5",
         "top_up_parity": false,
         "allow_fx_from": "USD",
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "internal": false,
         "expires_at": "<time>",
         "used_at": "<time>",
         "payout_id": "<po1>",
         "created_at": "<time>"
        }
       ],
       "payouts": [
        {
         "id": "<po1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "quote_id": "<qt1>",
         "status": "pending",
         "type": "c2c",
         "method": "mobile_money",
         "provider": "orange",
         "amount": 10000,
         "currency": "XOF",
         "country": "SN",
         "fees": 100,
         "fee_currency": "XOF",
         "net_amount": 10000,
         "debit_amount": 10100,
         "debit_currency": "XOF",
         "debit_conversion_rate": "1",
         "limit_amount": 10000,
         "limit_currency": "XOF",
         "destination_amount": 10000,
         "destination_currency": "XOF",
         "destination_country": "SN",
         "international": false,
         "fx_rate": null,
         "purpose": null,
         "sender": null,
         "recipient": {
          "name": "Awa Diop",
          "phone": "+221770000012"
         },
         "mobile_wallet": {
          "provider": "orange"
         },
         "bank_account": null,
         "correspondent_bank": null,
         "destination": "+221770000012",
         "description": null,
         "external_reference": null,
         "callback_url": null,
         "metadata": null,
         "provider_reference": null,
         "error_code": null,
         "error_message": null,
         "processed_at": null,
         "completed_at": null,
         "created_at": "<time>",
         "updated_at": "<time>",
         "connector_account_id": null,
         "provider_raw_status": null,
         "provider_request_ref": null,
         "queued_reason": null,
         "submitted_at": null,
         "bulk_id": null,
         "bulk_index": null
        }
       ],
       "payout_status_changes": [
        {
         "payout_id": "<po1>",
         "from_status": null,
         "to_status": "pending",
         "reason": "initiated with <qt1>",
         "created_at": "<time>"
        }
       ],
       "webhook_events": [
        {
         "id": "<evt1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "type": "payout.pending",
         "transaction_id": "<po1>",
         "payload": {
          "id": "<evt1>",
          "type": "payout.pending",
          "createdAt": "<time>",
          "environment": "sandbox",
          "data": {
           "transactionId": "<po1>",
           "status": "pending",
           "amount": 10000,
           "currency": "XOF",
           "fees": 100,
           "netAmount": 10000,
           "method": "mobile_money",
           "type": "c2c",
           "recipient": {
            "name": "Awa Diop",
            "phone": "+221770000012"
           },
           "mobileWallet": {
            "provider": "orange"
           },
           "debit": {
            "amount": 10100,
            "currency": "XOF",
            "conversionRate": 1
           },
           "createdAt": "<time>",
           "updatedAt": "<time>"
          }
         },
         "target_url": null,
         "status": "skipped",
         "attempts": 0,
         "next_attempt_at": null,
         "delivered_at": null,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "jobs": [
        {
         "id": "<job1>",
         "type": "payout.submit",
         "payload": {
          "payoutId": "<po1>"
         },
         "status": "pending",
         "run_at": "<time>",
         "attempts": 0,
         "max_attempts": 10,
         "locked_until": null,
         "last_error": null,
         "dedupe_key": "payout.submit:<po1>",
         "created_at": "<time>",
         "updated_at": "<time>",
         "finished_at": null,
         "concurrency_key": null
        }
       ],
       "audit_logs": [
        {
         "id": "<aud1>",
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "actor": "api:<public key>",
         "action": "payout.created",
         "details": {
          "amount": "10000",
          "method": "orange",
          "currency": "XOF",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_entries": [
        {
         "id": "<je1>",
         "idempotency_key": "payout:<po1>:fx_top_up",
         "type": "fx_conversion",
         "environment": "sandbox",
         "merchant_id": "<merchant>",
         "metadata": {
          "rate": "591",
          "parity": false,
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        },
        {
         "id": "<je2>",
         "idempotency_key": "payout:<po1>:hold",
         "type": "payout_hold",
         "environment": "sandbox",
         "merchant_id": "<merchant>",
         "metadata": {
          "fee": "100",
          "amount": "10000",
          "payoutId": "<po1>"
         },
         "created_at": "<time>"
        }
       ],
       "ledger_postings": [
        {
         "entry_id": "<je1>",
         "account_id": "m:<merchant>:sandbox:USD:collect",
         "currency": "USD",
         "bucket": "available",
         "amount": -1540
        },
        {
         "entry_id": "<je1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "currency": "XOF",
         "bucket": "available",
         "amount": 9100
        },
        {
         "entry_id": "<je1>",
         "account_id": "p:sandbox:USD:fx",
         "currency": "USD",
         "bucket": "available",
         "amount": 1540
        },
        {
         "entry_id": "<je1>",
         "account_id": "p:sandbox:XOF:fx",
         "currency": "XOF",
         "bucket": "available",
         "amount": -9100
        },
        {
         "entry_id": "<je2>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "currency": "XOF",
         "bucket": "available",
         "amount": -10100
        },
        {
         "entry_id": "<je2>",
         "account_id": "p:sandbox:XOF:payouts_in_flight",
         "currency": "XOF",
         "bucket": "available",
         "amount": 10100
        }
       ],
       "ledger_holds": [
        {
         "id": "<po1>",
         "account_id": "m:<merchant>:sandbox:XOF:collect",
         "amount": 10000,
         "fee": 100,
         "status": "held",
         "hold_entry_id": "<je2>",
         "close_entry_id": null,
         "created_at": "<time>",
         "closed_at": null
        }
       ],
       "ledger_accounts": [
        {
         "id": "m:<merchant>:sandbox:USD:collect",
         "environment": "sandbox",
         "currency": "USD",
         "type": "collect",
         "merchant_id": "<merchant>",
         "provider": null,
         "available": 8460,
         "pending": 0,
         "created_at": "<time>",
         "updated_at": "<time>"
        },
        {
         "id": "m:<merchant>:sandbox:XOF:collect",
         "environment": "sandbox",
         "currency": "XOF",
         "type": "collect",
         "merchant_id": "<merchant>",
         "provider": null,
         "available": 0,
         "pending": 0,
         "created_at": "<time>",
         "updated_at": "<time>"
        }
       ],
       "payout_usage": [
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "day",
         "window_start": "<date>",
         "used": 10000
        },
        {
         "merchant_id": "<merchant>",
         "environment": "sandbox",
         "period": "month",
         "window_start": "<date>",
         "used": 10000
        }
       ]
      }"
    `);
  });
});
