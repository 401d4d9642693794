-- AlterTable
ALTER TABLE "webhook_events" ADD COLUMN     "seq" BIGSERIAL NOT NULL;
