-- Our write mix for pgbench (docs/performance.md, "One PostgreSQL primary"):
--   pgbench -n -c 4 -j 2 -T 5 -f scripts/bench-write-mix.sql postgresql://…/db   (a migrated database)
-- One pgbench transaction = ONE collect and ONE payout with the statements they cost the primary:
-- the API's statements as the app sends them (same tables, CTE chains, conditions and lock order),
-- then their jobs as the worker runs them, one job at a time (claim, the job's writes, finish; the
-- runner batches claims and finishes under load, so this is the dear end):
--   collect: its insert (payment, timeline, payment.pending event, delivery job, submit job);
--            submit (payment processing + order attempt); poll (payment success, timeline, ledger
--            credit, payment.success event + delivery job); 2 deliveries (event, attempt row).
--   payout:  the read (balances, limits, windows); the initiate's one statement (legacy form:
--            internal quote, limit windows, wallet lock + entry + postings + hold, payout,
--            timeline, payout.pending event + delivery job, submit job, audit row); submit;
--            finalise (payout success, timeline, hold closed, ledger entry, payout.success event
--            + delivery job); 2 deliveries.
-- Per pgbench transaction (2 orders): 40 statements (collect 22, payout 18) in 56 round trips (with
-- 8 BEGIN and 8 COMMIT), 25 commits (collect 13, payout 12): each BEGIN…COMMIT is one commit, each
-- statement outside one is its own. So statements/s = 40 × tps, commits/s = 25 × tps.
-- Left out: the jobs' plain reads that lock nothing (the app's Prisma reads of the payment, the
-- webhook endpoint, the order attempts: ~15 an order), the operators' HTTP calls, and batching
-- (under load the runner claims and finishes several jobs per statement: fewer commits).
-- Needs nothing seeded: the merchant, its wallet and the platform's accounts are inserted by the
-- statements that need them (ON CONFLICT DO NOTHING, as the ledger's own statements do). 100
-- merchants, picked at random: each run credits the merchant more than its payout debits.

\set m random(1, 100)
\set r random(1, 9000000000000000000)

-- ===================== collect =====================
-- API: the collect's one statement (lib/payments/initiate-payment.ts), the merchant upserted first
-- (bench data; a no-op index probe once it exists).
WITH merchant AS (
  INSERT INTO merchants (id, name, email, updated_at) VALUES ('mch_bench_:m', 'Bench :m', 'bench-:m@example.com', now())
  ON CONFLICT (id) DO NOTHING
), payment AS (
  INSERT INTO payments (id, merchant_id, environment, type, status, amount, currency, fee, provider, country, customer_phone,
                        external_reference, callback_url, checkout_token, expires_at, created_at, updated_at)
  VALUES ('txn_b:r', 'mch_bench_:m', 'sandbox', 'direct', 'pending', 20000, 'XOF', 300, 'orange', 'SN', '+221770000012',
          'ref-:r', 'https://example.com/hook', 'tok-:r', now() + interval '15 minutes', now(), now())
  ON CONFLICT (merchant_id, environment, external_reference) DO NOTHING RETURNING id
), timeline AS (
  INSERT INTO payment_status_changes (payment_id, from_status, to_status, reason, created_at)
  SELECT id, NULL, 'pending', 'initiated', now() FROM payment
), event AS (
  INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
  SELECT 'evt_bp:r', 'mch_bench_:m', 'sandbox', 'payment.pending', id,
         '{"id":"evt_bp:r","type":"payment.pending","environment":"sandbox","data":{"transactionId":"txn_b:r","type":"collect","status":"pending","amount":20000,"currency":"XOF","fees":300,"provider":"orange","country":"SN","customerPhone":"+221770000012","metadata":null,"refunds":[]}}'::json,
         'https://example.com/hook', 'pending', now(), now(), now() FROM payment
), event_job AS (
  INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
  SELECT 'job_bpd:r', 'webhook.deliver', '{"eventId":"evt_bp:r"}', now(), 25, 'webhook.deliver:evt_bp:r', 'webhook:mch_bench_:m', now(), now() FROM payment
  ON CONFLICT (dedupe_key) DO NOTHING
), submit_job AS (
  INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, created_at, updated_at)
  SELECT 'job_bps:r', 'payment.submit', '{"paymentId":"txn_b:r"}', now(), 10, 'payment.submit:txn_b:r:1', now(), now() FROM payment
  ON CONFLICT (dedupe_key) DO NOTHING
)
SELECT EXISTS (SELECT 1 FROM payment) AS created;

-- Worker: the submit job. Claim (lib/jobs/claim-jobs.ts), the job's writes, finish (lib/jobs/finish-jobs.ts).
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
             AND id = 'job_bps:r' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id, type, payload, attempts;
BEGIN;
SELECT id, status, amount, provider FROM payments WHERE id = 'txn_b:r' FOR UPDATE;
UPDATE payments SET status = 'processing', provider_request_ref = 'req-:r', submitted_at = now(), updated_at = now() WHERE id = 'txn_b:r';
INSERT INTO payment_status_changes (payment_id, from_status, to_status, reason, created_at) VALUES ('txn_b:r', 'pending', 'processing', 'submitted', now());
INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, created_at, updated_at)
VALUES ('job_bpp:r', 'payment.poll', '{"paymentId":"txn_b:r"}', now(), 40, 'payment.poll:txn_b:r', now(), now()) ON CONFLICT (dedupe_key) DO NOTHING;
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bps:r' AND status = 'running' AND attempts = 1;

-- Worker: the status check that finds it paid: status, timeline, the ledger credit (wallet lock,
-- entry, postings), the payment.success event and its delivery job.
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
             AND id = 'job_bpp:r' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id, type, payload, attempts;
BEGIN;
UPDATE payments SET status = 'success', provider_reference = 'op-:r', completed_at = now(), updated_at = now() WHERE id = 'txn_b:r' AND status = 'processing';
INSERT INTO payment_status_changes (payment_id, from_status, to_status, reason, created_at) VALUES ('txn_b:r', 'processing', 'success', 'operator', now());
WITH accounts AS (
  INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
  VALUES ('m:mch_bench_:m:sandbox:XOF:collect', 'sandbox', 'XOF', 'collect', 'mch_bench_:m', NULL, now(), now()),
         ('p:sandbox:XOF:fee_revenue', 'sandbox', 'XOF', 'fee_revenue', NULL, NULL, now(), now()),
         ('p:sandbox:XOF:provider_clearing:orange', 'sandbox', 'XOF', 'provider_clearing', NULL, 'orange', now(), now())
  ON CONFLICT (id) DO NOTHING
), d (id, available, pending) AS (
  VALUES ('m:mch_bench_:m:sandbox:XOF:collect'::text, 19700::bigint, 0::bigint)
), entry AS (
  INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id, metadata, created_at)
  VALUES ('je_bc:r', 'collect:txn_b:r:credit', 'collect_credit', 'sandbox', 'mch_bench_:m', '{"reference":"txn_b:r","provider":"orange","gross":"20000","fee":"300"}', now())
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
), posted AS (
  INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount)
  SELECT entry.id, v.account_id, v.currency, v.bucket::"LedgerBucket", v.amount FROM entry CROSS JOIN (VALUES
    ('p:sandbox:XOF:provider_clearing:orange', 'XOF', 'available', -20000::bigint),
    ('m:mch_bench_:m:sandbox:XOF:collect', 'XOF', 'available', 19700::bigint),
    ('p:sandbox:XOF:fee_revenue', 'XOF', 'available', 300::bigint)) AS v(account_id, currency, bucket, amount)
)
SELECT count(*) FROM entry;
-- The merchant's wallet, after the accounts exist (the app credits it in the same transaction).
UPDATE ledger_accounts SET available = available + 19700, updated_at = now() WHERE id = 'm:mch_bench_:m:sandbox:XOF:collect';
WITH event AS (
  INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
  VALUES ('evt_bs:r', 'mch_bench_:m', 'sandbox', 'payment.success', 'txn_b:r',
          '{"id":"evt_bs:r","type":"payment.success","environment":"sandbox","data":{"transactionId":"txn_b:r","type":"collect","status":"success","amount":20000,"currency":"XOF","fees":300}}',
          'https://example.com/hook', 'pending', now(), now(), now()) RETURNING id
)
INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
SELECT 'job_bsd:r', 'webhook.deliver', '{"eventId":"evt_bs:r"}', now(), 25, 'webhook.deliver:evt_bs:r', 'webhook:mch_bench_:m', now(), now() FROM event
ON CONFLICT (dedupe_key) DO NOTHING;
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bpp:r' AND status = 'running' AND attempts = 1;

-- Worker: the two deliveries (payment.pending, payment.success): claim, the attempt row and the
-- event's update in one transaction, finish.
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() AND id = 'job_bpd:r' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;
BEGIN;
INSERT INTO webhook_delivery_attempts (id, event_id, attempt, manual, url, status_code, duration_ms, created_at) VALUES ('whd_bp:r', 'evt_bp:r', 1, false, 'https://example.com/hook', 200, 40, now());
UPDATE webhook_events SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), next_attempt_at = NULL, updated_at = now() WHERE id = 'evt_bp:r';
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bpd:r' AND status = 'running';
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() AND id = 'job_bsd:r' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;
BEGIN;
INSERT INTO webhook_delivery_attempts (id, event_id, attempt, manual, url, status_code, duration_ms, created_at) VALUES ('whd_bs:r', 'evt_bs:r', 1, false, 'https://example.com/hook', 200, 40, now());
UPDATE webhook_events SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), next_attempt_at = NULL, updated_at = now() WHERE id = 'evt_bs:r';
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bsd:r' AND status = 'running';

-- ===================== payout =====================
-- API: the read (balances with the limits and what the windows hold; lib/payouts/build-quote.ts).
SELECT m.balance_mode, m.settlement_currency,
       (SELECT json_agg(json_build_object('currency', a.currency, 'type', a.type, 'available', a.available::text, 'pending', a.pending::text))
          FROM ledger_accounts a WHERE a.merchant_id = m.id AND a.environment = 'sandbox') AS accounts,
       limits.daily_limit::text, limits.monthly_limit::text,
       (SELECT used::text FROM payout_usage WHERE merchant_id = m.id AND environment = 'sandbox' AND period = 'day' AND window_start = current_date) AS used_day,
       (SELECT used::text FROM payout_usage WHERE merchant_id = m.id AND environment = 'sandbox' AND period = 'month' AND window_start = date_trunc('month', current_date)::date) AS used_month
FROM merchants m LEFT JOIN merchant_payout_limits limits ON limits.merchant_id = m.id AND limits.environment = 'sandbox'
WHERE m.id = 'mch_bench_:m';

-- API: the initiate's one statement (lib/payouts/initiate-payout.ts), legacy form: the internal
-- quote → the limit windows (reading it) → the wallet lock, check, entry, postings, hold (reading
-- the windows) → the payout's own rows (reading the entry); a refusal aborts the whole statement.
WITH claim AS (
  INSERT INTO payout_quotes (id, merchant_id, environment, type, method, input_amount, input_currency, source_amount, source_currency, source_country,
                             destination_amount, destination_currency, destination_country, fee_amount, fee_currency, fee_billed_xof, fee_billed_rate,
                             total_debit_amount, total_debit_currency, debit_conversion_rate, balance_category, limit_amount, limit_currency, internal,
                             expires_at, created_at, used_at, payout_id)
  VALUES ('qt_b:r', 'mch_bench_:m', 'sandbox', 'c2c', 'orange', 10000, 'XOF', 10000, 'XOF', 'SN', 10000, 'XOF', 'SN', 100, 'XOF', 100, '0.01',
          10100, 'XOF', '1', 'collect', 10000, 'XOF', true, now() + interval '5 minutes', now(), now(), 'po_b:r')
  RETURNING id
), windows AS (
  INSERT INTO payout_usage AS u (merchant_id, environment, period, window_start, used)
  SELECT 'mch_bench_:m', 'sandbox', v.period, v.window_start, 10000
  FROM (VALUES ('day', current_date, 9000000000000000::bigint), ('month', date_trunc('month', current_date)::date, 9000000000000000::bigint)) AS v(period, window_start, cap)
  WHERE 10000 <= v.cap AND EXISTS (SELECT 1 FROM claim)
  ON CONFLICT (merchant_id, environment, period, window_start) DO UPDATE SET used = u.used + EXCLUDED.used
    WHERE u.used + EXCLUDED.used <= 9000000000000000
  RETURNING u.period
), accounts AS (
  INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
  VALUES ('m:mch_bench_:m:sandbox:XOF:collect', 'sandbox', 'XOF', 'collect', 'mch_bench_:m', NULL, now(), now()),
         ('p:sandbox:XOF:payouts_in_flight', 'sandbox', 'XOF', 'payouts_in_flight', NULL, NULL, now(), now())
  ON CONFLICT (id) DO NOTHING
), d (id, available, pending) AS (
  VALUES ('m:mch_bench_:m:sandbox:XOF:collect'::text, -10100::bigint, 0::bigint)
), locked AS (
  SELECT a.id, a.available, a.pending FROM ledger_accounts a
  WHERE a.id IN ('m:mch_bench_:m:sandbox:XOF:collect') AND (SELECT count(*) FROM windows) = 2
  ORDER BY a.id FOR UPDATE
), fits AS (
  SELECT 1 FROM locked l JOIN d ON d.id = l.id WHERE l.available + d.available >= 0 AND l.pending + d.pending >= 0 HAVING count(*) = 1
), entry AS (
  INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id, metadata, created_at)
  SELECT 'je_bh:r', 'payout:po_b:r:hold', 'payout_hold', 'sandbox', 'mch_bench_:m', '{"payoutId":"po_b:r","amount":"10000","fee":"100"}', now()
  WHERE EXISTS (SELECT 1 FROM fits) AND (SELECT count(*) FROM windows) = 2
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
), changed AS (
  UPDATE ledger_accounts AS a SET available = a.available + d.available, pending = a.pending + d.pending, updated_at = now()
  FROM d WHERE a.id = d.id AND EXISTS (SELECT 1 FROM entry)
), posted AS (
  INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount)
  SELECT entry.id, v.account_id, v.currency, v.bucket::"LedgerBucket", v.amount FROM entry CROSS JOIN (VALUES
    ('m:mch_bench_:m:sandbox:XOF:collect', 'XOF', 'available', -10100::bigint),
    ('p:sandbox:XOF:payouts_in_flight', 'XOF', 'available', 10100::bigint)) AS v(account_id, currency, bucket, amount)
), hold AS (
  INSERT INTO ledger_holds (id, account_id, amount, fee, status, hold_entry_id, created_at)
  SELECT 'po_b:r', 'm:mch_bench_:m:sandbox:XOF:collect', 10000, 100, 'held', entry.id, now() FROM entry
), payout AS (
  INSERT INTO payouts (id, merchant_id, environment, quote_id, type, method, provider, amount, currency, country, fees, fee_currency, net_amount,
                       debit_amount, debit_currency, debit_conversion_rate, limit_amount, limit_currency, destination_amount, destination_currency,
                       destination_country, recipient, mobile_wallet, destination, callback_url, created_at, updated_at)
  SELECT 'po_b:r', 'mch_bench_:m', 'sandbox', 'qt_b:r', 'c2c', 'mobile_money', 'orange', 10000, 'XOF', 'SN', 100, 'XOF', 10000,
         10100, 'XOF', '1', 10000, 'XOF', 10000, 'XOF', 'SN', '{"phone":"+221770000012","name":"Awa Diop"}', '{"provider":"orange"}',
         '+221770000012', 'https://example.com/hook', now(), now()
  WHERE EXISTS (SELECT 1 FROM entry)
), timeline AS (
  INSERT INTO payout_status_changes (payout_id, from_status, to_status, reason, created_at)
  SELECT 'po_b:r', NULL, 'pending', 'initiated (legacy)', now() WHERE EXISTS (SELECT 1 FROM entry)
), event AS (
  INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
  SELECT 'evt_bq:r', 'mch_bench_:m', 'sandbox', 'payout.pending', 'po_b:r',
         '{"id":"evt_bq:r","type":"payout.pending","environment":"sandbox","data":{"transactionId":"po_b:r","type":"payout","status":"pending","amount":10000,"currency":"XOF","fees":100,"provider":"orange","country":"SN"}}',
         'https://example.com/hook', 'pending', now(), now(), now() WHERE EXISTS (SELECT 1 FROM entry)
), event_job AS (
  INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
  SELECT 'job_bqd:r', 'webhook.deliver', '{"eventId":"evt_bq:r"}', now(), 25, 'webhook.deliver:evt_bq:r', 'webhook:mch_bench_:m', now(), now()
  WHERE EXISTS (SELECT 1 FROM entry) ON CONFLICT (dedupe_key) DO NOTHING
), submit_job AS (
  INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, created_at, updated_at)
  SELECT 'job_bqs:r', 'payout.submit', '{"payoutId":"po_b:r"}', now(), 10, 'payout.submit:po_b:r', now(), now()
  WHERE EXISTS (SELECT 1 FROM entry) ON CONFLICT (dedupe_key) DO NOTHING
), audit AS (
  INSERT INTO audit_logs (id, merchant_id, environment, actor, action, details, created_at)
  SELECT 'aud_b:r', 'mch_bench_:m', 'sandbox', 'api:bench', 'payout.created', '{"payoutId":"po_b:r","amount":"10000","currency":"XOF","method":"orange"}', now()
  WHERE EXISTS (SELECT 1 FROM entry)
)
SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM entry) THEN refuse_statement(CASE WHEN NOT EXISTS (SELECT 1 FROM claim) THEN 'quote_already_used'
       WHEN NOT (SELECT count(*) FROM windows) = 2 THEN 'limit_exceeded' ELSE 'insufficient_balance' END) END AS refused;

-- Worker: the submit job (payout processing, timeline).
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() AND id = 'job_bqs:r' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;
BEGIN;
UPDATE payouts SET status = 'processing', provider_request_ref = 'req-:r', submitted_at = now(), processed_at = now(), updated_at = now() WHERE id = 'po_b:r' AND status = 'pending';
INSERT INTO payout_status_changes (payout_id, from_status, to_status, reason, created_at) VALUES ('po_b:r', 'pending', 'processing', 'submitted', now());
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bqs:r' AND status = 'running';

-- Worker: the finalise (payout success, timeline, the hold closed by its entry, the event and its
-- delivery job), in one transaction.
BEGIN;
UPDATE payouts SET status = 'success', provider_reference = 'op-:r', completed_at = now(), updated_at = now() WHERE id = 'po_b:r' AND status = 'processing';
INSERT INTO payout_status_changes (payout_id, from_status, to_status, reason, created_at) VALUES ('po_b:r', 'processing', 'success', 'operator', now());
WITH accounts AS (
  INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
  VALUES ('p:sandbox:XOF:fee_revenue', 'sandbox', 'XOF', 'fee_revenue', NULL, NULL, now(), now()),
         ('p:sandbox:XOF:payouts_in_flight', 'sandbox', 'XOF', 'payouts_in_flight', NULL, NULL, now(), now()),
         ('p:sandbox:XOF:provider_clearing:orange', 'sandbox', 'XOF', 'provider_clearing', NULL, 'orange', now(), now())
  ON CONFLICT (id) DO NOTHING
), entry AS (
  INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id, metadata, created_at)
  VALUES ('je_bf:r', 'payout:po_b:r:finalise', 'payout_finalise', 'sandbox', 'mch_bench_:m', '{"payoutId":"po_b:r","provider":"orange"}', now())
  ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
), posted AS (
  INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount)
  SELECT entry.id, v.account_id, v.currency, v.bucket::"LedgerBucket", v.amount FROM entry CROSS JOIN (VALUES
    ('p:sandbox:XOF:payouts_in_flight', 'XOF', 'available', -10100::bigint),
    ('p:sandbox:XOF:fee_revenue', 'XOF', 'available', 100::bigint),
    ('p:sandbox:XOF:provider_clearing:orange', 'XOF', 'available', 10000::bigint)) AS v(account_id, currency, bucket, amount)
), closed AS (
  UPDATE ledger_holds SET status = 'finalised', close_entry_id = (SELECT id FROM entry), closed_at = now() WHERE id = 'po_b:r' AND status = 'held'
)
SELECT count(*) FROM entry;
WITH event AS (
  INSERT INTO webhook_events (id, merchant_id, environment, type, transaction_id, payload, target_url, status, next_attempt_at, created_at, updated_at)
  VALUES ('evt_br:r', 'mch_bench_:m', 'sandbox', 'payout.success', 'po_b:r',
          '{"id":"evt_br:r","type":"payout.success","environment":"sandbox","data":{"transactionId":"po_b:r","type":"payout","status":"success","amount":10000,"currency":"XOF","fees":100}}',
          'https://example.com/hook', 'pending', now(), now(), now()) RETURNING id
)
INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
SELECT 'job_brd:r', 'webhook.deliver', '{"eventId":"evt_br:r"}', now(), 25, 'webhook.deliver:evt_br:r', 'webhook:mch_bench_:m', now(), now() FROM event
ON CONFLICT (dedupe_key) DO NOTHING;
COMMIT;

-- Worker: the two deliveries (payout.pending, payout.success).
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() AND id = 'job_bqd:r' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;
BEGIN;
INSERT INTO webhook_delivery_attempts (id, event_id, attempt, manual, url, status_code, duration_ms, created_at) VALUES ('whd_bq:r', 'evt_bq:r', 1, false, 'https://example.com/hook', 200, 40, now());
UPDATE webhook_events SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), next_attempt_at = NULL, updated_at = now() WHERE id = 'evt_bq:r';
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_bqd:r' AND status = 'running';
UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '30 seconds', updated_at = now()
WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() AND id = 'job_brd:r' LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id;
BEGIN;
INSERT INTO webhook_delivery_attempts (id, event_id, attempt, manual, url, status_code, duration_ms, created_at) VALUES ('whd_br:r', 'evt_br:r', 1, false, 'https://example.com/hook', 200, 40, now());
UPDATE webhook_events SET status = 'delivered', attempts = attempts + 1, delivered_at = now(), next_attempt_at = NULL, updated_at = now() WHERE id = 'evt_br:r';
COMMIT;
UPDATE jobs SET status = 'succeeded', locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = 'job_brd:r' AND status = 'running';
