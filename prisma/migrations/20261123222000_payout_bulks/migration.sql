-- CreateEnum
CREATE TYPE "PayoutBulkStatus" AS ENUM ('processing', 'completed');

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "bulk_id" TEXT,
ADD COLUMN     "bulk_index" INTEGER;

-- CreateTable
CREATE TABLE "payout_bulks" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "atomic" BOOLEAN NOT NULL DEFAULT false,
    "status" "PayoutBulkStatus" NOT NULL DEFAULT 'processing',
    "item_count" INTEGER NOT NULL,
    "accepted_count" INTEGER NOT NULL,
    "rejected_count" INTEGER NOT NULL,
    "open_count" INTEGER NOT NULL,
    "rejected" JSONB NOT NULL DEFAULT '[]',
    "source" VARCHAR(16) NOT NULL DEFAULT 'api',
    "request_key" VARCHAR(64),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "seq" BIGSERIAL NOT NULL,

    CONSTRAINT "payout_bulks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payout_bulks_seq_key" ON "payout_bulks"("seq");

-- CreateIndex
CREATE INDEX "payout_bulks_merchant_id_environment_seq_idx" ON "payout_bulks"("merchant_id", "environment", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "payout_bulks_merchant_id_environment_request_key_key" ON "payout_bulks"("merchant_id", "environment", "request_key");

-- CreateIndex
CREATE INDEX "payouts_bulk_id_bulk_index_idx" ON "payouts"("bulk_id", "bulk_index");
