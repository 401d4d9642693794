-- Issue 18: the merchant's API request log (lib/request-log). Rows arrive in batched INSERTs after
-- the responses; the created_at index serves the 7-day sweep, the other two the dashboard's list
-- (newest first, keyset on created_at, id) and its request-id filter.
-- CreateTable
CREATE TABLE "api_request_logs" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "api_key_id" TEXT,
    "request_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT,
    "status" INTEGER NOT NULL,
    "error_code" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "idempotency_key" TEXT,
    "replayed" BOOLEAN NOT NULL DEFAULT false,
    "request_body" TEXT,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "api_request_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "api_request_logs_merchant_id_environment_created_at_id_idx" ON "api_request_logs"("merchant_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "api_request_logs_merchant_id_environment_request_id_idx" ON "api_request_logs"("merchant_id", "environment", "request_id");

-- CreateIndex
CREATE INDEX "api_request_logs_created_at_idx" ON "api_request_logs"("created_at");
