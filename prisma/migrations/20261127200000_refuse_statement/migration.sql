-- Aborts the statement that calls it, with `reason` as the error message (SQLSTATE P0001).
-- A write done in one statement (a data-modifying CTE, no interactive transaction: the payout
-- initiate, lib/payouts/initiate-payout.ts) calls it when one of its conditions refused after
-- another part had already written: the abort undoes the whole statement, so nothing of it stays.
CREATE OR REPLACE FUNCTION refuse_statement(reason text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
END
$$;
