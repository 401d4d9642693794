-- CreateTable
CREATE TABLE "database_environment" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "environment" "Environment" NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_by" TEXT NOT NULL,

    CONSTRAINT "database_environment_pkey" PRIMARY KEY ("id")
);

-- Hand-written: one row only.
ALTER TABLE "database_environment" ADD CONSTRAINT "database_environment_single_row" CHECK ("id" = 1);
