-- CreateEnum
CREATE TYPE "PayoutStatus" AS ENUM ('pending', 'processing', 'success', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "PayoutMethod" AS ENUM ('mobile_money', 'bank_transfer');

-- CreateTable
CREATE TABLE "payout_quotes" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "type" "PayoutType" NOT NULL DEFAULT 'c2c',
    "method" TEXT NOT NULL,
    "input_amount" BIGINT NOT NULL,
    "input_currency" VARCHAR(3) NOT NULL,
    "source_amount" BIGINT NOT NULL,
    "source_currency" VARCHAR(3) NOT NULL,
    "source_country" VARCHAR(2) NOT NULL,
    "destination_amount" BIGINT NOT NULL,
    "destination_currency" VARCHAR(3) NOT NULL,
    "destination_country" VARCHAR(2) NOT NULL,
    "international" BOOLEAN NOT NULL DEFAULT false,
    "fee_amount" BIGINT NOT NULL,
    "fee_currency" VARCHAR(3) NOT NULL,
    "fee_billed_xof" BIGINT NOT NULL,
    "fee_billed_rate" TEXT NOT NULL,
    "total_debit_amount" BIGINT NOT NULL,
    "total_debit_currency" VARCHAR(3) NOT NULL,
    "debit_conversion_rate" TEXT NOT NULL,
    "balance_category" TEXT NOT NULL,
    "fx_rate" TEXT,
    "fx_spread_percent" TEXT,
    "top_up_from_currency" VARCHAR(3),
    "top_up_source_amount" BIGINT,
    "top_up_target_amount" BIGINT,
    "top_up_rate" TEXT,
    "top_up_spread_percent" TEXT,
    "top_up_parity" BOOLEAN,
    "allow_fx_from" VARCHAR(3),
    "limit_amount" BIGINT NOT NULL,
    "limit_currency" VARCHAR(3) NOT NULL,
    "internal" BOOLEAN NOT NULL DEFAULT false,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "payout_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payouts" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "quote_id" TEXT NOT NULL,
    "status" "PayoutStatus" NOT NULL DEFAULT 'pending',
    "type" "PayoutType" NOT NULL DEFAULT 'c2c',
    "method" "PayoutMethod" NOT NULL,
    "provider" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "fees" BIGINT NOT NULL,
    "fee_currency" VARCHAR(3) NOT NULL,
    "net_amount" BIGINT NOT NULL,
    "debit_amount" BIGINT NOT NULL,
    "debit_currency" VARCHAR(3) NOT NULL,
    "debit_conversion_rate" TEXT NOT NULL,
    "limit_amount" BIGINT NOT NULL,
    "limit_currency" VARCHAR(3) NOT NULL,
    "destination_amount" BIGINT NOT NULL,
    "destination_currency" VARCHAR(3) NOT NULL,
    "destination_country" VARCHAR(2) NOT NULL,
    "international" BOOLEAN NOT NULL DEFAULT false,
    "fx_rate" TEXT,
    "purpose" TEXT,
    "sender" JSONB,
    "recipient" JSONB NOT NULL,
    "mobile_wallet" JSONB,
    "bank_account" JSONB,
    "correspondent_bank" JSONB,
    "destination" TEXT NOT NULL,
    "description" TEXT,
    "external_reference" TEXT,
    "callback_url" TEXT,
    "metadata" JSONB,
    "provider_reference" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "processed_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payouts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payout_status_changes" (
    "id" BIGSERIAL NOT NULL,
    "payout_id" TEXT NOT NULL,
    "from_status" "PayoutStatus",
    "to_status" "PayoutStatus" NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "merchant_payout_limits" (
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "daily_limit" BIGINT,
    "monthly_limit" BIGINT,
    "per_tx_min" BIGINT,
    "per_tx_max" BIGINT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "merchant_payout_limits_pkey" PRIMARY KEY ("merchant_id","environment")
);

-- CreateIndex
CREATE UNIQUE INDEX "payout_quotes_payout_id_key" ON "payout_quotes"("payout_id");

-- CreateIndex
CREATE INDEX "payout_quotes_merchant_id_environment_created_at_idx" ON "payout_quotes"("merchant_id", "environment", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payouts_quote_id_key" ON "payouts"("quote_id");

-- CreateIndex
CREATE INDEX "payouts_merchant_id_environment_created_at_idx" ON "payouts"("merchant_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "payouts_merchant_id_environment_status_created_at_idx" ON "payouts"("merchant_id", "environment", "status", "created_at");

-- CreateIndex
CREATE INDEX "payout_status_changes_payout_id_created_at_idx" ON "payout_status_changes"("payout_id", "created_at");

-- AddForeignKey
ALTER TABLE "payout_status_changes" ADD CONSTRAINT "payout_status_changes_payout_id_fkey" FOREIGN KEY ("payout_id") REFERENCES "payouts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
