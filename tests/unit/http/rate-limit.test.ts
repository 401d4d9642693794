import { describe, expect, it } from "vitest";
import { Redis as IORedis } from "ioredis";
import { IORedisRatelimitAdapter, stripLuaShebang } from "@/lib/http/rate-limit/ioredis-adapter";
import { MemoryWindowLimiter } from "@/lib/http/rate-limit/memory-limiter";
import { UpstashWindowLimiter } from "@/lib/http/rate-limit/upstash-limiter";
import { merchantLimit, rateLimitHeaders } from "@/lib/http/rate-limit";

describe("memory sliding window", () => {
  it("allows the limit, then refuses until the window slides", async () => {
    const limiter = new MemoryWindowLimiter(60_000);
    const t0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000); // start of a window
    for (let i = 0; i < 3; i++) {
      const r = await limiter.limit("a", 3, t0 + i);
      expect(r).toMatchObject({ success: true, limit: 3, remaining: 2 - i });
    }
    expect((await limiter.limit("a", 3, t0 + 10)).success).toBe(false);
    expect((await limiter.limit("b", 3, t0 + 10)).success).toBe(true); // buckets are per identifier
    // Half-way through the next window half of the previous window's 3 still count (floor 1.5 = 1).
    expect((await limiter.limit("a", 3, t0 + 90_000)).success).toBe(true);
    expect((await limiter.limit("a", 3, t0 + 90_001)).success).toBe(true);
    expect((await limiter.limit("a", 3, t0 + 90_002)).success).toBe(false);
    // Two windows later everything has slid out.
    expect((await limiter.limit("a", 3, t0 + 180_000)).remaining).toBe(2);
  });
});

describe("plans and headers", () => {
  it("maps plans to requests per minute, with the operator override first", () => {
    expect(merchantLimit({ plan: "standard", rateLimitPerMinute: null })).toBe(100);
    expect(merchantLimit({ plan: "business", rateLimitPerMinute: null })).toBe(1000);
    expect(merchantLimit({ plan: "enterprise", rateLimitPerMinute: null })).toBeNull();
    expect(merchantLimit({ plan: "standard", rateLimitPerMinute: 5 })).toBe(5);
  });

  it("gives reset in Unix seconds and Retry-After on refusal", () => {
    const reset = Date.now() + 30_500;
    const ok = rateLimitHeaders({ success: true, limit: 100, remaining: 7, reset });
    expect(ok).toEqual({ "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "7", "X-RateLimit-Reset": String(Math.ceil(reset / 1000)) });
    const refused = rateLimitHeaders({ success: false, limit: 100, remaining: 0, reset });
    expect(Number(refused["Retry-After"])).toBeGreaterThanOrEqual(30);
    expect(Number(refused["Retry-After"])).toBeLessThanOrEqual(31);
  });
});

describe("ioredis adapter", () => {
  it("strips the allow-key-locking shebang that Redis 7.0 rejects", () => {
    expect(stripLuaShebang("#!lua flags=allow-key-locking\nreturn 1")).toBe("return 1");
    expect(stripLuaShebang("return 1")).toBe("return 1");
  });

  // Runs against the machine's Redis when REDIS_URL is set (CI sets it).
  it.runIf(!!process.env.REDIS_URL)("runs @upstash/ratelimit's sliding window on a plain Redis", async () => {
    const client = new IORedis(process.env.REDIS_URL!);
    try {
      const adapter = new IORedisRatelimitAdapter(client);
      const limiter = new UpstashWindowLimiter(adapter as never, "60 s", `test:${Date.now()}:${Math.random()}`);
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.limit("merchant", 3));
      expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results[3].limit).toBe(3);
    } finally {
      client.disconnect();
    }
  });
});
