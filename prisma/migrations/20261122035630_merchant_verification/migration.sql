-- CreateTable
CREATE TABLE "merchant_verifications" (
    "merchant_id" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "submitted_by" TEXT NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewed_at" TIMESTAMPTZ(3),
    "reviewed_by" TEXT,

    CONSTRAINT "merchant_verifications_pkey" PRIMARY KEY ("merchant_id")
);
