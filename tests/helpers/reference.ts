import { seedReferenceData } from "@/lib/reference/seed-reference-data";

/**
 * Makes sure the reference catalogue is in the test database, once per test file (each file
 * has its own module graph, and its own in-memory PGlite unless DATABASE_URL is set).
 * Seeding is insert-only, so files running in parallel on one PostgreSQL database are safe.
 */
let seeded: Promise<unknown> | undefined;

export function ensureReferenceData(): Promise<unknown> {
  seeded ??= seedReferenceData().catch((err) => {
    seeded = undefined;
    throw err;
  });
  return seeded;
}

type Handler = Parameters<typeof import("./http").call>[0];

/**
 * Every reference response is cacheable: Cache-Control with a short max-age and an ETag; the
 * same request with If-None-Match gets 304 and no body; another ETag gets the full 200.
 */
export async function checkConditionalGet(handler: Handler, path: string) {
  const { call } = await import("./http");
  const { expect } = await import("vitest");
  const first = await call(handler, { path });
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-control")).toBe("public, max-age=60");
  const etag = first.headers.get("etag");
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await call(handler, { path, headers: { "If-None-Match": etag! } });
  expect(again.status).toBe(304);
  expect(again.text).toBe("");
  expect(again.headers.get("etag")).toBe(etag);
  const other = await call(handler, { path, headers: { "If-None-Match": 'W/"something-else"' } });
  expect(other.status).toBe(200);
  expect(other.json).toEqual(first.json);
  return first;
}

/** Public endpoints are limited per client IP (X-Forwarded-For): 429 past the limit. */
export async function checkPublicRateLimit(handler: Handler, path: string) {
  const { call } = await import("./http");
  const { expect } = await import("vitest");
  const previous = process.env.RATE_LIMIT_PUBLIC_PER_MINUTE;
  process.env.RATE_LIMIT_PUBLIC_PER_MINUTE = "2";
  try {
    // A unique client per run. The right-most entry is the socket peer (scripts/serve.mjs appends
    // it; TRUSTED_PROXIES=0); whatever the client wrote to its left is ignored.
    const headers = { "X-Forwarded-For": `10.0.0.1, client-${crypto.randomUUID()}` };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(handler, { path, headers })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const other = await call(handler, { path, headers: { "X-Forwarded-For": `client-${crypto.randomUUID()}` } });
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-limit")).toBe("2");
  } finally {
    if (previous === undefined) delete process.env.RATE_LIMIT_PUBLIC_PER_MINUTE;
    else process.env.RATE_LIMIT_PUBLIC_PER_MINUTE = previous;
  }
}
