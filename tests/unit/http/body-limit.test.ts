import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts } from "@/app/api/v1/contracts";
import { config } from "@/lib/config";
import { MAX_BULK_CSV_BYTES } from "@/lib/dashboard/bulk-payouts";
import { MAX_LOGO_BYTES } from "@/lib/branding";
import { bodyLimitFor, limitRequestBody, refuseOversizedBeforeContinue, SERVER_ACTION_BODY_BYTES } from "@/scripts/body-limit.mjs";
import { bigUpload } from "../../helpers/big-upload";

/**
 * scripts/body-limit.mjs over real HTTP: the server of scripts/serve.mjs in miniature, whose
 * handler counts what reaches it. An oversized body must be refused before the handler sees it.
 */
let server: Server;
let port = 0;
const reached: { path: string; length: string | undefined; bytes: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    limitRequestBody(req, res, () => {
      let bytes = 0;
      req.on("data", (c: Buffer) => (bytes += c.length));
      req.on("end", () => {
        reached.push({ path: req.url ?? "", length: req.headers["content-length"], bytes });
        res.end(JSON.stringify({ bytes }));
      });
    });
  });
  refuseOversizedBeforeContinue(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const HUNDRED_MB = 100 * 1024 * 1024;
const expect413 = (body: string) => expect(JSON.parse(body)).toMatchObject({ statusCode: 413, error: "Payload Too Large", code: "payload_too_large", requestId: expect.stringMatching(/^req_/) });

describe("request body limit at the server", () => {
  it("a declared 100 MB body: 413 at once, the handler never called", async () => {
    const res = await bigUpload({ port, path: "/api/v1/connectors/wave-sn/callback", totalBytes: HUNDRED_MB, declareLength: true });
    expect(res.status).toBe(413);
    expect413(res.body);
    expect(reached.filter((r) => r.path.includes("wave-sn"))).toEqual([]);
  });

  it("a chunked 100 MB body: 413 once past the limit, the handler never called", async () => {
    const res = await bigUpload({ port, path: "/api/auth/callback/credentials", totalBytes: HUNDRED_MB, declareLength: false });
    expect(res.status).toBe(413);
    expect413(res.body);
    expect(res.sentBytes).toBeLessThan(HUNDRED_MB);
    expect(reached.filter((r) => r.path.includes("credentials"))).toEqual([]);
  });

  it("with Expect: 100-continue the client is refused before it sends a byte", async () => {
    const res = await bigUpload({ port, path: "/login", totalBytes: HUNDRED_MB, declareLength: true, expectContinue: true });
    expect(res.status).toBe(413);
    expect(res.sentBytes).toBe(0);
  });

  it("a chunked body within the limit reaches the handler whole, its length now declared", async () => {
    const res = await bigUpload({ port, path: "/checkout/tok/pay", totalBytes: 3000, declareLength: false });
    expect(res.status).toBe(200);
    expect(reached.find((r) => r.path === "/checkout/tok/pay")).toEqual({ path: "/checkout/tok/pay", length: "3000", bytes: 3000 });
  });

  it("a body of exactly the limit passes; one byte more does not", async () => {
    const limit = bodyLimitFor("/api/v1/providers/predict");
    expect((await bigUpload({ port, path: "/api/v1/providers/predict", totalBytes: limit, declareLength: false })).status).toBe(200);
    expect((await bigUpload({ port, path: "/api/v1/providers/predict", totalBytes: limit + 1, declareLength: false })).status).toBe(413);
    expect((await bigUpload({ port, path: "/api/v1/providers/predict", totalBytes: limit + 1, declareLength: true })).status).toBe(413);
  });
});

describe("the limits per path", () => {
  it("every API route's limit is its contract's cap, so the 413 always comes before the handler", () => {
    for (const contract of contracts.filter((c) => c.method !== "GET")) {
      const path = `/api/v1${contract.path.replace(/\{[^}]+\}/g, "x")}`;
      expect([path, bodyLimitFor(path)]).toEqual([path, contract.maxBodyBytes ?? config.maxBodyBytes()]);
    }
  });

  it("the dashboard's uploads fit a server action's limit, with room for the form around them", () => {
    expect(bodyLimitFor("/dashboard/payouts/bulk/new")).toBe(SERVER_ACTION_BODY_BYTES);
    expect(SERVER_ACTION_BODY_BYTES).toBeGreaterThan(MAX_BULK_CSV_BYTES + 64 * 1024);
    expect(bodyLimitFor("/dashboard/settings/branding")).toBeGreaterThan(MAX_LOGO_BYTES + 64 * 1024);
    expect(bodyLimitFor("/api/auth/callback/credentials")).toBe(config.maxBodyBytes());
  });
});
