-- DropIndex
DROP INDEX "payments_merchant_id_environment_created_at_idx";

-- DropIndex
DROP INDEX "payouts_merchant_id_environment_created_at_idx";

-- CreateIndex
CREATE INDEX "payments_merchant_id_environment_created_at_id_idx" ON "payments"("merchant_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "payouts_merchant_id_environment_created_at_id_idx" ON "payouts"("merchant_id", "environment", "created_at", "id");
