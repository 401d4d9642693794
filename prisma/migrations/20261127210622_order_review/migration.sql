-- AlterEnum
ALTER TYPE "LedgerAccountType" ADD VALUE 'merchant_receivable';

-- CreateTable
CREATE TABLE "order_reviews" (
    "order_id" TEXT NOT NULL,
    "direction" "ConnectorDirection" NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "reason" TEXT NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,
    "last_answer" JSONB,
    "last_asked_at" TIMESTAMPTZ(3),
    "next_ask_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "resolution" TEXT,
    "resolved_by" TEXT,
    "evidence" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "order_reviews_pkey" PRIMARY KEY ("order_id")
);

-- CreateIndex
CREATE INDEX "order_reviews_resolved_at_since_idx" ON "order_reviews"("resolved_at", "since");

-- CreateIndex
CREATE INDEX "order_reviews_resolved_at_next_ask_at_idx" ON "order_reviews"("resolved_at", "next_ask_at");
