import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as activeCountries } from "@/app/api/v1/countries/active/route";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { getPrisma } from "@/lib/db/client";
import { resetAuthFailureBlocks } from "@/lib/http/authenticate-limited";
import { requestHeaders as fastPathHeaders } from "@/scripts/api-fast-path.mjs";
import { appendSocketPeer } from "@/scripts/forwarded-for.mjs";
import { awayFromWindowEdge } from "../../helpers/rate-window";

/**
 * Real HTTP: a server that does what scripts/serve.mjs does (append the socket peer), then hands
 * the request to a route handler the two ways a built server does: as Next does (from the
 * parsed headers Next's adapter reads, which server actions' headers() read too) and as the
 * API fast path does (scripts/api-fast-path.mjs). A client rotating X-Forwarded-For values must
 * stay in one per-IP bucket on both.
 */
type Adapter = (req: IncomingMessage) => Headers;
const asNext: Adapter = (req) => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return headers;
};
const ADAPTERS: [string, Adapter][] = [
  ["through Next", asNext],
  ["through the API fast path", fastPathHeaders],
];

const servers: Server[] = [];
const bases = new Map<string, string>();
beforeAll(async () => {
  await getPrisma(); // the embedded database's first start is not the test's time
  for (const [name, adapter] of ADAPTERS) {
    const server = createServer(async (req, res) => {
      appendSocketPeer(req);
      const handler = req.url?.startsWith("/api/v1/payments/balance") ? balance : activeCountries;
      const response = await handler(new Request(`http://localhost${req.url}`, { headers: adapter(req) }), { params: Promise.resolve({}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    servers.push(server);
    bases.set(name, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

/** A GET from one loopback address of our choosing (each test its own client, its own buckets). */
function getFrom(localAddress: string, url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, localAddress }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}
let nextClient = 10;

describe.each(ADAPTERS)("per-IP limits %s", (name) => {
  it("a public endpoint: a spoofed X-Forwarded-For does not get a fresh bucket", async () => {
    process.env.RATE_LIMIT_PUBLIC_PER_MINUTE = "3";
    const client = `127.0.0.${nextClient++}`;
    try {
      const statuses: number[] = [];
      await awayFromWindowEdge();
      for (let i = 0; i < 5; i++) {
        const res = await getFrom(client, `${bases.get(name)}/api/v1/countries/active`, { "x-forwarded-for": `198.51.100.${i}` });
        statuses.push(res.status);
        if (i === 0) expect(res.headers["x-ratelimit-limit"]).toBe("3");
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      delete process.env.RATE_LIMIT_PUBLIC_PER_MINUTE;
    }
  });

  it("failed API keys: rotating X-Forwarded-For values share the address's budget", async () => {
    process.env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE = "3";
    resetAuthFailureBlocks();
    const client = `127.0.0.${nextClient++}`;
    try {
      const statuses: number[] = [];
      await awayFromWindowEdge();
      for (let i = 0; i < 5; i++) {
        const res = await getFrom(client, `${bases.get(name)}/api/v1/payments/balance`, {
          "x-api-key": `pk_test_nope${i}:sk_test_nope${i}`,
          "x-forwarded-for": `203.0.113.${i + 1}`,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      delete process.env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE;
      resetAuthFailureBlocks();
    }
  });
});
