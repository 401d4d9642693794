import { setting } from "@/lib/config";
import type { ApiKey, Merchant } from "@/lib/db/generated/client";

/**
 * A short-lived in-process cache of API key rows (with their merchant), so an authenticated
 * request costs no database round trip when the same key called a moment ago. Only keys that
 * exist are cached (unknown keys cannot fill it). The secret is still hashed and compared on
 * every request. Changes made in this process (rotation, plan, status) clear it at once; changes
 * made elsewhere (another instance, the ops CLI) are seen within API_KEY_CACHE_MS (default 5 s).
 */
type CachedKey = ApiKey & { merchant: Merchant };
const MAX_ENTRIES = 10_000;
const GLOBAL_KEY = Symbol.for("payments.apiKeyCache");
type GlobalWithCache = typeof globalThis & { [GLOBAL_KEY]?: Map<string, { key: CachedKey; loadedAt: number }> };

function cache() {
  const g = globalThis as GlobalWithCache;
  return (g[GLOBAL_KEY] ??= new Map());
}

export function apiKeyCacheTtlMs(): number {
  return setting("API_KEY_CACHE_MS");
}

export function getCachedApiKey(publicKey: string, now = Date.now()): CachedKey | undefined {
  const entry = cache().get(publicKey);
  if (!entry) return undefined;
  if (now - entry.loadedAt >= apiKeyCacheTtlMs()) {
    cache().delete(publicKey);
    return undefined;
  }
  return entry.key;
}

export function cacheApiKey(key: CachedKey, now = Date.now()) {
  if (apiKeyCacheTtlMs() === 0) return;
  const entries = cache();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key.publicKey, { key, loadedAt: now });
}

/** Forget every cached key (after a rotation, a plan or status change in this process). */
export function invalidateApiKeyCache() {
  cache().clear();
}
