import { afterAll, beforeAll, expect } from "vitest";
import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";
import { describeStatement, recordStatements } from "./record-statements";

/**
 * The steady state a file counting an API path's round trips measures, as in production: the API
 * key cache and the reference catalogue stay warm for the whole file, and the request log's batch
 * is written only when flushed (apiRoundTrips does it first), so its timer never lands inside a
 * measured request on a slow machine. Registers the file's hooks; the settings are restored after.
 */
export function keepCachesWarm(): void {
  const pinned = { API_KEY_CACHE_MS: "600000", REFERENCE_CACHE_TTL_SECONDS: "600", API_REQUEST_LOG_FLUSH_MS: "60000" };
  const saved = Object.fromEntries(Object.keys(pinned).map((key) => [key, process.env[key]]));
  beforeAll(() => void Object.assign(process.env, pinned));
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    invalidateApiKeyCache();
  });
}

/** The statements one API request sends, described ("begin", "insert payments + insert jobs"…). */
export async function apiRoundTrips(request: () => Promise<{ status: number; json?: unknown }>, expectedStatus: number): Promise<string[]> {
  await flushApiRequestLog();
  const { result, statements } = await recordStatements(request);
  expect(result.status, JSON.stringify(result.json)).toBe(expectedStatus);
  return statements.map(describeStatement);
}
