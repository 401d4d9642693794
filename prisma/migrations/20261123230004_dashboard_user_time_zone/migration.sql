-- AlterTable
ALTER TABLE "dashboard_users" ADD COLUMN     "time_zone" TEXT;
