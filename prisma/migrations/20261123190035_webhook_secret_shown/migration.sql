-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "secret_shown_at" TIMESTAMPTZ(3);
