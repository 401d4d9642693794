-- Payouts made before this rule may share a reference (it was allowed). The oldest keeps it;
-- each later one gets its own id appended ("ref#po_…"), so the unique index can be built and
-- nothing is lost: the original reference is still the prefix.
UPDATE "payouts" AS p SET "external_reference" = p."external_reference" || '#' || p."id"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "merchant_id", "environment", "external_reference" ORDER BY "created_at", "id") AS n
  FROM "payouts" WHERE "external_reference" IS NOT NULL
) AS d
WHERE p."id" = d."id" AND d.n > 1;

-- CreateIndex
CREATE UNIQUE INDEX "payouts_merchant_id_environment_external_reference_key" ON "payouts"("merchant_id", "environment", "external_reference");
