-- AlterTable
ALTER TABLE "connector_accounts" ADD COLUMN     "availability_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "closed_providers" JSONB;
