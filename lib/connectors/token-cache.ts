import type { TokenCache } from "./connector";

/**
 * Short-lived operator credentials (MTN's bearer, OAuth tokens) kept per process until shortly
 * before they expire (docs/design/connectors.md). Single flight: concurrent calls needing a token share one
 * fetch. A 401 from the operator invalidates the entry so the next call fetches once more.
 */
export const REFRESH_EARLY_MS = 60_000;

export function createTokenCache(now: () => number = Date.now): TokenCache {
  const tokens = new Map<string, { token: string; refreshAt: number }>();
  const inFlight = new Map<string, Promise<string>>();
  return {
    async get(key, fetchToken) {
      const cached = tokens.get(key);
      if (cached && now() < cached.refreshAt) return cached.token;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const fetching = fetchToken()
        .then(({ token, expiresInSeconds }) => {
          // Refresh a minute early, or at half-life for tokens shorter than two minutes.
          const lifetimeMs = expiresInSeconds * 1000;
          const early = Math.min(REFRESH_EARLY_MS, lifetimeMs / 2);
          tokens.set(key, { token, refreshAt: now() + lifetimeMs - early });
          return token;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, fetching);
      return fetching;
    },
    invalidate(key) {
      tokens.delete(key);
    },
  };
}
