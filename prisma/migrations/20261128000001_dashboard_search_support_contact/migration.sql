-- AlterTable
ALTER TABLE "merchant_brandings" ADD COLUMN     "support_email" VARCHAR(254),
ADD COLUMN     "support_phone" VARCHAR(20);

-- CreateIndex
CREATE INDEX "payments_merchant_id_environment_customer_phone_idx" ON "payments"("merchant_id", "environment", "customer_phone");

-- CreateIndex
CREATE INDEX "payouts_merchant_id_environment_destination_idx" ON "payouts"("merchant_id", "environment", "destination");
