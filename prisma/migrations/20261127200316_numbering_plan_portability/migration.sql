-- AlterTable
ALTER TABLE "numbering_plans" ADD COLUMN     "portability" BOOLEAN NOT NULL DEFAULT false;

-- Plans seeded before this column existed: the two countries with portability among them.
UPDATE "numbering_plans" SET "portability" = true WHERE "country_code" IN ('CM', 'BJ');
