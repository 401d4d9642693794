-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'processing', 'success', 'failed');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "refund_reserved" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "refunded_amount" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "refunds" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "payment_id" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "amount" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "reason" TEXT,
    "provider" TEXT NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "destination" TEXT,
    "callback_url" TEXT,
    "provider_reference" TEXT,
    "provider_request_ref" TEXT,
    "connector_account_id" TEXT,
    "submitted_at" TIMESTAMPTZ(3),
    "processed_at" TIMESTAMPTZ(3),
    "provider_raw_status" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refund_status_changes" (
    "id" BIGSERIAL NOT NULL,
    "refund_id" TEXT NOT NULL,
    "from_status" "RefundStatus",
    "to_status" "RefundStatus" NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_provider_request_ref_key" ON "refunds"("provider_request_ref");

-- CreateIndex
CREATE INDEX "refunds_payment_id_created_at_idx" ON "refunds"("payment_id", "created_at");

-- CreateIndex
CREATE INDEX "refunds_merchant_id_environment_created_at_id_idx" ON "refunds"("merchant_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "refund_status_changes_refund_id_created_at_idx" ON "refund_status_changes"("refund_id", "created_at");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refund_status_changes" ADD CONSTRAINT "refund_status_changes_refund_id_fkey" FOREIGN KEY ("refund_id") REFERENCES "refunds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: a payment is never refunded beyond its amount, whatever races (docs/design/refunds.md).
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_bounds" CHECK ("refunded_amount" >= 0 AND "refunded_amount" <= "refund_reserved" AND "refund_reserved" <= "amount");
