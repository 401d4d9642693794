-- CreateTable
CREATE TABLE "daily_volumes" (
    "merchant_id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "day" DATE NOT NULL,
    "slot" SMALLINT NOT NULL,
    "amount" BIGINT NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "daily_volumes_pkey" PRIMARY KEY ("merchant_id","environment","kind","currency","day","slot")
);

-- What the overview counts (lib/dashboard/daily-volumes.ts), in one place for the triggers and
-- the rebuild: a payment or payout in status `success` counts its amount, in its currency, on
-- the UTC day of its completion (of its last update when no completion time was recorded).
CREATE FUNCTION daily_volume_day(completed_at timestamptz, updated_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (COALESCE(completed_at, updated_at) AT TIME ZONE 'UTC')::date $$;

-- Adds one row's contribution (or takes it back: a negative amount and count). Eight slots per
-- merchant and day, chosen by the row's id, so that concurrent completions of one merchant
-- rarely wait on each other's row lock.
CREATE FUNCTION daily_volumes_add(merchant text, env "Environment", kind text, currency text, day date, row_id text, amount bigint, n int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO daily_volumes AS v (merchant_id, environment, kind, currency, day, slot, amount, count)
  VALUES (merchant, env, kind, currency, day, abs(hashtext(row_id)) % 8, amount, n)
  ON CONFLICT (merchant_id, environment, kind, currency, day, slot)
  DO UPDATE SET amount = v.amount + EXCLUDED.amount, count = v.count + EXCLUDED.count
$$;

-- The trigger of payments (kind `collected`) and payouts (`paid_out`): in the writing
-- transaction, so the volumes commit or roll back with the status change itself.
CREATE FUNCTION daily_volumes_track() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := CASE TG_TABLE_NAME WHEN 'payments' THEN 'collected' ELSE 'paid_out' END;
  counted_before boolean := TG_OP <> 'INSERT' AND OLD.status::text = 'success';
  counted_now boolean := TG_OP <> 'DELETE' AND NEW.status::text = 'success';
BEGIN
  IF counted_before AND counted_now
     AND OLD.amount = NEW.amount AND OLD.currency = NEW.currency AND OLD.merchant_id = NEW.merchant_id AND OLD.environment = NEW.environment
     AND daily_volume_day(OLD.completed_at, OLD.updated_at) = daily_volume_day(NEW.completed_at, NEW.updated_at) THEN
    RETURN NULL; -- counted the same either way
  END IF;
  IF counted_before THEN
    PERFORM daily_volumes_add(OLD.merchant_id, OLD.environment, kind, OLD.currency, daily_volume_day(OLD.completed_at, OLD.updated_at), OLD.id, -OLD.amount, -1);
  END IF;
  IF counted_now THEN
    PERFORM daily_volumes_add(NEW.merchant_id, NEW.environment, kind, NEW.currency, daily_volume_day(NEW.completed_at, NEW.updated_at), NEW.id, NEW.amount, 1);
  END IF;
  RETURN NULL;
END
$$;

-- Only rows that are or were `success` call the function: a collect's INSERT (pending) costs nothing.
CREATE TRIGGER payments_daily_volumes_insert AFTER INSERT ON payments FOR EACH ROW WHEN (NEW.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();
CREATE TRIGGER payments_daily_volumes_update AFTER UPDATE ON payments FOR EACH ROW WHEN (OLD.status::text = 'success' OR NEW.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();
CREATE TRIGGER payments_daily_volumes_delete AFTER DELETE ON payments FOR EACH ROW WHEN (OLD.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();
CREATE TRIGGER payouts_daily_volumes_insert AFTER INSERT ON payouts FOR EACH ROW WHEN (NEW.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();
CREATE TRIGGER payouts_daily_volumes_update AFTER UPDATE ON payouts FOR EACH ROW WHEN (OLD.status::text = 'success' OR NEW.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();
CREATE TRIGGER payouts_daily_volumes_delete AFTER DELETE ON payouts FOR EACH ROW WHEN (OLD.status::text = 'success') EXECUTE FUNCTION daily_volumes_track();

-- Recomputes the volumes of one merchant (or all, NULL) from the payments and payouts. The caller
-- holds payments and payouts in SHARE mode (npm run ops -- dashboard:rebuild-volumes), so that no
-- status change lands between the delete and the sums.
CREATE FUNCTION daily_volumes_rebuild(only_merchant text) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM daily_volumes WHERE only_merchant IS NULL OR merchant_id = only_merchant;
  INSERT INTO daily_volumes (merchant_id, environment, kind, currency, day, slot, amount, count)
  SELECT merchant_id, environment, 'collected', currency, daily_volume_day(completed_at, updated_at), 0, sum(amount)::bigint, count(*)::int
  FROM payments WHERE status::text = 'success' AND (only_merchant IS NULL OR merchant_id = only_merchant)
  GROUP BY merchant_id, environment, currency, daily_volume_day(completed_at, updated_at)
  UNION ALL
  SELECT merchant_id, environment, 'paid_out', currency, daily_volume_day(completed_at, updated_at), 0, sum(amount)::bigint, count(*)::int
  FROM payouts WHERE status::text = 'success' AND (only_merchant IS NULL OR merchant_id = only_merchant)
  GROUP BY merchant_id, environment, currency, daily_volume_day(completed_at, updated_at);
$$;

-- The volumes of the payments and payouts already there.
SELECT daily_volumes_rebuild(NULL);
