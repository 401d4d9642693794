import { appEnv, type AppEnvironment, type MerchantScope } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { Merchant } from "@/lib/db/generated/client";
import { findApiKeyByPublicKey } from "@/lib/merchants/api-key-records";
import { cacheApiKey, getCachedApiKey } from "./api-key-cache";
import { parseCredentials, secretMatches } from "./api-keys";

export type ApiAuth = {
  merchant: Merchant;
  environment: AppEnvironment;
  apiKeyId: string;
  publicKey: string;
};

/** The merchant and environment an API key authenticates. */
export const scopeOfApiAuth = (auth: Pick<ApiAuth, "merchant" | "environment">): MerchantScope => ({ merchantId: auth.merchant.id, environment: auth.environment });

const UNKNOWN_KEY_HASH = "0".repeat(64);

const OTHER_BASE_URL: Record<AppEnvironment, string> = {
  sandbox: "This is a live key: use it against the production base URL.",
  production: "This is a test key: use it against the sandbox base URL.",
};

/**
 * Authenticates an API request (docs/design/authentication-and-limits.md). Every failure is 401 with a message that helps
 * an integrator without revealing whether a given public key exists.
 */
export async function authenticateApiKey(headers: Headers, now = new Date()): Promise<ApiAuth> {
  const credentials = parseCredentials(headers);
  if (!credentials.ok) throw new AppError("unauthenticated", credentials.reason);
  const environment = appEnv();
  if (credentials.environment !== environment) throw new AppError("unauthenticated", OTHER_BASE_URL[environment]);

  let key = getCachedApiKey(credentials.publicKey) ?? null;
  if (!key) {
    key = await findApiKeyByPublicKey(credentials.publicKey);
    if (key) cacheApiKey(key);
  }
  // Hash and compare even for an unknown public key, so timing does not tell them apart.
  const matches = secretMatches(credentials.secretKey, key?.secretHash ?? UNKNOWN_KEY_HASH);
  const valid = key !== null && matches && key.environment === environment;
  if (!key || !valid) throw new AppError("unauthenticated", "Invalid API credentials.");
  // Only a caller holding the right secret learns why its pair stopped working.
  if (key.revokedAt !== null) throw new AppError("unauthenticated", "This API key was revoked. Use the current key pair.");
  if (key.expiresAt !== null && key.expiresAt <= now) {
    throw new AppError("unauthenticated", "This API key was rotated and its grace period has ended. Use the current key pair.");
  }
  if (key.merchant.status === "suspended") throw new AppError("forbidden", "This merchant account is suspended.");
  if (environment === "production" && key.merchant.verificationStatus !== "verified") {
    throw new AppError("forbidden", "Live access requires a verified merchant account.");
  }
  return { merchant: key.merchant, environment, apiKeyId: key.id, publicKey: key.publicKey };
}
