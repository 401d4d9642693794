import type { LimitResult, WindowLimiter } from "./types";

/**
 * In-memory sliding window with the same arithmetic as @upstash/ratelimit's slidingWindow
 * (current bucket + weighted previous bucket), for the single-process embedded default.
 * Several instances must use Redis or Upstash instead (README).
 */
export class MemoryWindowLimiter implements WindowLimiter {
  private readonly buckets = new Map<string, number>();
  private sweepAt = 0;

  constructor(private readonly windowMs: number) {}

  async limit(identifier: string, max: number, now = Date.now()): Promise<LimitResult> {
    const windowIndex = Math.floor(now / this.windowMs);
    const currentKey = `${identifier}:${windowIndex}`;
    const current = this.buckets.get(currentKey) ?? 0;
    const previous = this.buckets.get(`${identifier}:${windowIndex - 1}`) ?? 0;
    const weightedPrevious = Math.floor((1 - (now % this.windowMs) / this.windowMs) * previous);
    const reset = (windowIndex + 1) * this.windowMs;
    this.sweep(windowIndex, now);
    if (weightedPrevious + current >= max) return { success: false, limit: max, remaining: 0, reset };
    this.buckets.set(currentKey, current + 1);
    return { success: true, limit: max, remaining: Math.max(0, max - weightedPrevious - current - 1), reset };
  }

  /** Drops buckets older than the previous window, at most once per window. */
  private sweep(windowIndex: number, now: number) {
    if (now < this.sweepAt) return;
    this.sweepAt = (windowIndex + 1) * this.windowMs;
    for (const key of this.buckets.keys()) {
      const index = Number(key.slice(key.lastIndexOf(":") + 1));
      if (index < windowIndex - 1) this.buckets.delete(key);
    }
  }
}
