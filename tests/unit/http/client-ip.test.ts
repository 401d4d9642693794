import { afterEach, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/http/client-ip";

const saved = { TRUSTED_PROXIES: process.env.TRUSTED_PROXIES, VERCEL: process.env.VERCEL };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const ip = (headers: Record<string, string>, trusted?: number, vercel = false) => {
  if (trusted === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = String(trusted);
  if (vercel) process.env.VERCEL = "1";
  else delete process.env.VERCEL;
  return clientIp(new Headers(headers));
};

describe("client address", () => {
  // The chain as scripts/serve.mjs hands it to Next: whatever arrived, then the socket peer.
  it.each([
    // [X-Forwarded-For, TRUSTED_PROXIES, client]
    ["203.0.113.9", undefined, "203.0.113.9"], // direct client, default 0: the socket
    ["1.1.1.1, 203.0.113.9", undefined, "203.0.113.9"], // a spoofed entry is ignored
    ["1.1.1.1, 2.2.2.2, 203.0.113.9", 0, "203.0.113.9"],
    ["198.51.100.7, 10.0.0.2", 1, "198.51.100.7"], // one load balancer (10.0.0.2) that appended the client
    ["6.6.6.6, 198.51.100.7, 10.0.0.2", 1, "198.51.100.7"], // ... and the client's own forged entry left of it
    ["6.6.6.6, 198.51.100.7, 10.0.0.5, 10.0.0.2", 2, "198.51.100.7"], // CDN then load balancer
    ["10.0.0.2", 1, "10.0.0.2"], // fewer hops than configured: the furthest one we have
    [" 203.0.113.9 ", 0, "203.0.113.9"],
    ["::ffff:203.0.113.9", 0, "203.0.113.9"],
    ["1.1.1.1, 2001:DB8::1", 0, "2001:db8::1"],
  ])("X-Forwarded-For %j with TRUSTED_PROXIES=%s is %s", (xff, trusted, expected) => {
    expect(ip({ "x-forwarded-for": xff }, trusted)).toBe(expected);
  });

  it("no header at all is the shared 'unknown' bucket; X-Real-IP from a client is not believed", () => {
    expect(ip({})).toBe("unknown");
    expect(ip({ "x-real-ip": "9.9.9.9" })).toBe("unknown");
    expect(ip({ "x-forwarded-for": " , " })).toBe("unknown");
  });

  it("on Vercel reads the platform's headers, not a client's X-Forwarded-For chain", () => {
    expect(ip({ "x-forwarded-for": "6.6.6.6", "x-real-ip": "198.51.100.7" }, 0, true)).toBe("198.51.100.7");
    expect(ip({ "x-forwarded-for": "6.6.6.6", "x-vercel-forwarded-for": "198.51.100.8" }, 0, true)).toBe("198.51.100.8");
    expect(ip({ "x-forwarded-for": "6.6.6.6" }, 0, true)).toBe("unknown");
  });
});
