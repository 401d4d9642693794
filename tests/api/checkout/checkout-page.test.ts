import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/checkout/[token]/cancel/route";
import { POST as payRoute } from "@/app/checkout/[token]/pay/route";
import { POST as stuckRoute } from "@/app/checkout/[token]/stuck/route";
import { GET as pageRoute } from "@/app/checkout/[token]/route";
import { getPrisma } from "@/lib/db/client";
import { newToken } from "@/lib/ids";
import { createTestMerchant } from "../../helpers/merchants";
import { initiatePayment, uniqueRef } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { submitOrder } from "@/lib/orders/orders";

/**
 * The hosted checkout's HTTP side, through its route handlers with real Requests on a real
 * database: the page, the two forms (post/redirect/get), the Origin check, body limits,
 * language and refill cookies, and the headers every response carries.
 */
beforeAll(() => ensureReferenceData());

const ORIGIN = "http://localhost:3000";
type Route = (request: Request, context: { params: Promise<{ token: string }> }) => Promise<Response>;

async function send(route: Route, token: string, init: { path?: string; method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const request = new Request(`${ORIGIN}/checkout/${encodeURIComponent(token)}${init.path ?? ""}`, {
    method: init.method ?? "GET",
    headers: { host: "localhost:3000", ...init.headers },
    body: init.body,
  });
  const response = await route(request, { params: Promise.resolve({ token }) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-site": "same-origin", "accept-language": "en", ...headers },
  body: new URLSearchParams(fields).toString(),
});

async function newCheckout(overrides: Record<string, unknown> = {}) {
  const m = await createTestMerchant({ name: "Boutique <Awa>" });
  const res = await initiatePayment(m.headers, {
    type: "checkout",
    amount: 5000,
    externalReference: uniqueRef("page"),
    description: "2 cafés",
    returnUrl: "https://shop.example/done",
    cancelUrl: "https://shop.example/cancelled",
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { token: new URL(res.json.data.redirectUrl).pathname.split("/").pop()!, id: res.json.data.transactionId as string };
}
const load = async (id: string) => (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
const submitJobCount = async (id: string) => (await getPrisma()).job.count({ where: { dedupeKey: { startsWith: `payment.submit:${id}:` } } });

function expectPageHeaders(headers: Headers) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(headers.get("cache-control")).toContain("no-store");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("x-robots-tag")).toContain("noindex");
}

describe("GET /checkout/<token>", () => {
  it("renders the page with a fresh nonce per response, escaped merchant name, in the Accept-Language", async () => {
    const { token } = await newCheckout();
    const a = await send(pageRoute, token, { headers: { "accept-language": "en-GB,en;q=0.9" } });
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectPageHeaders(a.headers);
    expect(a.text).toContain(`<html lang="en">`);
    expect(a.text).toContain("<strong>Boutique &lt;Awa&gt;</strong>");
    expect(a.text).toContain(`value="wave"`);
    const nonce = /'nonce-([^']+)'/.exec(a.headers.get("content-security-policy")!)![1];
    expect(a.text).toContain(`<script nonce="${nonce}">`);
    const b = await send(pageRoute, token);
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(b.text).toContain(`<html lang="fr">`);
  });

  it("a Kenyan checkout reads English when the browser states no French or English, with the country's methods and shillings", async () => {
    const m = await createTestMerchant({ name: "Duka la Amani", country: "KE", settlementCurrency: "KES" });
    const res = await initiatePayment(m.headers, { type: "checkout", amount: 1500, currency: "KES", country: "KE", externalReference: uniqueRef("ke") });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
    const page = await send(pageRoute, token, { headers: { "accept-language": "sw-KE,sw;q=0.9" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="en">`);
    expect(page.text).toContain(`value="mpesa"`);
    expect(page.text).toContain(`value="airtel"`);
    expect(page.text).not.toContain(`value="orange"`);
    expect(page.text).toContain("KES\u00A01,500.00");
    // French when the customer asks for it.
    expect((await send(pageRoute, token, { headers: { "accept-language": "fr" } })).text).toContain(`<html lang="fr">`);
  });

  it("?lang= switches the language and remembers it in a cookie for /checkout", async () => {
    const { token } = await newCheckout();
    const res = await send(pageRoute, token, { path: "?lang=en", headers: { "accept-language": "fr" } });
    expect(res.text).toContain(`<html lang="en">`);
    expect(res.headers.get("set-cookie")).toMatch(/^checkout_lang=en; Path=\/checkout; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    const next = await send(pageRoute, token, { headers: { "accept-language": "fr", cookie: "checkout_lang=en" } });
    expect(next.text).toContain(`<html lang="en">`);
    expect(next.headers.get("set-cookie")).toBeNull();
  });

  it("a friendly 404 for unknown and malformed tokens, with the same headers", async () => {
    for (const token of [newToken(), "not a token", "../../etc"]) {
      const res = await send(pageRoute, token, { headers: { "accept-language": "en" } });
      expect(res.status).toBe(404);
      expect(res.text).toContain("Payment link not found");
      expectPageHeaders(res.headers);
    }
  });
});

describe("POST /checkout/<token>/pay", () => {
  it("submits the method and number, then 303 back to the page, which is waiting", async () => {
    const { token, id } = await newCheckout();
    const res = await send(payRoute, token, { path: "/pay", ...form({ provider: "orange", phone: "77 000 00 12" }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/${token}`);
    expect(await load(id)).toMatchObject({ provider: "orange", customerPhone: "+221770000012" });
    expect(await submitJobCount(id)).toBe(1);
    const page = await send(pageRoute, token, { headers: { "accept-language": "en" } });
    expect(page.text).toContain(`data-stage="waiting" data-poll`);
  });

  it("a refused number comes back as a message key, the number only in a cookie scoped to this checkout", async () => {
    const { token, id } = await newCheckout();
    const res = await send(payRoute, token, { path: "/pay", ...form({ provider: "wave", phone: "77 123" }) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/${token}?error=phone_length&field=phone&method=wave`);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^checkout_phone=77%20123; Path=/checkout/${token}; Max-Age=600; HttpOnly; SameSite=Strict`));
    expect(await load(id)).toMatchObject({ provider: null, customerPhone: null });

    const page = await send(pageRoute, token, { path: "?error=phone_length&field=phone&method=wave", headers: { "accept-language": "en", cookie: "checkout_phone=77%20123" } });
    expect(page.text).toContain("The number must have 9 digits after +221 (you typed 5).");
    expect(page.text).toContain(`value="77 123" aria-invalid="true"`);
  });

  it("refuses a cross-site form, a sandboxed frame (Origin: null) and a foreign Sec-Fetch-Site: 403, nothing written", async () => {
    const { token, id } = await newCheckout();
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }, { origin: "http://localhost:3000.evil.example" }];
    for (const headers of foreign) {
      const res = await send(payRoute, token, { path: "/pay", ...form({ provider: "wave", phone: "770000012" }, headers) });
      expect(res.status).toBe(403);
      expect(res.text).toContain("did not come from the payment page");
    }
    expect(await load(id)).toMatchObject({ provider: null });
    expect(await submitJobCount(id)).toBe(0);
  });

  it("honours X-Forwarded-Host behind a proxy", async () => {
    const { token, id } = await newCheckout();
    const res = await send(payRoute, token, {
      path: "/pay",
      ...form({ provider: "wave", phone: "770000012" }, { origin: "https://pay.example.com", "x-forwarded-host": "pay.example.com" }),
    });
    expect(res.status).toBe(303);
    expect((await load(id)).provider).toBe("wave");
  });

  it("refuses bodies that are not our form: wrong type 415, too large 413; unknown token 404", async () => {
    const { token, id } = await newCheckout();
    const json = await send(payRoute, token, { path: "/pay", ...form({}), headers: { "content-type": "application/json", origin: ORIGIN }, body: `{"provider":"wave"}` });
    expect(json.status).toBe(415);
    const big = await send(payRoute, token, { path: "/pay", ...form({ provider: "wave", phone: "7".repeat(10_000) }) });
    expect(big.status).toBe(413);
    expect(big.text).toContain(`href="/checkout/${token}"`);
    expect(await load(id)).toMatchObject({ provider: null });
    expect((await send(payRoute, newToken(), { path: "/pay", ...form({ provider: "wave", phone: "770000012" }) })).status).toBe(404);
  });
});

describe("POST /checkout/<token>/cancel", () => {
  it("cancels the pending checkout and 303s to the page, which sends the customer to cancelUrl", async () => {
    const { token, id } = await newCheckout();
    const res = await send(cancelRoute, token, { path: "/cancel", ...form({}) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/checkout/${token}`);
    expect((await load(id)).status).toBe("cancelled");
    const page = await send(pageRoute, token, { headers: { "accept-language": "en" } });
    expect(page.text).toContain("Payment cancelled");
    expect(page.text).toContain(`data-href="https://shop.example/cancelled?transactionId=${id}&amp;status=cancelled"`);
  });

  it("refuses a cross-site cancel", async () => {
    const { token, id } = await newCheckout();
    const res = await send(cancelRoute, token, { path: "/cancel", ...form({}, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }) });
    expect(res.status).toBe(403);
    expect((await load(id)).status).toBe("pending");
  });

  describe("POST /checkout/<token>/stuck: I did not get the prompt", () => {
    /** A checkout whose prompt is on the phone (processing): the operator has not answered yet. */
    async function promptSent(phone: string) {
      const c = await newCheckout();
      expect((await send(payRoute, c.token, form({ provider: "orange", phone }))).status).toBe(303);
      const delay = process.env.SANDBOX_PROVIDER_DELAY_MS;
      process.env.SANDBOX_PROVIDER_DELAY_MS = "600000"; // the simulated operator answers in 10 minutes
      try {
        await submitOrder(c.id, { attempt: 1 });
      } finally {
        process.env.SANDBOX_PROVIDER_DELAY_MS = delay;
      }
      expect((await load(c.id)).status).toBe("processing");
      return c;
    }
    const attempts = async (id: string) => (await getPrisma()).paymentStatusChange.count({ where: { paymentId: id, toStatus: "pending" } });

    it("while the operator still holds the prompt, nothing new is sent and nothing cancelled: the page says why", async () => {
      const c = await promptSent("770000099"); // the simulator never answers a number ending in 99
      for (const want of ["resend", "other", "cancel"]) {
        const res = await send(stuckRoute, c.token, { ...form({ want }), path: "/stuck" });
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe(`/checkout/${c.token}?stuck=open`);
      }
      expect((await load(c.id)).status).toBe("processing");
      expect(await submitJobCount(c.id)).toBe(1);
      const page = await send(pageRoute, c.token, { path: "?stuck=open", headers: { "accept-language": "en" } });
      expect(page.text).toContain(`data-testid="stuck-open">Your operator still holds the request`);
    });

    it("once the operator says the prompt failed: resend sends the same method and number again as a new attempt", async () => {
      const c = await promptSent("770000092"); // the simulator answers 'expired' for a number ending in 92
      const res = await send(stuckRoute, c.token, { ...form({ want: "resend" }), path: "/stuck" });
      expect(res.headers.get("location")).toBe(`/checkout/${c.token}`);
      const after = await load(c.id);
      expect(after).toMatchObject({ status: "pending", provider: "orange", customerPhone: "+221770000092", providerReference: null });
      expect(await attempts(c.id)).toBe(2);
      expect(await submitJobCount(c.id)).toBe(2);
    });

    it("once the operator says the prompt failed: cancel cancels; another method shows the method form", async () => {
      const cancelled = await promptSent("770000091");
      await send(stuckRoute, cancelled.token, { ...form({ want: "cancel" }), path: "/stuck" });
      expect((await load(cancelled.id)).status).toBe("cancelled");

      const other = await promptSent("770000093");
      const res = await send(stuckRoute, other.token, { ...form({ want: "other" }), path: "/stuck" });
      expect(res.headers.get("location")).toBe(`/checkout/${other.token}`);
      expect((await load(other.id)).status).toBe("failed");
      const page = await send(pageRoute, other.token, { headers: { "accept-language": "en" } });
      expect(page.text).toContain(`action="/checkout/${other.token}/pay"`);
      expect(await submitJobCount(other.id)).toBe(1);
    });

    it("refuses a cross-site post; an unknown token is a 404", async () => {
      const c = await promptSent("770000099");
      const res = await send(stuckRoute, c.token, { ...form({ want: "cancel" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }), path: "/stuck" });
      expect(res.status).toBe(403);
      expect((await send(stuckRoute, newToken(), { ...form({ want: "cancel" }), path: "/stuck" })).status).toBe(404);
    });
  });
});
