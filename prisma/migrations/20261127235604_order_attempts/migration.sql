-- CreateTable
CREATE TABLE "order_attempts" (
    "id" SERIAL NOT NULL,
    "order_id" TEXT NOT NULL,
    "direction" "ConnectorDirection" NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "number" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "account_id" TEXT,
    "provider" TEXT,
    "destination" TEXT,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "last_status" TEXT,
    "last_answer" JSONB,
    "last_answered_at" TIMESTAMPTZ(3),
    "operator_reference" TEXT,
    "hinted_operator_reference" TEXT,
    "blocking_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "duplicate_charges" (
    "id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "attempt_id" INTEGER NOT NULL,
    "charged_reference" TEXT NOT NULL,
    "charged_operator_reference" TEXT,
    "paid_reference" TEXT,
    "cause" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "provider" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "destination" TEXT,
    "status" TEXT NOT NULL,
    "provider_request_ref" TEXT,
    "connector_account_id" TEXT,
    "provider_reference" TEXT,
    "provider_raw_status" JSONB,
    "submitted_at" TIMESTAMPTZ(3),
    "processed_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "error_code" TEXT,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "duplicate_charges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_attempts_reference_idx" ON "order_attempts"("reference");

-- CreateIndex
CREATE UNIQUE INDEX "order_attempts_order_id_number_key" ON "order_attempts"("order_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "duplicate_charges_attempt_id_key" ON "duplicate_charges"("attempt_id");

-- CreateIndex
CREATE INDEX "duplicate_charges_payment_id_idx" ON "duplicate_charges"("payment_id");

-- CreateIndex
CREATE INDEX "duplicate_charges_environment_status_created_at_idx" ON "duplicate_charges"("environment", "status", "created_at");

-- AddForeignKey
ALTER TABLE "duplicate_charges" ADD CONSTRAINT "duplicate_charges_attempt_id_fkey" FOREIGN KEY ("attempt_id") REFERENCES "order_attempts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: every reference already sent becomes the first attempt of its order, so an
-- order in flight when this migration runs is found by its attempt like any new one.
INSERT INTO "order_attempts" ("order_id", "direction", "merchant_id", "environment", "number", "reference", "account_id", "provider", "destination", "sent_at", "operator_reference", "updated_at")
SELECT "id", 'collect'::"ConnectorDirection", "merchant_id", "environment", 1, "provider_request_ref", "connector_account_id", "provider", "customer_phone", COALESCE("submitted_at", "created_at"), "provider_reference", CURRENT_TIMESTAMP
FROM "payments" WHERE "provider_request_ref" IS NOT NULL
UNION ALL
SELECT "id", 'payout'::"ConnectorDirection", "merchant_id", "environment", 1, "provider_request_ref", "connector_account_id", "provider", "destination", COALESCE("submitted_at", "created_at"), "provider_reference", CURRENT_TIMESTAMP
FROM "payouts" WHERE "provider_request_ref" IS NOT NULL
UNION ALL
SELECT "id", 'refund'::"ConnectorDirection", "merchant_id", "environment", 1, "provider_request_ref", "connector_account_id", "provider", "destination", COALESCE("submitted_at", "created_at"), "provider_reference", CURRENT_TIMESTAMP
FROM "refunds" WHERE "provider_request_ref" IS NOT NULL;
