-- CreateEnum
CREATE TYPE "ChannelDirection" AS ENUM ('collect', 'payout');

-- CreateEnum
CREATE TYPE "ProviderKind" AS ENUM ('mobile_money', 'bank_transfer', 'crypto');

-- CreateEnum
CREATE TYPE "PayoutType" AS ENUM ('c2c', 'b2b');

-- CreateEnum
CREATE TYPE "PayoutScope" AS ENUM ('domestic', 'international');

-- CreateTable
CREATE TABLE "countries" (
    "code" VARCHAR(2) NOT NULL,
    "name" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "phone_prefix" VARCHAR(5) NOT NULL,
    "national_number_length" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "countries_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "payment_providers" (
    "code" VARCHAR(32) NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "ProviderKind" NOT NULL,
    "logo_path" TEXT,
    "color" VARCHAR(7) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "payment_providers_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "payment_channels" (
    "id" TEXT NOT NULL,
    "provider_code" VARCHAR(32) NOT NULL,
    "country_code" VARCHAR(2) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "direction" "ChannelDirection" NOT NULL,
    "min_amount" BIGINT NOT NULL,
    "max_amount" BIGINT NOT NULL,
    "display_name" TEXT NOT NULL,
    "logo_path" TEXT,
    "color" VARCHAR(7) NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 100,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_channels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "corridors" (
    "id" TEXT NOT NULL,
    "source_country" VARCHAR(2) NOT NULL,
    "source_currency" VARCHAR(3) NOT NULL,
    "destination_country" VARCHAR(2) NOT NULL,
    "destination_currency" VARCHAR(3) NOT NULL,
    "methods" TEXT[],
    "min_amount" BIGINT NOT NULL,
    "max_amount" BIGINT NOT NULL,
    "is_international" BOOLEAN NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "corridors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "purposes" (
    "code" VARCHAR(32) NOT NULL,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "purposes_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "corridor_purposes" (
    "corridor_id" TEXT NOT NULL,
    "purpose_code" VARCHAR(32) NOT NULL,

    CONSTRAINT "corridor_purposes_pkey" PRIMARY KEY ("corridor_id","purpose_code")
);

-- CreateTable
CREATE TABLE "fx_rates" (
    "base_currency" VARCHAR(3) NOT NULL,
    "quote_currency" VARCHAR(3) NOT NULL,
    "mid_rate" DECIMAL(30,15) NOT NULL,
    "updated_by" TEXT NOT NULL DEFAULT 'seed',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fx_rates_pkey" PRIMARY KEY ("base_currency","quote_currency")
);

-- CreateTable
CREATE TABLE "fx_spreads" (
    "base_currency" VARCHAR(3) NOT NULL,
    "quote_currency" VARCHAR(3) NOT NULL,
    "spread_percent" DECIMAL(7,4) NOT NULL,
    "parity" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fx_spreads_pkey" PRIMARY KEY ("base_currency","quote_currency")
);

-- CreateTable
CREATE TABLE "payout_fee_tariffs" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT,
    "method" VARCHAR(32) NOT NULL,
    "type" "PayoutType" NOT NULL,
    "scope" "PayoutScope" NOT NULL,
    "percent" DECIMAL(7,4) NOT NULL,
    "minimum_xof" BIGINT NOT NULL DEFAULT 0,
    "flat_xof" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payout_fee_tariffs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "collect_fee_tariffs" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT,
    "provider_code" VARCHAR(32) NOT NULL,
    "percent" DECIMAL(7,4) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collect_fee_tariffs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "payment_channels_country_code_direction_idx" ON "payment_channels"("country_code", "direction");

-- CreateIndex
CREATE UNIQUE INDEX "payment_channels_provider_code_country_code_currency_direct_key" ON "payment_channels"("provider_code", "country_code", "currency", "direction");

-- CreateIndex
CREATE INDEX "corridors_destination_country_idx" ON "corridors"("destination_country");

-- CreateIndex
CREATE UNIQUE INDEX "corridors_source_country_source_currency_destination_countr_key" ON "corridors"("source_country", "source_currency", "destination_country", "destination_currency");

-- CreateIndex
CREATE INDEX "payout_fee_tariffs_merchant_id_idx" ON "payout_fee_tariffs"("merchant_id");

-- CreateIndex
CREATE INDEX "collect_fee_tariffs_merchant_id_idx" ON "collect_fee_tariffs"("merchant_id");

-- AddForeignKey
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_provider_code_fkey" FOREIGN KEY ("provider_code") REFERENCES "payment_providers"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_channels" ADD CONSTRAINT "payment_channels_country_code_fkey" FOREIGN KEY ("country_code") REFERENCES "countries"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corridors" ADD CONSTRAINT "corridors_source_country_fkey" FOREIGN KEY ("source_country") REFERENCES "countries"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corridors" ADD CONSTRAINT "corridors_destination_country_fkey" FOREIGN KEY ("destination_country") REFERENCES "countries"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corridor_purposes" ADD CONSTRAINT "corridor_purposes_corridor_id_fkey" FOREIGN KEY ("corridor_id") REFERENCES "corridors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "corridor_purposes" ADD CONSTRAINT "corridor_purposes_purpose_code_fkey" FOREIGN KEY ("purpose_code") REFERENCES "purposes"("code") ON DELETE CASCADE ON UPDATE CASCADE;
