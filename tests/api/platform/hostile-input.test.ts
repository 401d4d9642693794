import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancelPayment } from "@/app/api/v1/payments/[transactionId]/cancel/route";
import { POST as initiatePayment } from "@/app/api/v1/payments/initiate/route";
import { GET as publicStatus } from "@/app/api/v1/payments/public/status/[transactionId]/route";
import { GET as paymentStatus } from "@/app/api/v1/payments/status/[transactionId]/route";
import { GET as transactionDetail } from "@/app/api/v1/payments/transactions/[transactionId]/route";
import { GET as listTransactions } from "@/app/api/v1/payments/transactions/route";
import { POST as cancelPayout } from "@/app/api/v1/payouts/[payoutId]/cancel/route";
import { POST as initiatePayout } from "@/app/api/v1/payouts/initiate/route";
import { POST as quote } from "@/app/api/v1/payouts/quote/route";
import { GET as payoutStatus } from "@/app/api/v1/payouts/status/[payoutId]/route";
import { GET as corridors } from "@/app/api/v1/payouts/reference/corridors/route";
import { GET as paymentMethods } from "@/app/api/v1/providers/payment-methods/route";
import { POST as fundWallet } from "@/app/api/v1/sandbox/wallets/fund/route";
import { POST as resendEvent } from "@/app/api/v1/webhooks/events/[eventId]/resend/route";
import { GET as webhookEvent } from "@/app/api/v1/webhooks/events/[eventId]/route";
import { GET as webhookEvents } from "@/app/api/v1/webhooks/events/route";
import { getPrisma } from "@/lib/db/client";
import { call, type CallOptions } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody } from "../../helpers/payments";
import { quoteBody } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Hostile input: NUL bytes, lone surrogates, absurd nesting, impossible dates and
 * absurd page numbers are the client's mistake, so 400 with the spec's error body, never a 500,
 * on every route, the public status endpoint included.
 */
type Handler = Parameters<typeof call>[0];
let headers: Record<string, string>;

beforeAll(async () => {
  await ensureReferenceData();
  headers = (await createTestMerchant({ plan: "enterprise" })).headers;
});

async function expect400(handler: Handler, options: CallOptions, code: RegExp = /^(validation_error|invalid_request|invalid_json)$/) {
  const res = await call(handler, options);
  expect({ status: res.status, text: res.text.slice(0, 300) }).toMatchObject({ status: 400 });
  expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: expect.stringMatching(code), requestId: res.headers.get("x-request-id") });
  expect(res.json.message).toMatch(/\w/);
  return res;
}

const NUL = "\u0000";
const LONE = "\ud800";
const deep = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels));

const paramRoutes: [string, Handler, string, string][] = [
  ["public status", publicStatus, "/payments/public/status/x", "transactionId"],
  ["payment status", paymentStatus, "/payments/status/x", "transactionId"],
  ["transaction detail", transactionDetail, "/payments/transactions/x", "transactionId"],
  ["payment cancel", cancelPayment, "/payments/x/cancel", "transactionId"],
  ["payout status", payoutStatus, "/payouts/status/x", "payoutId"],
  ["payout cancel", cancelPayout, "/payouts/x/cancel", "payoutId"],
  ["webhook event", webhookEvent, "/webhooks/events/x", "eventId"],
  ["webhook resend", resendEvent, "/webhooks/events/x/resend", "eventId"],
];

describe("path parameters", () => {
  it.each(paramRoutes)("%s: NUL or a lone surrogate in the id → 400", async (_, handler, path, param) => {
    const method = path.endsWith("cancel") || path.endsWith("resend") ? "POST" : "GET";
    for (const bad of [`txn_${NUL}`, `txn_${LONE}x`]) {
      const res = await expect400(handler, { method, path, headers, params: { [param]: bad } });
      expect(res.json.message).toContain(param);
    }
  });
});

describe("query strings", () => {
  const queryRoutes: [string, Handler, string][] = [
    ["transactions", listTransactions, "/payments/transactions"],
    ["webhook events", webhookEvents, "/webhooks/events"],
    ["payment methods", paymentMethods, "/providers/payment-methods?country=SN"],
    ["corridors", corridors, "/payouts/reference/corridors"],
  ];
  it.each(queryRoutes)("%s: NUL in a value or a name → 400", async (_, handler, path) => {
    const sep = path.includes("?") ? "&" : "?";
    await expect400(handler, { path: `${path}${sep}status=%00`, headers });
    await expect400(handler, { path: `${path}${sep}x%00y=1`, headers });
  });

  it.each([
    ["/payments/transactions?startDate=0000-01-01"],
    ["/payments/transactions?endDate=0000-12-31"],
    ["/webhooks/events?from=0000-01-01"],
    ["/webhooks/events?to=0000-06-01T00:00:00Z"],
    ["/webhooks/events?from=0001-01-01T00:00:00%2B14:00"],
  ])("a date in year 0 (%s) → 400", async (path) => {
    const handler = path.startsWith("/webhooks") ? webhookEvents : listTransactions;
    const res = await expect400(handler, { path, headers }, /^validation_error$/);
    expect(res.json.message).toMatch(/between 0001-01-01 and 9999-12-31/);
  });

  it.each([
    ["/payments/transactions?startDate=0001-01-01&endDate=9999-12-31"],
    ["/webhooks/events?from=0001-01-01&to=9999-12-31"],
  ])("the widest dates still work (%s)", async (path) => {
    const handler = path.startsWith("/webhooks") ? webhookEvents : listTransactions;
    expect((await call(handler, { path, headers })).status).toBe(200);
  });

  it.each([["/payments/transactions"], ["/webhooks/events"]])("%s: absurd page numbers → 400 pointing to narrower queries", async (path) => {
    const handler = path.startsWith("/webhooks") ? webhookEvents : listTransactions;
    for (const page of ["99999999999999999999", "1e400", "10000000", "1.5", "-1", "0x10"]) {
      const res = await expect400(handler, { path: `${path}?page=${page}&limit=100`, headers }, /^validation_error$/);
      expect(res.json.message).toMatch(/page/);
    }
    const deepPage = await expect400(handler, { path: `${path}?page=102&limit=100`, headers }, /^validation_error$/);
    if (path === "/payments/transactions") expect(deepPage.json.message).toMatch(/startingAfter/);
    // The deepest page allowed still answers.
    expect((await call(handler, { path: `${path}?page=101&limit=100`, headers })).status).toBe(200);
  });

  it("a huge limit is clamped to 100 (docs/design/authentication-and-limits.md)", async () => {
    const res = await call(listTransactions, { path: "/payments/transactions?limit=99999999999999999999999", headers });
    expect(res.status).toBe(200);
    expect(res.json.meta.limit).toBe(100);
  });
});

describe("JSON bodies", () => {
  const bodyRoutes: [string, Handler, string, () => Record<string, unknown>, string][] = [
    ["collect initiate", initiatePayment, "/payments/initiate", () => directBody(), "customerName"],
    ["payout quote", quote, "/payouts/quote", () => quoteBody(), "method"],
    ["payout initiate", initiatePayout, "/payouts/initiate", () => ({ quoteId: "qt_x", recipient: { phone: "+221770000012", name: "A" } }), "quoteId"],
    ["sandbox fund", fundWallet, "/sandbox/wallets/fund", () => ({ currency: "XOF", amount: 100 }), "currency"],
  ];

  it.each(bodyRoutes)("%s: NUL or a lone surrogate in a string value → 400 naming the field", async (_, handler, path, body, field) => {
    for (const bad of [`A${NUL}B`, `A${LONE}`, `${LONE}`]) {
      const res = await expect400(handler, { path, headers, body: { ...body(), [field]: bad } });
      expect(res.json.message).toContain(field);
    }
  });

  it.each(bodyRoutes)("%s: NUL in a key, or 20,000-deep nesting → 400", async (_, handler, path, body) => {
    await expect400(handler, { path, headers, body: { ...body(), [`k${NUL}`]: 1 } });
    await expect400(handler, { path, headers, rawBody: JSON.stringify({ ...body(), x: 1 }).replace('"x":1', `"x":${"[".repeat(20_000)}${"]".repeat(20_000)}`) });
  });

  it("metadata nested deeper than 32 levels → 400 (within 8 KB it used to reach the database)", async () => {
    await expect400(initiatePayment, { path: "/payments/initiate", headers, body: directBody({ metadata: { a: deep(40) } }) });
    await expect400(initiatePayment, { path: "/payments/initiate", headers, body: directBody({ metadata: { a: deep(3000) } }) });
    // 20 levels is fine.
    expect((await call(initiatePayment, { path: "/payments/initiate", headers, body: directBody({ metadata: { a: deep(20) } }) })).status).toBe(201);
  });

  it("invalid UTF-8 in the body → 400 (not silently replaced)", async () => {
    const raw = Buffer.concat([Buffer.from(JSON.stringify(directBody()).slice(0, -1) + ',"customerName":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const res = await call(initiatePayment, { path: "/payments/initiate", headers, rawBody: raw as unknown as string });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_json");
  });
});

describe("idempotency keys and hostile input", () => {
  const withKey = (key: string) => ({ ...headers, "X-Idempotency-Key": key });

  it("a key with control or non-ASCII characters is 400 before any claim", async () => {
    for (const key of ["a\u0001b", "clé-é"]) {
      const res = await expect400(initiatePayment, { path: "/payments/initiate", headers: withKey(key), body: directBody() }, /^invalid_request$/);
      expect(res.json.message).toMatch(/X-Idempotency-Key/);
    }
    const claims = await (await getPrisma()).idempotencyRecord.count({ where: { key: { in: ["a\u0001b", "clé-é"] } } });
    expect(claims).toBe(0);
  });

  it("a NUL in the body is refused before the key is claimed: the corrected request runs at once", async () => {
    const key = `nul-${Date.now()}`;
    await expect400(initiatePayment, { path: "/payments/initiate", headers: withKey(key), body: directBody({ customerName: `A${NUL}` }) });
    const fixed = await call(initiatePayment, { path: "/payments/initiate", headers: withKey(key), body: directBody() });
    expect(fixed.status).toBe(201);
  });
});
