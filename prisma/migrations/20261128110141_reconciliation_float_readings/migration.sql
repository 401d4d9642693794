-- CreateTable
CREATE TABLE "reconciliation_float_readings" (
    "id" SERIAL NOT NULL,
    "environment" "Environment" NOT NULL,
    "account_id" TEXT NOT NULL,
    "wallet" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "operator_minor" BIGINT NOT NULL,
    "ours_minor" BIGINT NOT NULL,
    "in_flight" INTEGER NOT NULL,
    "baseline" BOOLEAN NOT NULL DEFAULT false,
    "run_id" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciliation_float_readings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reconciliation_float_readings_environment_account_id_wallet_idx" ON "reconciliation_float_readings"("environment", "account_id", "wallet", "currency", "at");
