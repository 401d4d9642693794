import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as paymentStatus } from "@/app/api/v1/payments/status/[transactionId]/route";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { publicKeyOf } from "@/lib/merchants/api-key-records";
import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { getApiRequest, listApiRequests } from "@/lib/request-log/list-api-requests";
import { purgeApiRequestLogs } from "@/lib/request-log/purge-api-request-logs";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";
import { call } from "../../helpers/http";
import { directBody, initiatePayment, uniqueRef } from "../../helpers/payments";
import { frenchBank, initiate as initiatePayout, intlRecipient, sender } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { invitedMember, signedUpMerchant } from "../../unit/dashboard/helpers";

/**
 * The API request log: every authenticated request is recorded by the route wrapper
 * (after the response, in a batch), with its bodies masked; the dashboard reads only the
 * merchant's own environment; a sweep keeps 7 days. The pages are rendered as Next would, with
 * only the framework's session and header plumbing stubbed (as in dashboard-actions-authorisation).
 */
const session = vi.hoisted(() => ({ claims: null as null | Record<string, unknown> }));
vi.mock("next-auth/jwt", async (original) => ({ ...(await original<typeof import("next-auth/jwt")>()), decode: async () => session.claims }));
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  cookies: async () => ({ get: (name: string) => (name.endsWith("next-auth.session-token") && session.claims ? { value: "stub" } : undefined), set: () => undefined }),
  headers: async () => new Headers(),
}));

type Merchant = Awaited<ReturnType<typeof signedUpMerchant>>;
let a: Merchant;
let b: Merchant;

const PHONE = "+221771234567";
const SECRET_KEY = "sk_test_Zq8Rw2Lk5Xp9Tn3Vb7Mc1Hd4Fg6Js0Aa8Ee2Ii5Oo";
const WEBHOOK_SECRET = "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0";

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-123";
  await ensureReferenceData();
  a = await signedUpMerchant();
  b = await signedUpMerchant();
});

beforeEach(() => {
  session.claims = null;
});

async function logRows(merchantId: string) {
  await flushApiRequestLog();
  return (await getPrisma()).apiRequestLog.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

async function signIn(scope: { userId: string; merchantId: string }) {
  const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { id: scope.userId } });
  session.claims = { userId: user.id, merchantId: scope.merchantId, environment: "sandbox", sessionVersion: user.sessionVersion };
}

/** Runs a page (a server component) and renders what it returns; a redirect or 404 comes back as its digest. */
async function renderPage(page: (props: any) => Promise<ReactElement>, props: Record<string, unknown>): Promise<{ html?: string; digest?: string }> {
  try {
    return { html: renderToStaticMarkup(await page(props)) };
  } catch (err) {
    const digest = (err as { digest?: string }).digest;
    if (!digest) throw err;
    return { digest };
  }
}

describe("recording", () => {
  it("records each authenticated request: method, path, status, request id, duration, idempotency key, bodies", async () => {
    const idem = uniqueRef("idem");
    const created = await call((await import("@/app/api/v1/payments/initiate/route")).POST, {
      path: "/payments/initiate",
      headers: { ...a.headers, "X-Idempotency-Key": idem, "X-Request-Id": `trace-${idem}` },
      body: directBody(),
    });
    expect(created.status).toBe(201);
    const id = created.json.data.transactionId;
    const fetched = await call(paymentStatus, { path: `/payments/status/${id}?expand=none`, headers: a.headers, params: { transactionId: id } });
    expect(fetched.status).toBe(200);
    const refused = await initiatePayment(a.headers, { type: "direct", amount: 5000 });
    expect(refused.status).toBe(400);
    // No merchant behind a wrong key: nothing to record, nobody's log to put it in.
    await call(paymentStatus, { path: `/payments/status/${id}`, headers: { "X-API-Key": "nonsense" }, params: { transactionId: id } });

    const rows = await logRows(a.scope.merchantId);
    expect(rows.map((r) => [r.method, r.path, r.status, r.errorCode])).toEqual([
      ["POST", "/api/v1/payments/initiate", 201, null],
      ["GET", `/api/v1/payments/status/${id}`, 200, null],
      ["POST", "/api/v1/payments/initiate", 400, "validation_error"],
    ]);
    const [post, get, bad] = rows;
    expect(post).toMatchObject({ requestId: `trace-${idem}`, idempotencyKey: idem, replayed: false, environment: "sandbox", apiKeyId: expect.stringMatching(/^key_/) });
    expect(post.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(post.requestBody!)).toMatchObject({ type: "direct", amount: 5000, provider: "orange" });
    expect(JSON.parse(post.responseBody!).data.transactionId).toBe(id);
    expect(get).toMatchObject({ requestId: fetched.headers.get("x-request-id"), query: "expand=none", requestBody: null, idempotencyKey: null });
    expect(JSON.parse(bad.responseBody!)).toMatchObject({ code: "validation_error", requestId: refused.json.requestId });
    expect(await (await getPrisma()).apiRequestLog.count({ where: { status: 401, path: `/api/v1/payments/status/${id}` } })).toBe(0);
  });

  it("a replayed idempotent request is recorded as a replay", async () => {
    const m = await signedUpMerchant();
    const headers = { ...m.headers, "X-Idempotency-Key": uniqueRef("idem") };
    const body = directBody();
    expect((await initiatePayment(headers, body)).status).toBe(201);
    expect((await initiatePayment(headers, body)).status).toBe(201);
    expect((await logRows(m.scope.merchantId)).map((r) => r.replayed)).toEqual([false, true]);
  });
});

describe("masking", () => {
  it("stores no phone number, name, e-mail, account number or secret, in request or response bodies", async () => {
    const m = await signedUpMerchant();
    const payment = await initiatePayment(m.headers, {
      ...directBody({ customerPhone: PHONE }),
      customerName: "Aminata Sow",
      customerEmail: "aminata.sow@example.sn",
      description: `Order for +221 77 123 45 67, ref 2024-05-01`,
      metadata: { apiKey: SECRET_KEY, note: `rotated to ${WEBHOOK_SECRET}`, contact: { phone: 221771234567 } },
    });
    expect(payment.status).toBe(201);
    await call(paymentStatus, { path: `/payments/status/${payment.json.data.transactionId}`, headers: m.headers, params: { transactionId: payment.json.data.transactionId } });
    // A payout to a bank account (refused: no funds), whose request still carries every personal field.
    const payout = await initiatePayout(m.headers, {
      amount: 10_000,
      method: "BANK_TRANSFER",
      country: "FR",
      currency: "EUR",
      externalReference: uniqueRef("po"),
      sender: sender(),
      recipient: intlRecipient({ phone: "+33612345678", email: "jean.dupont@example.fr" }),
      bankAccount: frenchBank({ accountName: "Jean Dupont" }),
    });
    expect(payout.status).toBeGreaterThanOrEqual(400);

    const rows = await logRows(m.scope.merchantId);
    expect(rows).toHaveLength(3);
    const stored = rows.map((r) => `${r.path} ${r.query ?? ""} ${r.requestBody ?? ""} ${r.responseBody ?? ""}`).join("\n");
    for (const leaked of [
      "771234567",
      "77 123 45 67",
      "612345678",
      "Aminata",
      "Sow",
      "aminata.sow",
      "jean.dupont",
      "Dupont",
      "Moussa",
      "Ndiaye",
      "rue Carnot",
      "1985-04-12",
      "A1234567",
      "FR1420041010050500013M02606",
      "0500013M026",
      SECRET_KEY,
      SECRET_KEY.slice(8, 30),
      WEBHOOK_SECRET,
      WEBHOOK_SECRET.slice(6, 30),
    ]) {
      expect(stored, leaked).not.toContain(leaked);
    }
    const request = JSON.parse(rows[0].requestBody!);
    // Masked to what tells requests apart, no more.
    expect(request).toMatchObject({
      customerPhone: "+221•••••••67",
      customerName: "A••• S•••",
      customerEmail: "a•••@example.sn",
      description: "Order for +221•••••••67, ref 2024-05-01",
      metadata: { apiKey: `sk_test_…${SECRET_KEY.slice(-4)}`, note: `rotated to whsec_…${WEBHOOK_SECRET.slice(-4)}`, contact: { phone: "221•••••••67" } },
      amount: 5000,
      provider: "orange",
    });
    expect(JSON.parse(rows[1].responseBody!)).toMatchObject({ customerPhone: "+221•••••••67", customerName: "A••• S•••", customerEmail: "a•••@example.sn" });
    expect(JSON.parse(rows[2].requestBody!)).toMatchObject({ bankAccount: { accountNumber: "••••••••••••2606", accountName: "J••• D•••", bankName: "BNP Paribas" }, sender: { address: "••••", dateOfBirth: "••••" } });
  });

  it("cuts a body at 8 KB and says so", async () => {
    const m = await signedUpMerchant();
    const metadata = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, "x".repeat(190)]));
    expect((await initiatePayment(m.headers, directBody({ metadata, description: "y".repeat(400) }))).status).toBe(201);
    const [row] = await logRows(m.scope.merchantId);
    expect(Buffer.byteLength(row.requestBody!)).toBeLessThan(8 * 1024 + 64);
    expect(row.requestBody).toMatch(/… \[cut: \d+ bytes in all\]$/);
  });
});

describe("scoping", () => {
  it("lists and opens only the merchant's own requests of its environment; another merchant's is a 404", async () => {
    expect((await initiatePayment(b.headers, directBody())).status).toBe(201);
    await flushApiRequestLog();
    const own = await listApiRequests(a.scope);
    const theirs = await listApiRequests(b.scope);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(theirs.rows).toHaveLength(1);
    const aId = own.rows[0].id;
    const bId = theirs.rows[0].id;
    expect(own.rows.map((r) => r.id)).not.toContain(bId);
    expect(await getApiRequest(a.scope, aId, publicKeyOf)).toMatchObject({ id: aId });
    expect(await getApiRequest(b.scope, aId, publicKeyOf)).toBeNull();
    expect(await getApiRequest({ ...a.scope, environment: "production" }, aId, publicKeyOf)).toBeNull();

    const detail = (await import("@/app/(dashboard)/dashboard/requests/[id]/page")).default;
    await signIn(b.scope);
    expect(await renderPage(detail, { params: Promise.resolve({ id: aId }) })).toEqual({ digest: expect.stringMatching(/;404$/) });
    const mine = await renderPage(detail, { params: Promise.resolve({ id: bId }) });
    expect(mine.html).toContain("/api/v1/payments/initiate");
    expect(mine.html).toContain(theirs.rows[0].requestId);
  });

  it("the list page filters by status class, method, path prefix and request id (a GET form)", async () => {
    const m = await signedUpMerchant();
    const ok = await initiatePayment(m.headers, directBody());
    const bad = await initiatePayment(m.headers, { type: "direct", amount: 5000 });
    const id = ok.json.data.transactionId;
    const got = await call(paymentStatus, { path: `/payments/status/${id}`, headers: m.headers, params: { transactionId: id } });
    await flushApiRequestLog();
    const list = (await import("@/app/(dashboard)/dashboard/requests/page")).default;
    await signIn(m.scope);
    const rowsFor = async (searchParams: Record<string, string>) => {
      const { html } = await renderPage(list, { searchParams: Promise.resolve(searchParams) });
      return [...html!.matchAll(/data-testid="request-log-row".*?<\/tr>/g)].map((r) => r[0]);
    };
    expect(await rowsFor({})).toHaveLength(3);
    const failed = await rowsFor({ status: "4xx" });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain(bad.json.requestId);
    expect(await rowsFor({ method: "GET" })).toHaveLength(1);
    expect(await rowsFor({ path: "/payments/status" })).toHaveLength(1);
    expect(await rowsFor({ path: "/api/v1/payments" })).toHaveLength(3);
    expect(await rowsFor({ path: "payments/st_tus" })).toHaveLength(0); // `_` is a character, not a wildcard
    expect(await rowsFor({ requestId: got.headers.get("x-request-id")! })).toHaveLength(1);
    expect(await rowsFor({ status: "5xx" })).toHaveLength(0);
    expect(await rowsFor({ status: "2xx", method: "POST" })).toHaveLength(1);
  });

  it("developers and owners see the log; finance and viewers are refused", async () => {
    const list = (await import("@/app/(dashboard)/dashboard/requests/page")).default;
    for (const role of ["developer", "finance", "viewer"] as const) {
      const member = await invitedMember(a.scope, role);
      await signIn(member.scope);
      const outcome = await renderPage(list, { searchParams: Promise.resolve({}) });
      if (role === "developer") expect(outcome.html).toContain('data-testid="request-log"');
      else expect(outcome.digest).toMatch(/\/dashboard\/not-allowed\?need=requests/);
    }
  });
});

describe("retention", () => {
  it("the sweep deletes requests older than 7 days and keeps the rest; it is a periodic task", async () => {
    const prisma = await getPrisma();
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const row = (days: number) => ({ id: newId("rql", at(days).getTime()), merchantId: b.scope.merchantId, environment: "sandbox" as const, requestId: `req_old_${days}`, method: "GET", path: "/api/v1/payouts/limits", status: 200, durationMs: 3, createdAt: at(days) });
    await prisma.apiRequestLog.createMany({ data: [row(30), row(8), row(7.01), row(6.9), row(1)] });
    const deleted = await purgeApiRequestLogs(now, 2); // small batches: the loop runs until none is left
    expect(deleted).toBeGreaterThanOrEqual(3);
    const left = await prisma.apiRequestLog.findMany({ where: { requestId: { startsWith: "req_old_" } }, select: { requestId: true }, orderBy: { requestId: "asc" } });
    expect(left.map((r) => r.requestId)).toEqual(["req_old_1", "req_old_6.9"]);
    expect(await prisma.apiRequestLog.count({ where: { createdAt: { lt: at(7) } } })).toBe(0);
    expect(periodicTasks.find((t) => t.id === "purge-api-request-logs")).toBeDefined();
  });
});
