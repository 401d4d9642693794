-- CreateEnum
CREATE TYPE "LedgerAccountType" AS ENUM ('collect', 'payout', 'credit', 'provider_clearing', 'fee_revenue', 'fx', 'payouts_in_flight', 'sandbox_funding', 'credit_grants');

-- CreateEnum
CREATE TYPE "LedgerBucket" AS ENUM ('available', 'pending');

-- CreateEnum
CREATE TYPE "LedgerHoldStatus" AS ENUM ('held', 'finalised', 'released');

-- CreateTable
CREATE TABLE "ledger_accounts" (
    "id" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "type" "LedgerAccountType" NOT NULL,
    "merchant_id" TEXT,
    "provider" TEXT,
    "available" BIGINT NOT NULL DEFAULT 0,
    "pending" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" TEXT NOT NULL,
    "idempotency_key" VARCHAR(255) NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "environment" "Environment" NOT NULL,
    "merchant_id" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_postings" (
    "id" BIGSERIAL NOT NULL,
    "entry_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "bucket" "LedgerBucket" NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_settlements" (
    "entry_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "settled_at" TIMESTAMPTZ(3),
    "settle_entry_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_settlements_pkey" PRIMARY KEY ("entry_id")
);

-- CreateTable
CREATE TABLE "ledger_holds" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "fee" BIGINT NOT NULL,
    "status" "LedgerHoldStatus" NOT NULL DEFAULT 'held',
    "hold_entry_id" TEXT NOT NULL,
    "close_entry_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "ledger_holds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ledger_accounts_merchant_id_environment_idx" ON "ledger_accounts"("merchant_id", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "ledger_entries"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_entries_merchant_id_environment_created_at_idx" ON "ledger_entries"("merchant_id", "environment", "created_at");

-- CreateIndex
CREATE INDEX "ledger_postings_entry_id_idx" ON "ledger_postings"("entry_id");

-- CreateIndex
CREATE INDEX "ledger_postings_account_id_idx" ON "ledger_postings"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_settlements_settle_entry_id_key" ON "ledger_settlements"("settle_entry_id");

-- CreateIndex
CREATE INDEX "ledger_settlements_settled_at_due_at_idx" ON "ledger_settlements"("settled_at", "due_at");

-- CreateIndex
CREATE INDEX "ledger_settlements_account_id_idx" ON "ledger_settlements"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_holds_hold_entry_id_key" ON "ledger_holds"("hold_entry_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_holds_close_entry_id_key" ON "ledger_holds"("close_entry_id");

-- CreateIndex
CREATE INDEX "ledger_holds_account_id_idx" ON "ledger_holds"("account_id");

-- CreateIndex
CREATE INDEX "ledger_holds_status_idx" ON "ledger_holds"("status");

-- AddForeignKey
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "ledger_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "ledger_accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written (Prisma cannot express these): the ledger's invariants, enforced by the database
-- as a last line of defence behind lib/ledger's row locks.

-- A merchant account's balances are never negative; a platform account never stores a balance
-- (its balance is the sum of its postings); the type says which kind of account a row is.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_balances_check"
  CHECK ("merchant_id" IS NULL OR ("available" >= 0 AND "pending" >= 0));
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_platform_no_balance_check"
  CHECK ("merchant_id" IS NOT NULL OR ("available" = 0 AND "pending" = 0));
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_type_check"
  CHECK (("merchant_id" IS NOT NULL) = ("type" IN ('collect', 'payout', 'credit')));

ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_amount_nonzero_check" CHECK ("amount" <> 0);
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_amount_positive_check" CHECK ("amount" > 0);
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_amounts_check" CHECK ("amount" >= 0 AND "fee" >= 0 AND "amount" + "fee" > 0);

-- Journal entries and postings are immutable: a correction is a new entry.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER "ledger_entries_immutable" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_postings_immutable" BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
