-- AlterTable
ALTER TABLE "payment_channels" ADD COLUMN     "whole_units" BOOLEAN NOT NULL DEFAULT false;

-- Channels seeded before this column existed: the shilling wallets that take whole units only
-- (lib/reference/catalogue-seed.ts WHOLE_UNIT_CHANNELS; docs/decisions/east-africa-ghana.md).
UPDATE "payment_channels" SET "whole_units" = true
WHERE ("country_code", "currency", "provider_code") IN (
  ('KE', 'KES', 'mpesa'), ('KE', 'KES', 'airtel'),
  ('TZ', 'TZS', 'mpesa'), ('TZ', 'TZS', 'airtel'), ('TZ', 'TZS', 'mixx'), ('TZ', 'TZS', 'halotel')
);
