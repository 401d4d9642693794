import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { contracts } from "@/app/api/v1/contracts";
import { getPrisma } from "@/lib/db/client";
import type { RouteContract } from "@/lib/http/contract";
import { isMethodRefusal } from "@/lib/http/other-methods";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { revokeApiKey } from "@/lib/merchants/revoke-api-key";
import { rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { verifyMerchant } from "@/lib/merchants/verify-merchant";
import { call } from "../../helpers/http";
import { POST as bulkRoute } from "@/app/api/v1/payouts/bulk/route";
import { POST as paymentLinksRoute } from "@/app/api/v1/payment-links/route";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment } from "../../helpers/payments";
import { initiate as initiatePayout, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { recordTestEvent } from "../../helpers/webhooks";

/**
 * The authorisation sweep. Every route file under app/api/v1 is found on disk, so a
 * new route is covered the day it is added: it must have a contract, and that contract must
 * either require an API key (then every bad credential is 401 and another merchant's ids are
 * 404) or be on the spec's list of public endpoints below. A route with a path id whose kind
 * the sweep does not know yet fails until someone teaches it (RESOURCE_IDS).
 */

/** The spec's authentication rules, plus our own health and OpenAPI documents. */
const PUBLIC_ROUTES = new Set([
  "GET /payments/providers",
  "GET /countries/active",
  "GET /payments/public/status/{transactionId}",
  "GET /payouts/reference/corridors",
  "GET /payouts/reference/purposes",
  "GET /health",
  "GET /providers/payment-methods",
  "GET /openapi.json",
  // Operators' callbacks (docs/design/connectors.md): no API key by nature; a signed one is verified by its
  // connector, an unsigned one only triggers a status check (tests/api/connectors/callback.test.ts).
  "POST /connectors/{accountId}/callback",
  "PUT /connectors/{accountId}/callback",
]);

type Handler = Parameters<typeof call>[0];
type Route = { key: string; contract: RouteContract; handler: Handler };

const apiRoot = path.resolve("app/api/v1");

/** Every handler exported by a route.ts under app/api/v1, as "METHOD /path/{param}" (the catch-all 404 excepted). */
async function discoverRoutes(dir = apiRoot, prefix = ""): Promise<{ key: string; handler: Handler }[]> {
  const out: { key: string; handler: Handler }[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry.startsWith("[...")) continue;
    if (statSync(full).isDirectory()) out.push(...(await discoverRoutes(full, `${prefix}/${entry.replace(/^\[(.+)\]$/, "{$1}")}`)));
    else if (entry === "route.ts") {
      const mod = (await import(/* @vite-ignore */ full)) as Record<string, unknown>;
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        // The 405 answers of otherMethods are not endpoints (tests/api/platform/methods.test.ts covers them).
        if (typeof mod[method] === "function" && !isMethodRefusal(mod[method])) out.push({ key: `${method} ${prefix}`, handler: mod[method] as Handler });
      }
    }
  }
  return out;
}

const keyOf = (c: RouteContract) => `${c.method} ${c.path}`;
const paramsOf = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const fill = (p: string, params: Record<string, string>) => p.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));

function request(route: Route, headers: Record<string, string>, params: Record<string, string> = {}) {
  const names = paramsOf(route.contract.path);
  const filled = Object.fromEntries(names.map((n) => [n, params[n] ?? `${n}_x`]));
  const hasBody = route.contract.method !== "GET" && route.contract.request?.body !== undefined;
  return call(route.handler, { method: route.contract.method, path: fill(route.contract.path, filled), headers, params: filled, ...(hasBody ? { body: {} } : {}) });
}

let routes: Route[] = [];
let discoveredWithoutContract: string[] = [];
// Merchant A owns the resources; B, C… try to reach them.
let a: Awaited<ReturnType<typeof createTestMerchant>>;
let b: Awaited<ReturnType<typeof createTestMerchant>>;
const RESOURCE_IDS: Record<string, () => string[]> = {
  transactionId: () => [ids.payment, ids.payout],
  payoutId: () => [ids.payout],
  eventId: () => [ids.event],
  bulkId: () => [ids.bulk],
  paymentLinkId: () => [ids.paymentLink],
};
const ids = { payment: "", payout: "", event: "", bulk: "", paymentLink: "" };
const badCredentials: [string, Record<string, string>][] = [];

beforeAll(async () => {
  await ensureReferenceData();
  const discovered = await discoverRoutes();
  const byKey = new Map(contracts.map((c) => [keyOf(c), c]));
  discoveredWithoutContract = discovered.filter((r) => !byKey.has(r.key)).map((r) => r.key);
  routes = discovered.filter((r) => byKey.has(r.key)).map((r) => ({ ...r, contract: byKey.get(r.key)! }));

  a = await createTestMerchant({ rateLimitPerMinute: 100_000 });
  b = await createTestMerchant({ rateLimitPerMinute: 100_000 });
  await fund(a.merchant.id, "XOF", 1_000_000n);
  ids.payment = (await initiatePayment(a.headers, directBody())).json.data.transactionId;
  const payout = await initiatePayout(a.headers, { amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: `sweep-${Date.now()}` });
  ids.payout = payout.json.transactionId;
  ids.event = (await recordTestEvent(a.merchant.id, { hold: true })).id;
  const bulk = await call(bulkRoute, { path: "/payouts/bulk", headers: a.headers, body: { items: [{ amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient() }] } });
  ids.bulk = bulk.json?.bulkId;
  ids.paymentLink = (await call(paymentLinksRoute, { path: "/payment-links", headers: a.headers, body: { title: "Sweep", amount: 5_000 } })).json?.id;
  expect([ids.payment, ids.payout, ids.event, ids.bulk, ids.paymentLink].every(Boolean)).toBe(true);

  // Keys that exist but must not work: revoked, rotated past their grace, and a real live pair.
  const revoked = await createTestMerchant();
  await revokeApiKey(revoked.merchant.id, revoked.keys.publicKey, "test");
  const expired = await createTestMerchant();
  await rotateApiKeys(expired.merchant.id, "test", { graceHours: 0 });
  process.env.APP_ENV = "production";
  let live: { publicKey: string; secretKey: string };
  try {
    const { merchant } = await createMerchant({ name: "Live Co", email: `live-${Date.now()}@test.local` });
    live = (await verifyMerchant(merchant.id, "test")).keys;
  } finally {
    process.env.APP_ENV = "sandbox";
  }
  badCredentials.push(
    ["no credentials", {}],
    ["an empty X-API-Key", { "X-API-Key": "" }],
    ["a malformed X-API-Key", { "X-API-Key": "not-a-key" }],
    ["a secret key only", { "X-API-Key": a.keys.secretKey }],
    ["a malformed Bearer", { Authorization: `Basic ${Buffer.from(a.credentials).toString("base64")}` }],
    ["an unknown public key", { "X-API-Key": `pk_test_${"Z".repeat(24)}:sk_test_${"Z".repeat(40)}` }],
    ["a right public key with a wrong secret", { "X-API-Key": `${a.keys.publicKey}:sk_test_${"x".repeat(40)}` }],
    ["A's public key with B's secret", { "X-API-Key": `${a.keys.publicKey}:${b.keys.secretKey}` }],
    ["a live pair against the sandbox", { "X-API-Key": `${live.publicKey}:${live.secretKey}` }],
    ["a revoked pair", revoked.headers],
    ["a pair rotated with no grace", expired.headers],
  );
});

describe("every route", () => {
  it("has a contract, and is either authenticated or on the public list", () => {
    expect(discoveredWithoutContract).toEqual([]);
    expect(routes.length).toBe(contracts.length);
    const publicRoutes = routes.filter((r) => r.contract.auth !== "apiKey").map((r) => r.key);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it("every path id of an authenticated route is a resource kind the sweep knows", () => {
    const unknown = routes.filter((r) => r.contract.auth === "apiKey").flatMap((r) => paramsOf(r.contract.path).filter((p) => !RESOURCE_IDS[p]));
    expect(unknown).toEqual([]);
  });
});

describe("authenticated routes", () => {
  it("answer 401, with the spec's error body, to every bad credential", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.contract.auth === "apiKey")) {
      for (const [label, headers] of badCredentials) {
        const res = await request(route, headers, { transactionId: ids.payment, payoutId: ids.payout, eventId: ids.event, bulkId: ids.bulk });
        const ok = res.status === 401 && res.json?.statusCode === 401 && res.json?.error === "Unauthorized" && res.json?.code === "unauthenticated";
        if (!ok) failures.push(`${route.key} with ${label}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answer 404 to another merchant's ids, exactly as to unknown ids, and change nothing of theirs", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.contract.auth === "apiKey" && paramsOf(r.contract.path).length > 0)) {
      const [param] = paramsOf(route.contract.path);
      for (const id of [...RESOURCE_IDS[param](), `${param}_unknown`]) {
        const res = await request(route, b.headers, { [param]: id });
        const ok = res.status === 404 && res.json?.code === "not_found" && !res.text.includes(a.merchant.id);
        if (!ok) failures.push(`${route.key} with ${param}=${id}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    const prisma = await getPrisma();
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: ids.payment } })).status).toBe("pending");
    expect((await prisma.payout.findUniqueOrThrow({ where: { id: ids.payout } })).status).toBe("pending");
    expect((await prisma.webhookEvent.findUniqueOrThrow({ where: { id: ids.event } })).attempts).toBe(0);
  });

  it("never list another merchant's objects", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.contract.auth === "apiKey" && r.contract.method === "GET" && paramsOf(r.contract.path).length === 0)) {
      const res = await request(route, b.headers);
      if (res.status !== 200) failures.push(`${route.key}: ${res.status}`);
      for (const id of [ids.payment, ids.payout, ids.event, ids.bulk, a.merchant.id]) if (res.text.includes(id)) failures.push(`${route.key} shows ${id}`);
    }
    expect(failures).toEqual([]);
  });

  it("the owner reaches the same ids (the 404s above are about ownership, not broken requests)", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.contract.auth === "apiKey" && r.contract.method === "GET" && paramsOf(r.contract.path).length > 0)) {
      const [param] = paramsOf(route.contract.path);
      const res = await request(route, a.headers, { [param]: RESOURCE_IDS[param]()[0] });
      if (res.status !== 200) failures.push(`${route.key}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
