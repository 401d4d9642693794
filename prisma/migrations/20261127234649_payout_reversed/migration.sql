-- AlterEnum
ALTER TYPE "PayoutStatus" ADD VALUE 'reversed';

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "reversed_at" TIMESTAMPTZ(3);
