-- Issue 18: the merchant's checkout branding (lib/branding). The logo's bytes are kept here (bytea),
-- so they commit with the change and its audit row and every app instance serves them alike.
-- CreateTable
CREATE TABLE "merchant_brandings" (
    "merchant_id" TEXT NOT NULL,
    "display_name" VARCHAR(60) NOT NULL,
    "accent_color" VARCHAR(7) NOT NULL,
    "logo" BYTEA,
    "logo_type" VARCHAR(16),
    "logo_sha256" VARCHAR(64),
    "logo_width" INTEGER,
    "logo_height" INTEGER,
    "updated_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "merchant_brandings_pkey" PRIMARY KEY ("merchant_id")
);

-- AddForeignKey
ALTER TABLE "merchant_brandings" ADD CONSTRAINT "merchant_brandings_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What lib/branding checks, held by the database too: a hex colour, a logo of at most 200 KB of
-- one of the three accepted types, and a hash exactly when there is a logo.
ALTER TABLE "merchant_brandings"
  ADD CONSTRAINT "merchant_brandings_accent_color_check" CHECK ("accent_color" ~ '^#[0-9A-F]{6}$'),
  ADD CONSTRAINT "merchant_brandings_display_name_check" CHECK (char_length(btrim("display_name")) BETWEEN 1 AND 60),
  ADD CONSTRAINT "merchant_brandings_logo_check" CHECK (
    ("logo" IS NULL AND "logo_type" IS NULL AND "logo_sha256" IS NULL)
    OR ("logo" IS NOT NULL AND octet_length("logo") <= 204800
        AND "logo_type" IN ('image/png', 'image/jpeg', 'image/webp')
        AND "logo_sha256" ~ '^[0-9a-f]{64}$')
  );
