-- CreateTable
CREATE TABLE "numbering_plans" (
    "country_code" VARCHAR(2) NOT NULL,
    "trunk_prefix" VARCHAR(2),
    "source" TEXT NOT NULL,
    "confidence" VARCHAR(8) NOT NULL,
    "updated_by" TEXT NOT NULL DEFAULT 'seed',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "numbering_plans_pkey" PRIMARY KEY ("country_code")
);

-- CreateTable
CREATE TABLE "numbering_prefixes" (
    "country_code" VARCHAR(2) NOT NULL,
    "prefix" VARCHAR(8) NOT NULL,
    "operator_name" TEXT NOT NULL,
    "provider_code" VARCHAR(32),
    "updated_by" TEXT NOT NULL DEFAULT 'seed',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "numbering_prefixes_pkey" PRIMARY KEY ("country_code","prefix")
);

-- AddForeignKey
ALTER TABLE "numbering_plans" ADD CONSTRAINT "numbering_plans_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "countries"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "numbering_prefixes" ADD CONSTRAINT "numbering_prefixes_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "numbering_plans"("country_code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "numbering_prefixes" ADD CONSTRAINT "numbering_prefixes_provider_code_fkey" FOREIGN KEY ("provider_code") REFERENCES "payment_providers"("code") ON DELETE SET NULL ON UPDATE CASCADE;
