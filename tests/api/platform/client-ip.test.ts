import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as activeCountries } from "@/app/api/v1/countries/active/route";
import { getPrisma } from "@/lib/db/client";
import { appendSocketPeer } from "@/scripts/forwarded-for.mjs";

/**
 * Real HTTP: a server that does what scripts/serve.mjs does (append the socket peer), then hands
 * the request to the route handler as Next would. A client rotating X-Forwarded-For values must
 * stay in one per-IP bucket.
 */
let server: Server;
let base = "";
beforeAll(async () => {
  await getPrisma(); // the embedded database's first start is not the test's time
  server = createServer(async (req, res) => {
    appendSocketPeer(req);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const response = await activeCountries(new Request(`http://localhost${req.url}`, { headers }), { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("per-IP limit of public endpoints", () => {
  it("a spoofed X-Forwarded-For does not get a fresh bucket", async () => {
    process.env.RATE_LIMIT_PUBLIC_PER_MINUTE = "3";
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${base}/api/v1/countries/active`, { headers: { "x-forwarded-for": `198.51.100.${i}` } });
        statuses.push(res.status);
        if (i === 0) expect(res.headers.get("x-ratelimit-limit")).toBe("3");
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      delete process.env.RATE_LIMIT_PUBLIC_PER_MINUTE;
    }
  });
});
