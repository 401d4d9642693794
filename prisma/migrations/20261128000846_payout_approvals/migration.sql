-- CreateEnum
CREATE TYPE "PayoutApprovalStatus" AS ENUM ('pending', 'approved', 'rejected', 'cancelled');

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "awaiting_approval" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "payout_approvals" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "payout_id" TEXT,
    "bulk_id" TEXT,
    "totals" JSONB NOT NULL,
    "status" "PayoutApprovalStatus" NOT NULL DEFAULT 'pending',
    "requested_by" TEXT NOT NULL,
    "requested_email" TEXT NOT NULL,
    "decided_by" TEXT,
    "decided_email" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_approvals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payout_approval_thresholds" (
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "amount" BIGINT NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payout_approval_thresholds_pkey" PRIMARY KEY ("merchant_id","environment","currency")
);

-- CreateIndex
CREATE UNIQUE INDEX "payout_approvals_payout_id_key" ON "payout_approvals"("payout_id");

-- CreateIndex
CREATE UNIQUE INDEX "payout_approvals_bulk_id_key" ON "payout_approvals"("bulk_id");

-- CreateIndex
CREATE INDEX "payout_approvals_merchant_id_environment_status_created_at_idx" ON "payout_approvals"("merchant_id", "environment", "status", "created_at");
