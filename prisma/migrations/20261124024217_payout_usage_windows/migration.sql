-- CreateTable
CREATE TABLE "payout_usage" (
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "period" TEXT NOT NULL,
    "window_start" DATE NOT NULL,
    "used" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "payout_usage_pkey" PRIMARY KEY ("merchant_id","environment","period","window_start")
);

-- Backfill: the windows of every payout already made that still counts (not failed or cancelled).
INSERT INTO "payout_usage" ("merchant_id", "environment", "period", "window_start", "used")
SELECT "merchant_id", "environment", 'day', ("created_at" AT TIME ZONE 'UTC')::date, SUM("limit_amount")
FROM "payouts" WHERE "status" NOT IN ('failed', 'cancelled')
GROUP BY 1, 2, 4;
INSERT INTO "payout_usage" ("merchant_id", "environment", "period", "window_start", "used")
SELECT "merchant_id", "environment", 'month', date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, SUM("limit_amount")
FROM "payouts" WHERE "status" NOT IN ('failed', 'cancelled')
GROUP BY 1, 2, 4;
