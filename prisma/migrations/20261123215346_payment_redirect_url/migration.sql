-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "provider_redirect_url" TEXT;
