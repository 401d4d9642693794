-- Orange Money DRC pays out whole Congolese francs only (lib/reference/catalogue-seed.ts
-- WHOLE_UNIT_CHANNELS; docs/numbering-plans.md, "Whole units"). The seed only inserts missing
-- rows, so a database seeded before this change is told here; its USD channel keeps its cents.
UPDATE "payment_channels" SET "whole_units" = true
WHERE "country_code" = 'CD' AND "currency" = 'CDF' AND "provider_code" = 'orange';
