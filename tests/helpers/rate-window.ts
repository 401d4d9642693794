/**
 * Rate limits count in windows aligned on the minute (the in-memory limiter and
 * @upstash/ratelimit's sliding window alike). A test that sends N requests within a limit of N
 * and expects the next refused fails when a new window starts between them: the previous
 * window's count then weighs less than a whole request, and the next one passes. On a loaded
 * machine a few requests take seconds, so that happened in CI. This waits for the next window
 * when fewer than `needMs` are left in this one.
 */
export async function awayFromWindowEdge(needMs = 15_000, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
