-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('direct', 'checkout');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'processing', 'success', 'failed', 'cancelled', 'expired', 'refunded');

-- CreateTable
CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "type" "PaymentType" NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "amount" BIGINT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "fee" BIGINT NOT NULL DEFAULT 0,
    "provider" TEXT,
    "country" VARCHAR(2),
    "customer_phone" TEXT,
    "customer_name" TEXT,
    "customer_email" TEXT,
    "description" TEXT,
    "external_reference" TEXT NOT NULL,
    "callback_url" TEXT,
    "return_url" TEXT,
    "cancel_url" TEXT,
    "metadata" JSONB,
    "checkout_token" TEXT NOT NULL,
    "provider_reference" TEXT,
    "submitted_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "error_code" TEXT,
    "error_message" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_status_changes" (
    "id" BIGSERIAL NOT NULL,
    "payment_id" TEXT NOT NULL,
    "from_status" "PaymentStatus",
    "to_status" "PaymentStatus" NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payments_checkout_token_key" ON "payments"("checkout_token");

-- CreateIndex
CREATE INDEX "payments_merchant_id_environment_created_at_idx" ON "payments"("merchant_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "payments_status_expires_at_idx" ON "payments"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "payments_merchant_id_environment_external_reference_key" ON "payments"("merchant_id", "environment", "external_reference");

-- CreateIndex
CREATE INDEX "payment_status_changes_payment_id_created_at_idx" ON "payment_status_changes"("payment_id", "created_at");

-- AddForeignKey
ALTER TABLE "payment_status_changes" ADD CONSTRAINT "payment_status_changes_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
