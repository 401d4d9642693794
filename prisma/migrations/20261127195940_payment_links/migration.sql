-- CreateEnum
CREATE TYPE "PaymentLinkField" AS ENUM ('off', 'optional', 'required');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "payment_link_id" TEXT;

-- CreateTable
CREATE TABLE "payment_links" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "title" VARCHAR(120) NOT NULL,
    "description" VARCHAR(1000),
    "currency" VARCHAR(3) NOT NULL,
    "amount" BIGINT,
    "min_amount" BIGINT,
    "max_amount" BIGINT,
    "countries" TEXT[],
    "methods" TEXT[],
    "collect_name" "PaymentLinkField" NOT NULL DEFAULT 'off',
    "collect_phone" "PaymentLinkField" NOT NULL DEFAULT 'off',
    "collect_email" "PaymentLinkField" NOT NULL DEFAULT 'off',
    "custom_field_label" VARCHAR(60),
    "custom_field_required" BOOLEAN NOT NULL DEFAULT false,
    "success_message" VARCHAR(500),
    "redirect_url" TEXT,
    "metadata" JSONB,
    "image" BYTEA,
    "image_type" VARCHAR(16),
    "image_sha256" VARCHAR(64),
    "image_width" INTEGER,
    "image_height" INTEGER,
    "expires_at" TIMESTAMPTZ(3),
    "max_payments" INTEGER,
    "deactivated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_links_merchant_id_environment_created_at_id_idx" ON "payment_links"("merchant_id", "environment", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_links_environment_slug_key" ON "payment_links"("environment", "slug");

-- A link's payments (its page, the list filter, its totals). Built here inside the migration's
-- transaction, which holds writes to payments while it builds (every existing row has a null
-- payment_link_id). On a large live table, build it first outside any transaction with
--   CREATE INDEX CONCURRENTLY "payments_payment_link_id_created_at_id_idx"
--     ON "payments"("payment_link_id", "created_at", "id");
-- and this migration then finds it and does nothing.
-- CreateIndex
CREATE INDEX IF NOT EXISTS "payments_payment_link_id_created_at_id_idx" ON "payments"("payment_link_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_link_id_fkey" FOREIGN KEY ("payment_link_id") REFERENCES "payment_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;
