import type { MerchantScope, AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import type { ApiKey, Merchant } from "@/lib/db/generated/client";

/**
 * The api_keys table, read for the other folders: lib/merchants owns it (creation, rotation and
 * revocation are its own functions), and no other folder names it (`npm run lint:layers` checks).
 * This module needs only the database, so the layering places it with the infrastructure
 * (.dependency-cruiser.cjs): lib/auth, under the route wrapper, reads a request's key here
 * without an import running upward.
 */

const client = async (db?: Db): Promise<Db> => db ?? (await getPrisma());

/** The key pair with this public key, with its merchant, or null: what an API request authenticates with (lib/auth). */
export async function findApiKeyByPublicKey(publicKey: string, db?: Db): Promise<(ApiKey & { merchant: Merchant }) | null> {
  return (await client(db)).apiKey.findUnique({ where: { publicKey }, include: { merchant: true } });
}

/** The scope's usable key pairs at `now`: the current one and those in their rotation grace, newest first. */
export async function listUsableApiKeys(scope: MerchantScope, now: Date, db?: Db): Promise<ApiKey[]> {
  return (await client(db)).apiKey.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: { createdAt: "desc" },
  });
}

/** The public key of the scope's current pair (not revoked, not expiring), or null. */
export async function currentPublicKey(scope: MerchantScope, db?: Db): Promise<string | null> {
  const key = await (await client(db)).apiKey.findFirst({
    where: { merchantId: scope.merchantId, environment: scope.environment, revokedAt: null, expiresAt: null },
    orderBy: { createdAt: "desc" },
    select: { publicKey: true },
  });
  return key?.publicKey ?? null;
}

/** The public key of one of the merchant's key pairs, by id, or null (another merchant's is none): the request log's detail shows which pair made a request. */
export async function publicKeyOf(merchantId: string, apiKeyId: string, db?: Db): Promise<string | null> {
  const key = await (await client(db)).apiKey.findFirst({ where: { id: apiKeyId, merchantId }, select: { publicKey: true } });
  return key?.publicKey ?? null;
}

/** The environments the database holds API keys of (how a database from before the environment claim is judged). */
export async function apiKeyEnvironments(db?: Db): Promise<AppEnvironment[]> {
  return (await (await client(db)).apiKey.groupBy({ by: ["environment"] })).map((k) => k.environment);
}
