-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "concurrency_key" TEXT;

-- CreateTable
CREATE TABLE "job_key_backoffs" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_key_backoffs_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "jobs_concurrency_key_status_idx" ON "jobs"("concurrency_key", "status");


-- Backfill: webhook deliveries still to run get their merchant's key, so the per-merchant cap
-- covers them too (lib/webhooks/record-webhook-event writes it for new ones).
UPDATE "jobs" SET "concurrency_key" = 'webhook:' || e."merchant_id"
FROM "webhook_events" e
WHERE "jobs"."type" = 'webhook.deliver' AND "jobs"."status" IN ('pending', 'running') AND e."id" = "jobs"."payload"->>'eventId';
