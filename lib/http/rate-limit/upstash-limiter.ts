import { Ratelimit } from "@upstash/ratelimit";
import type { LimitResult, WindowLimiter } from "./types";

type RatelimitRedis = ConstructorParameters<typeof Ratelimit>[0]["redis"];

/** @upstash/ratelimit sliding windows, one limiter per distinct limit value. */
export class UpstashWindowLimiter implements WindowLimiter {
  private readonly limiters = new Map<number, Ratelimit>();

  constructor(
    private readonly redis: RatelimitRedis,
    private readonly window: `${number} s`,
    private readonly prefix: string,
  ) {}

  async limit(identifier: string, max: number): Promise<LimitResult> {
    let limiter = this.limiters.get(max);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis,
        limiter: Ratelimit.slidingWindow(max, this.window),
        prefix: `${this.prefix}:${max}`,
        analytics: false,
        // The in-memory block cache would answer 429 without Redis; keep Redis the authority.
        ephemeralCache: false,
      });
      this.limiters.set(max, limiter);
    }
    const { success, limit, remaining, reset } = await limiter.limit(identifier);
    return { success, limit, remaining, reset };
  }
}
