import { type Db, getPrisma, type Tx } from "@/lib/db/client";
import { type Merchant, type MerchantVerification, Prisma } from "@/lib/db/generated/client";

/**
 * The merchants table, read and written for the other folders: lib/merchants owns it, and no
 * other folder names it (`npm run lint:layers` checks). Each function takes an optional `db`: pass
 * the caller's transaction client when the read or write belongs to its transaction.
 */

export type MerchantColumns<S extends Prisma.MerchantSelect> = Prisma.MerchantGetPayload<{ select: S }>;

const client = async (db?: Db): Promise<Db> => db ?? (await getPrisma());

/**
 * The merchants table, for the few statements that read a merchant together with another
 * folder's table in one round trip (the session check with the dashboard user, the balances with
 * the ledger accounts, the payout quote with the limits; docs/performance.md): the caller writes
 * `FROM ${MERCHANTS_TABLE_SQL} m` or `JOIN ${MERCHANTS_TABLE_SQL} m ON …`, so the table's name
 * stays here with every other access to it.
 */
export const MERCHANTS_TABLE_SQL: Prisma.Sql = Prisma.raw("merchants");

/** The chosen columns of one merchant (relations too, e.g. its branding), or null when there is none. */
export async function findMerchant<S extends Prisma.MerchantSelect>(merchantId: string, select: S, db?: Db): Promise<MerchantColumns<S> | null> {
  return (await client(db)).merchant.findUnique({ where: { id: merchantId }, select }) as Promise<MerchantColumns<S> | null>;
}

/** The chosen columns of one merchant that must exist (Prisma's not-found error otherwise, as findUniqueOrThrow). */
export async function getMerchant<S extends Prisma.MerchantSelect>(merchantId: string, select: S, db?: Db): Promise<MerchantColumns<S>> {
  return (await client(db)).merchant.findUniqueOrThrow({ where: { id: merchantId }, select }) as Promise<MerchantColumns<S>>;
}

/** The whole merchant row, or null. */
export async function findMerchantRow(merchantId: string, db?: Db): Promise<Merchant | null> {
  return (await client(db)).merchant.findUnique({ where: { id: merchantId } });
}

/** The whole merchant row of a merchant that must exist. */
export async function getMerchantRow(merchantId: string, db?: Db): Promise<Merchant> {
  return (await client(db)).merchant.findUniqueOrThrow({ where: { id: merchantId } });
}

/** The merchant's home country (its sign-up country), or null when the merchant is unknown. */
export async function merchantCountry(merchantId: string, db?: Db): Promise<string | null> {
  return (await findMerchant(merchantId, { country: true }, db))?.country ?? null;
}

/** A merchant by id, or by e-mail when `ref` holds an `@` (the ops CLI's way to name one). */
export async function findMerchantByRef(ref: string, db?: Db): Promise<Merchant | null> {
  return (await client(db)).merchant.findFirst({ where: ref.includes("@") ? { email: ref.toLowerCase() } : { id: ref } });
}

/** The oldest merchants first, at most `take` (the ops listing). */
export async function listMerchants(take: number, db?: Db): Promise<Merchant[]> {
  return (await client(db)).merchant.findMany({ orderBy: { createdAt: "asc" }, take });
}

/** Takes the merchant's row lock for the rest of `tx` (FOR UPDATE): serialises team changes of one merchant. */
export async function lockMerchant(tx: Tx, merchantId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM merchants WHERE id = ${merchantId} FOR UPDATE`;
}

/**
 * The merchant's balance mode, its row held FOR NO KEY UPDATE for the rest of `tx` (so a mode
 * change waits for the payouts being written under the old mode); null when there is no merchant.
 */
export async function lockBalanceMode(tx: Tx, merchantId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ balance_mode: string }[]>`SELECT balance_mode::text AS balance_mode FROM merchants WHERE id = ${merchantId} FOR NO KEY UPDATE`;
  return rows[0]?.balance_mode ?? null;
}

/** Marks the merchant's verification as submitted and waiting for an operator. */
export async function markVerificationPending(tx: Tx, merchantId: string): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: { verificationStatus: "pending" } });
}

/** Whether every member of the merchant's team must sign in with two-factor. */
export async function setTeamRequiresTwoFactor(tx: Tx, merchantId: string, required: boolean): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: { requireTwoFactor: required } });
}

/** Inserts a merchant row as given, in the caller's transaction (a production sign-up: no key, unverified). */
export async function insertMerchant(tx: Tx, merchant: { id: string; name: string; email: string; country: string; settlementCurrency: string }): Promise<void> {
  await tx.merchant.create({ data: merchant });
}

/** The merchant's verification submission (business and identity details), or null when none was sent. */
export async function findVerificationSubmission(merchantId: string, db?: Db): Promise<MerchantVerification | null> {
  return (await client(db)).merchantVerification.findUnique({ where: { merchantId } });
}

/** Stores the merchant's verification submission, replacing an earlier one and clearing its review. */
export async function saveVerificationSubmission(tx: Tx, merchantId: string, details: Prisma.InputJsonValue, submittedBy: string): Promise<void> {
  await tx.merchantVerification.upsert({
    where: { merchantId },
    create: { merchantId, details, submittedBy },
    update: { details, submittedBy, submittedAt: new Date(), reviewedAt: null, reviewedBy: null },
  });
}
