-- Issue 17 (docs/performance.md): the tables whose rows are updated in place at every payment
-- get vacuumed and analysed after 2 % of their rows changed instead of the default 20 %, so the
-- dead versions of their hot rows (a wallet, a day's limit window, the job queue) are reclaimed
-- within minutes. Storage parameters only: no data or column changes.
ALTER TABLE "jobs" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "webhook_events" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "payout_usage" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "ledger_accounts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "payments" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE "payouts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
