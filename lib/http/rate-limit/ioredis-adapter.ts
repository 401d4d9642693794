import { createHash } from "node:crypto";
import type { Redis as IORedis } from "ioredis";

/**
 * Lets @upstash/ratelimit run on a plain Redis through ioredis. The limiter only needs
 * `eval`/`evalsha` (plus get/set for dynamic limits). Its Lua scripts start with
 * `#!lua flags=allow-key-locking`, which Redis 7.0 rejects, so the adapter strips that line and
 * remembers which stripped script each original hash stands for.
 */
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

export function stripLuaShebang(script: string): string {
  return script.startsWith("#!") ? script.slice(script.indexOf("\n") + 1) : script;
}

export class IORedisRatelimitAdapter {
  private readonly strippedHashes = new Map<string, string>();

  constructor(private readonly client: IORedis) {}

  async eval(script: string, keys: string[], args: unknown[]): Promise<unknown> {
    const stripped = stripLuaShebang(script);
    this.strippedHashes.set(sha1(script), sha1(stripped));
    return this.client.eval(stripped, keys.length, ...keys, ...args.map(String));
  }

  async evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown> {
    const stripped = this.strippedHashes.get(hash);
    // The limiter answers NOSCRIPT by calling eval() with the full script.
    if (!stripped) throw new Error("NOSCRIPT No matching script (adapter)");
    return this.client.evalsha(stripped, keys.length, ...keys, ...args.map(String));
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(key);
  }

  async set(key: string, value: unknown): Promise<string | null> {
    return this.client.set(key, String(value));
  }
}
