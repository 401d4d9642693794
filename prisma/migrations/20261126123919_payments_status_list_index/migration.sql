-- The payments list filtered by status (issue 17). Built here inside the migration's transaction,
-- which holds writes to payments while it builds (about 3 s per million rows on the bench
-- machine). On a large live table, build it first outside any transaction with
--   CREATE INDEX CONCURRENTLY "payments_merchant_id_environment_status_created_at_id_idx"
--     ON "payments"("merchant_id", "environment", "status", "created_at", "id");
-- and this migration then finds it and does nothing.
-- CreateIndex
CREATE INDEX IF NOT EXISTS "payments_merchant_id_environment_status_created_at_id_idx" ON "payments"("merchant_id", "environment", "status", "created_at", "id");
