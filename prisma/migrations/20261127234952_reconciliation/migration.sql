-- CreateTable
CREATE TABLE "reconciliation_runs" (
    "id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "account_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "period_from" TIMESTAMPTZ(3) NOT NULL,
    "period_to" TIMESTAMPTZ(3) NOT NULL,
    "sweep_key" TEXT,
    "trigger" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "compared" INTEGER NOT NULL DEFAULT 0,
    "agreed" INTEGER NOT NULL DEFAULT 0,
    "in_flight" INTEGER NOT NULL DEFAULT 0,
    "unanswered" INTEGER NOT NULL DEFAULT 0,
    "records" INTEGER NOT NULL DEFAULT 0,
    "mismatches" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reconciliation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reconciliation_mismatches" (
    "id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "operator_reference" TEXT,
    "order_id" TEXT,
    "direction" "ConnectorDirection",
    "merchant_id" TEXT,
    "ours" JSONB,
    "theirs" JSONB,
    "source" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "seen_count" INTEGER NOT NULL DEFAULT 1,
    "last_run_id" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by" TEXT,
    "evidence" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reconciliation_mismatches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reconciliation_runs_sweep_key_key" ON "reconciliation_runs"("sweep_key");

-- CreateIndex
CREATE INDEX "reconciliation_runs_account_id_started_at_idx" ON "reconciliation_runs"("account_id", "started_at");

-- CreateIndex
CREATE INDEX "reconciliation_mismatches_environment_resolved_at_account_i_idx" ON "reconciliation_mismatches"("environment", "resolved_at", "account_id");

-- CreateIndex
CREATE INDEX "reconciliation_mismatches_order_id_idx" ON "reconciliation_mismatches"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "reconciliation_mismatches_environment_account_id_kind_refer_key" ON "reconciliation_mismatches"("environment", "account_id", "kind", "reference");

-- CreateIndex
CREATE INDEX "payments_connector_account_id_submitted_at_idx" ON "payments"("connector_account_id", "submitted_at");

-- CreateIndex
CREATE INDEX "payouts_connector_account_id_submitted_at_idx" ON "payouts"("connector_account_id", "submitted_at");

-- CreateIndex
CREATE INDEX "refunds_connector_account_id_submitted_at_idx" ON "refunds"("connector_account_id", "submitted_at");
