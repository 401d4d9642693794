-- CreateEnum
CREATE TYPE "ConnectorDirection" AS ENUM ('collect', 'payout', 'refund');

-- CreateEnum
CREATE TYPE "BreakerState" AS ENUM ('closed', 'open');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "connector_account_id" TEXT,
ADD COLUMN     "provider_raw_status" JSONB,
ADD COLUMN     "provider_request_ref" TEXT;

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "connector_account_id" TEXT,
ADD COLUMN     "provider_raw_status" JSONB,
ADD COLUMN     "provider_request_ref" TEXT,
ADD COLUMN     "queued_reason" TEXT,
ADD COLUMN     "submitted_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "connector_accounts" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "base_url" TEXT,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "secrets_env" TEXT NOT NULL,
    "breaker_state" "BreakerState" NOT NULL DEFAULT 'closed',
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "opened_at" TIMESTAMPTZ(3),
    "open_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connector_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector_routes" (
    "id" BIGSERIAL NOT NULL,
    "environment" "Environment" NOT NULL,
    "country" VARCHAR(2) NOT NULL,
    "provider" TEXT NOT NULL,
    "direction" "ConnectorDirection" NOT NULL,
    "account_id" TEXT NOT NULL,
    "fallback_account_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connector_routes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "connector_calls" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "subject_id" TEXT,
    "method" VARCHAR(8) NOT NULL,
    "url_path" TEXT NOT NULL,
    "http_status" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "operator_reference" TEXT,
    "outcome" TEXT NOT NULL,
    "request_excerpt" TEXT,
    "response_excerpt" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "connector_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "connector_routes_account_id_idx" ON "connector_routes"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "connector_routes_environment_country_provider_direction_key" ON "connector_routes"("environment", "country", "provider", "direction");

-- CreateIndex
CREATE INDEX "connector_calls_account_id_created_at_idx" ON "connector_calls"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "connector_calls_subject_id_created_at_idx" ON "connector_calls"("subject_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payments_provider_request_ref_key" ON "payments"("provider_request_ref");

-- CreateIndex
CREATE UNIQUE INDEX "payouts_provider_request_ref_key" ON "payouts"("provider_request_ref");

-- CreateIndex
CREATE INDEX "payouts_status_queued_reason_created_at_idx" ON "payouts"("status", "queued_reason", "created_at");
