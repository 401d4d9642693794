import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/payment-links/route";
import { GET as getRoute } from "@/app/api/v1/payment-links/[paymentLinkId]/route";
import { POST as deactivateRoute } from "@/app/api/v1/payment-links/[paymentLinkId]/deactivate/route";
import { GET as statusRoute } from "@/app/api/v1/payments/status/[transactionId]/route";
import { GET as transactionsRoute } from "@/app/api/v1/payments/transactions/route";
import { GET as pageRoute, POST as submitRoute } from "@/app/pay/[slug]/route";
import { GET as qrSvgRoute } from "@/app/pay/[slug]/qr.svg/route";
import { GET as qrPngRoute } from "@/app/pay/[slug]/qr.png/route";
import { GET as imageRoute } from "@/app/pay/[slug]/image/[file]/route";
import { GET as checkoutRoute } from "@/app/checkout/[token]/route";
import { POST as checkoutPayRoute } from "@/app/checkout/[token]/pay/route";
import { createDashboardPaymentLink } from "@/lib/dashboard/payment-links";
import { getPrisma } from "@/lib/db/client";
import { setChannel } from "@/lib/reference/set-channel";
import { call } from "../../helpers/http";
import { pngImage } from "../../helpers/images";
import { createTestMerchant } from "../../helpers/merchants";
import { driveToFinal } from "../../helpers/payments";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "../../unit/dashboard/helpers";
import { awayFromWindowEdge } from "../../helpers/rate-window";

/**
 * Payment links: the API (create, list, get, deactivate) on three sides — happy, error,
 * security — and the customer's side (/pay/<slug>: page, form, QR, picture) through the route
 * handlers with real Requests on a real database, down to a paid checkout payment that carries
 * the link's id in its status, lists, filter and webhooks, and the link's totals.
 */
beforeAll(() => ensureReferenceData());
// Every request here comes from one address: the per-client limit has its own test below.
const MANY = "100000";
process.env.PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE = MANY;

const ORIGIN = "http://localhost:3000";
type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;

const create = (m: Merchant, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(createRoute, { path: "/payment-links", headers: { ...m.headers, ...headers }, body });
const get = (m: Merchant, id: string) => call(getRoute, { path: `/payment-links/${id}`, headers: m.headers, params: { paymentLinkId: id } });
const deactivate = (m: Merchant, id: string) => call(deactivateRoute, { method: "POST", path: `/payment-links/${id}/deactivate`, headers: m.headers, params: { paymentLinkId: id } });

type PageRoute = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function pay(route: PageRoute, slug: string, init: { path?: string; method?: string; headers?: Record<string, string>; body?: string; params?: Record<string, string> } = {}) {
  const request = new Request(`${ORIGIN}/pay/${slug}${init.path ?? ""}`, { method: init.method ?? "GET", headers: { host: "localhost:3000", ...init.headers }, body: init.body });
  const response = await route(request, { params: Promise.resolve({ slug, ...init.params }) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-site": "same-origin", "accept-language": "en", ...headers },
  body: new URLSearchParams(fields).toString(),
});

/** The page's form token (a fresh one per GET). */
async function formToken(slug: string): Promise<string> {
  const page = await pay(pageRoute as PageRoute, slug);
  return /name="formToken" value="([^"]+)"/.exec(page.text)![1];
}

const linkPayments = async (linkId: string) => (await getPrisma()).payment.findMany({ where: { paymentLinkId: linkId }, orderBy: { createdAt: "asc" } });
const checkoutToken = (location: string | null) => location!.split("/").pop()!;

describe("POST /payment-links", () => {
  it("creates a fixed-amount link with a readable slug, its URLs and zero totals", async () => {
    const m = await createTestMerchant({ name: "Boutique Awa" });
    const res = await create(m, { title: "Robe wax — taille unique", description: "Livraison à Dakar", amount: 15000, collect: { name: "required", phone: "optional" } });
    expect(res.status).toBe(201);
    const link = res.json;
    expect(link.id).toMatch(/^plink_/);
    expect(link.slug).toMatch(/^robe-wax-taille-unique-[a-z0-9]{4}$/);
    expect(link.url).toBe(`${new URL(link.url).origin}/pay/${link.slug}`);
    expect(link.qrCode).toEqual({ png: `${link.url}/qr.png`, svg: `${link.url}/qr.svg` });
    expect(link).toMatchObject({
      status: "active",
      currency: "XOF",
      amount: 15000,
      minAmount: null,
      maxAmount: null,
      countries: ["SN"],
      methods: [],
      collect: { name: "required", phone: "optional", email: "off", customField: null },
      paymentsCount: 0,
      amountCollected: 0,
      imageUrl: null,
      deactivatedAt: null,
    });

    const read = await get(m, link.id);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(link);
  });

  it("creates a customer-chosen link over two countries with a custom field, metadata, a chosen slug and a picture", async () => {
    const m = await createTestMerchant();
    const image = pngImage(40, 20).toString("base64");
    const slug = `dons-${Date.now()}`;
    const res = await create(m, {
      title: "Don",
      minAmount: 500,
      maxAmount: 100000,
      countries: ["SN", "CI"],
      methods: ["orange", "wave"],
      slug,
      collect: { email: "optional", customField: { label: "Dédicace", required: true } },
      successMessage: "Merci !",
      metadata: { campaign: "ramadan" },
      image,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ slug, amount: null, minAmount: 500, maxAmount: 100000, countries: ["SN", "CI"], methods: ["orange", "wave"], successMessage: "Merci !", metadata: { campaign: "ramadan" } });
    expect(res.json.collect.customField).toEqual({ label: "Dédicace", required: true });
    const imagePath = new URL(res.json.imageUrl).pathname;
    expect(imagePath).toMatch(new RegExp(`^/pay/${slug}/image/[0-9a-f]{64}\\.png$`));
    const file = imagePath.split("/").pop()!;
    const served = await pay(imageRoute as PageRoute, slug, { path: `/image/${file}`, params: { file } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(served.bytes).equals(Buffer.from(image, "base64"))).toBe(true);
    expect((await pay(imageRoute as PageRoute, slug, { params: { file: `${"0".repeat(64)}.png` } })).status).toBe(404);
  });

  it("is idempotent: the same key replays the link, another body under it is 422", async () => {
    const m = await createTestMerchant();
    const key = { "X-Idempotency-Key": `pl-${Date.now()}` };
    const first = await create(m, { title: "Menu du jour", amount: 2500 }, key);
    const again = await create(m, { title: "Menu du jour", amount: 2500 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json.id).toBe(first.json.id);
    expect(await (await getPrisma()).paymentLink.count({ where: { merchantId: m.merchant.id } })).toBe(1);
    expect((await create(m, { title: "Menu du jour", amount: 3000 }, key)).status).toBe(422);
  });

  it.each([
    ["a fixed amount with bounds", { title: "x", amount: 1000, minAmount: 500 }, 400, "validation_error"],
    ["a message and a redirect", { title: "x", amount: 1000, successMessage: "ok", redirectUrl: "https://shop.example/ok" }, 400, "validation_error"],
    ["a fixed amount no method takes", { title: "x", amount: 99_000_000 }, 400, "invalid_amount"],
    ["decimals XOF does not have", { title: "x", amount: 100.5 }, 400, "invalid_amount"],
    ["bounds upside down", { title: "x", minAmount: 5000, maxAmount: 1000 }, 400, "invalid_amount"],
    ["a country we do not know", { title: "x", amount: 1000, countries: ["ZZ"] }, 400, "invalid_country"],
    ["a country with no checkout method", { title: "x", amount: 1000, countries: ["FR"] }, 400, "provider_unavailable"],
    ["a currency with no checkout method there", { title: "x", amount: 10, currency: "USD" }, 400, "provider_unavailable"],
    ["an unknown currency", { title: "x", amount: 10, currency: "ZZZ" }, 400, "invalid_currency"],
    ["a method that is not mobile money", { title: "x", amount: 1000, methods: ["bank_transfer"] }, 400, "validation_error"],
    ["an expiry in the past", { title: "x", amount: 1000, expiresAt: "2020-01-01T00:00:00Z" }, 400, "validation_error"],
    ["an SVG picture", { title: "x", amount: 1000, image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64") }, 400, "validation_error"],
    ["an unknown field", { title: "x", amount: 1000, colour: "red" }, 400, "validation_error"],
    ["a slug with capitals", { title: "x", amount: 1000, slug: "Mon-Lien" }, 400, "validation_error"],
  ])("refuses %s, writing nothing", async (_what, body, status, code) => {
    const m = await createTestMerchant();
    const res = await create(m, body);
    expect(res.status).toBe(status);
    expect(res.json.code).toBe(code);
    expect(res.json.statusCode).toBe(status);
    expect(await (await getPrisma()).paymentLink.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("refuses a slug another link has (422 slug_taken), even another merchant's", async () => {
    const [a, b] = [await createTestMerchant(), await createTestMerchant()];
    const slug = `unique-${Date.now()}`;
    expect((await create(a, { title: "A", amount: 1000, slug })).status).toBe(201);
    const taken = await create(b, { title: "B", amount: 1000, slug });
    expect(taken.status).toBe(422);
    expect(taken.json.code).toBe("slug_taken");
  });
});

describe("whole-unit methods (Kenya: M-Pesa and Airtel Money take whole shillings only)", () => {
  const WHOLE_RULE = /^must be a whole number of KES: every method of the link takes whole KES only, .*M-Pesa in KE.*\(wholeUnits\)$/;
  const kenyan = () => createTestMerchant({ country: "KE" });
  const kes = (body: Record<string, unknown>) => ({ title: "Chai", currency: "KES", countries: ["KE"], ...body });

  it.each([
    ["minAmount", { minAmount: 100.5, maxAmount: 5000 }, "minAmount 100.50 KES has cents", "use 101."],
    ["maxAmount", { minAmount: 100, maxAmount: 5000.25 }, "maxAmount 5000.25 KES has cents", "use 5000."],
    ["minAmount", { minAmount: 100.5, methods: ["mpesa"] }, "minAmount 100.50 KES has cents", "use 101."],
  ])("refuses a customer-chosen link whose %s has cents (400 invalid_amount naming the field and the rule), writing nothing", async (field, body, starts, ends) => {
    const m = await kenyan();
    const res = await create(m, kes(body));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "invalid_amount", details: [{ path: field, message: expect.stringMatching(WHOLE_RULE) }] });
    expect(res.json.message).toMatch(new RegExp(`^${starts}, but every payment method of this link takes whole KES only \\(.*M-Pesa \\(mpesa\\) in KE.*\\): ${ends.replace(".", "\\.")}$`));
    expect(await (await getPrisma()).paymentLink.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("takes whole bounds, and no bounds at all", async () => {
    const m = await kenyan();
    expect((await create(m, kes({ minAmount: 100, maxAmount: 5000 }))).status).toBe(201);
    expect((await create(m, kes({}))).status).toBe(201);
  });

  it("the dashboard's form puts the refusal on the bound's field and keeps what was typed", async () => {
    const { scope } = await signedUpMerchant();
    const result = await createDashboardPaymentLink(
      scope,
      { fields: { title: "Chai", currency: "KES", amountType: "open", minAmount: "100,50", maxAmount: "5 000" }, countries: ["KE"], methods: [], image: null, timeZone: "Africa/Nairobi" },
      "en",
    );
    expect(result).toMatchObject({ ok: false, code: "invalid_amount", fieldErrors: { minAmount: expect.stringContaining("takes whole KES only") }, values: { minAmount: "100,50" } });
    expect(await (await getPrisma()).paymentLink.count({ where: { merchantId: scope.merchantId } })).toBe(0);
  });

  it("the customer's page refuses a typed amount with cents before any payment exists, in the customer's language; a whole amount goes on", async () => {
    const m = await kenyan();
    const link = (await create(m, kes({ minAmount: 100, maxAmount: 5000 }))).json;
    // The page says it before the customer types: a numeric keypad and the rule under the bounds.
    const en = await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "en" } });
    expect(en.text).toContain('inputmode="numeric"');
    expect(en.text).toMatch(/<p id="amount-help" class="help">From [^<]+ to [^<]+\. Whole amounts only, no cents\.<\/p>/);
    expect((await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "fr" } })).text).toContain("Sans centimes.");
    const token = await formToken(link.slug);
    for (const [lang, amount, says] of [["en", "150.50", "Enter a whole amount, without cents"], ["fr", "150,50", "Indiquez un montant sans centimes"]]) {
      const res = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: token, amount }, { "accept-language": lang }));
      expect(res.status).toBe(400);
      expect(res.text).toContain('id="amount-error"');
      expect(res.text).toContain(says);
      expect(res.text).toContain(`value="${amount}"`);
    }
    expect(await linkPayments(link.id)).toHaveLength(0);
    expect((await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: token, amount: "150" }))).status).toBe(303);
    const [payment] = await linkPayments(link.id);
    expect(payment).toMatchObject({ amount: 15_000n, currency: "KES", country: "KE" });
  });

  describe("with one Kenyan method that takes cents (an operator's edit)", () => {
    beforeAll(() => setChannel({ provider: "airtel", country: "KE", currency: "KES", direction: "collect", wholeUnits: false }));
    afterAll(() => setChannel({ provider: "airtel", country: "KE", currency: "KES", direction: "collect", wholeUnits: true }));

    it("bounds with cents are accepted (Airtel can take them); a link limited to M-Pesa still refuses them", async () => {
      const m = await kenyan();
      const open = await create(m, kes({ minAmount: 100.5, maxAmount: 5000.25 }));
      expect(open.status).toBe(201);
      expect(open.json).toMatchObject({ minAmount: 100.5, maxAmount: 5000.25 });
      const mpesaOnly = await create(m, kes({ minAmount: 100.5, methods: ["mpesa"] }));
      expect(mpesaOnly.status).toBe(400);
      expect(mpesaOnly.json.details).toEqual([{ path: "minAmount", message: "must be a whole number of KES: every method of the link takes whole KES only, M-Pesa in KE (wholeUnits)" }]);
    });
  });
});

describe("GET /payment-links, deactivate, and another merchant's links", () => {
  it("lists newest first with the spec's pagination and a status filter; deactivating is final and harmless twice", async () => {
    const m = await createTestMerchant();
    const ids: string[] = [];
    for (const title of ["Un", "Deux", "Trois"]) ids.push((await create(m, { title, amount: 1000 })).json.id);
    const page = await call(listRoute, { path: "/payment-links?limit=2", headers: m.headers });
    expect(page.status).toBe(200);
    expect(page.json.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(page.json.data.map((l: { id: string }) => l.id)).toEqual([ids[2], ids[1]]);

    const off = await deactivate(m, ids[0]);
    expect(off.status).toBe(200);
    expect(off.json.status).toBe("deactivated");
    const twice = await deactivate(m, ids[0]);
    expect(twice.json.deactivatedAt).toBe(off.json.deactivatedAt);
    const deactivated = await call(listRoute, { path: "/payment-links?status=deactivated", headers: m.headers });
    expect(deactivated.json.data.map((l: { id: string }) => l.id)).toEqual([ids[0]]);
    const active = await call(listRoute, { path: "/payment-links?status=active", headers: m.headers });
    expect(active.json.meta.total).toBe(2);
  });

  it("answers 404 for another merchant's link, reading or deactivating, and changes nothing", async () => {
    const [a, b] = [await createTestMerchant(), await createTestMerchant()];
    const link = (await create(a, { title: "Privé", amount: 1000 })).json;
    expect((await get(b, link.id)).status).toBe(404);
    const res = await deactivate(b, link.id);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain("Privé");
    expect((await get(a, link.id)).json.status).toBe("active");
    expect((await call(listRoute, { path: "/payment-links", headers: b.headers })).json.meta.total).toBe(0);
  });

  it("refuses missing credentials with 401", async () => {
    const res = await call(listRoute, { path: "/payment-links" });
    expect(res.status).toBe(401);
  });
});

describe("/pay/<slug>: the customer's side", () => {
  it("renders the first step: branded, Open Graph tags, a form token, no script, in the customer's language", async () => {
    const m = await createTestMerchant({ name: "Boutique <Awa>" });
    const link = (await create(m, { title: "Robe <wax>", description: "Taille unique", amount: 15000, collect: { name: "required" }, image: pngImage(30, 30).toString("base64") })).json;
    const page = await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain("Robe &lt;wax&gt;");
    expect(page.text).toContain("<strong>Boutique &lt;Awa&gt;</strong>");
    expect(page.text).toContain('<meta property="og:title" content="Robe &lt;wax&gt;">');
    expect(page.text).toContain('<meta property="og:description" content="Taille unique">');
    expect(page.text).toMatch(new RegExp(`<meta property="og:image" content="[^"]+/pay/${link.slug}/image/[0-9a-f]{64}\\.png">`));
    expect(page.text).toContain("15\u202F000\u00A0FCFA");
    expect(page.text).toMatch(/name="formToken" value="[A-Za-z0-9_-]{24}"/);
    expect(page.text).not.toContain("<script");
    expect(Buffer.byteLength(page.text)).toBeLessThan(30 * 1024);
    const en = await pay(pageRoute as PageRoute, link.slug, { path: "?lang=en" });
    expect(en.text).toContain('<html lang="en">');
    expect(en.headers.get("set-cookie")).toContain("Path=/checkout");
  });

  it("creates one checkout payment per submission, carrying the link everywhere, and counts it once paid", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Don", minAmount: 500, maxAmount: 100000, collect: { name: "required", phone: "optional", customField: { label: "Dédicace", required: false } }, metadata: { campaign: "c1" } })).json;
    const token = await formToken(link.slug);
    const fields = { formToken: token, amount: "2 500", name: "Awa Diop", phone: "77 000 00 12", custom: "Pour maman" };
    const first = await pay(submitRoute as PageRoute, link.slug, formPost(fields));
    expect(first.status).toBe(303);
    // A double tap, then a refresh of the POST: the same submission, the same payment.
    const second = await pay(submitRoute as PageRoute, link.slug, formPost(fields));
    const third = await pay(submitRoute as PageRoute, link.slug, formPost(fields));
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(third.headers.get("location")).toBe(first.headers.get("location"));
    const payments = await linkPayments(link.id);
    expect(payments).toHaveLength(1);
    const payment = payments[0];
    expect(payment).toMatchObject({ type: "checkout", status: "pending", amount: 2500n, currency: "XOF", country: "SN", customerName: "Awa Diop", customerPhone: "+221770000012", description: "Don" });
    expect(payment.metadata).toEqual({ campaign: "c1", customField: "Pour maman" });
    expect(payment.externalReference).toMatch(new RegExp(`^pl-${link.slug}-[0-9a-f]{20}$`));
    expect(payment.externalReference).not.toContain(token);

    // Step 2: the hosted checkout, with the contact number already in the field.
    const checkout = checkoutToken(first.headers.get("location"));
    const checkoutPage = await checkoutRoute(new Request(`${ORIGIN}/checkout/${checkout}`, { headers: { "accept-language": "en" } }), { params: Promise.resolve({ token: checkout }) });
    expect(await checkoutPage.text()).toContain('value="770000012"');
    const submitted = await checkoutPayRoute(
      new Request(`${ORIGIN}/checkout/${checkout}/pay`, { ...formPost({ provider: "orange", phone: "770000012" }), headers: { ...formPost({}).headers, host: "localhost:3000" } }),
      { params: Promise.resolve({ token: checkout }) },
    );
    expect(submitted.status).toBe(303);
    expect((await driveToFinal(payment.id)).status).toBe("success");

    const status = await call(statusRoute, { path: `/payments/status/${payment.id}`, headers: m.headers, params: { transactionId: payment.id } });
    expect(status.json.paymentLinkId).toBe(link.id);
    const list = await call(transactionsRoute, { path: `/payments/transactions?paymentLinkId=${link.id}`, headers: m.headers });
    expect(list.json.data.map((t: { transactionId: string; paymentLinkId: string }) => [t.transactionId, t.paymentLinkId])).toEqual([[payment.id, link.id]]);
    const events = await (await getPrisma()).webhookEvent.findMany({ where: { merchantId: m.merchant.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.type)).toContain("payment.success");
    for (const e of events) expect((e.payload as { data: { paymentLinkId: string } }).data.paymentLinkId).toBe(link.id);

    const totals = (await get(m, link.id)).json;
    expect(totals).toMatchObject({ paymentsCount: 1, amountCollected: 2500, status: "active" });
  });

  it("refuses amounts outside the bounds and missing details before anything is written, and keeps what was typed", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Don", minAmount: 500, maxAmount: 10000, collect: { email: "required" } })).json;
    const page = await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "en" } });
    expect(page.text).toContain('inputmode="decimal"');
    expect(page.text).not.toContain("no cents"); // XOF has none to speak of
    const token = await formToken(link.slug);
    for (const amount of ["100", "20000", "12,5", "abc"]) {
      const res = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: token, amount, email: "awa@example.sn" }));
      expect(res.status).toBe(400);
      expect(res.text).toContain('id="amount-error"');
      expect(res.text).toContain(`value="${amount}"`);
    }
    const missing = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: token, amount: "1000", email: "not-an-email" }));
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Enter a valid e-mail address");
    expect(missing.text).toContain('aria-invalid="true"');
    const forged = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: "x", amount: "1000", email: "awa@example.sn" }));
    expect(forged.status).toBe(400);
    expect(await linkPayments(link.id)).toHaveLength(0);
  });

  it("holds maxPayments: a place held by a payment in progress refuses the next customer; a paid cap closes the link", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Dernière place", amount: 1000, maxPayments: 1 })).json;
    const first = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: await formToken(link.slug) }));
    expect(first.status).toBe(303);
    const second = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: await formToken(link.slug) }));
    expect(second.status).toBe(409);
    expect(second.text).toContain('data-reason="full"');
    const [payment] = await linkPayments(link.id);
    await (await getPrisma()).payment.update({ where: { id: payment.id }, data: { status: "success", completedAt: new Date() } });
    const page = await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "en" } });
    expect(page.status).toBe(410);
    expect(page.text).toContain("This link takes no more payments");
    expect((await get(m, link.id)).json.status).toBe("completed");
    expect(await linkPayments(link.id)).toHaveLength(1);
  });

  it("under concurrency: ten customers racing for the last place get one payment; ten taps of one form get one payment", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Course", amount: 1000, maxPayments: 1 })).json;
    const tokens = await Promise.all(Array.from({ length: 10 }, () => formToken(link.slug)));
    const racing = await Promise.all(tokens.map((t) => pay(submitRoute as PageRoute, link.slug, formPost({ formToken: t }))));
    expect(racing.map((r) => r.status).sort()).toEqual([303, ...Array(9).fill(409)]);
    expect(await linkPayments(link.id)).toHaveLength(1);

    const open = (await create(m, { title: "Tap", amount: 1000 })).json;
    const token = await formToken(open.slug);
    const taps = await Promise.all(Array.from({ length: 10 }, () => pay(submitRoute as PageRoute, open.slug, formPost({ formToken: token }))));
    expect(new Set(taps.map((r) => `${r.status} ${r.headers.get("location")}`)).size).toBe(1);
    expect(await linkPayments(open.id)).toHaveLength(1);
  });

  it("says clearly that a deactivated or expired link takes no payment, and writes none", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Soldes", amount: 1000 })).json;
    const token = await formToken(link.slug);
    await deactivate(m, link.id);
    const page = await pay(pageRoute as PageRoute, link.slug, { headers: { "accept-language": "en" } });
    expect(page.status).toBe(410);
    expect(page.text).toContain("This payment link is no longer active");
    expect(page.text).not.toContain("<form");
    expect((await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: token }))).status).toBe(410);

    const soon = (await create(m, { title: "Flash", amount: 1000, expiresAt: new Date(Date.now() + 60_000).toISOString() })).json;
    await (await getPrisma()).paymentLink.update({ where: { id: soon.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await pay(pageRoute as PageRoute, soon.slug, { headers: { "accept-language": "fr" } });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("Ce lien de paiement a expiré");
    expect(await linkPayments(link.id)).toHaveLength(0);
    expect(await linkPayments(soon.id)).toHaveLength(0);
  });

  it("offers only the link's methods on the checkout, and refuses another one", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Orange seulement", amount: 1000, methods: ["orange"] })).json;
    const res = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: await formToken(link.slug) }));
    const token = checkoutToken(res.headers.get("location"));
    const page = await (await checkoutRoute(new Request(`${ORIGIN}/checkout/${token}`), { params: Promise.resolve({ token }) })).text();
    expect(page).toContain('value="orange"');
    expect(page).not.toContain('value="wave"');
    const wave = await checkoutPayRoute(new Request(`${ORIGIN}/checkout/${token}/pay`, { ...formPost({ provider: "wave", phone: "770000012" }), headers: { ...formPost({}).headers, host: "localhost:3000" } }), {
      params: Promise.resolve({ token }),
    });
    expect(wave.headers.get("location")).toContain("error=method_unavailable");
  });

  it("refuses a cross-site post, an unknown slug, and rate limits one client", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "Limité", amount: 1000 })).json;
    const cross = await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: await formToken(link.slug) }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" }));
    expect(cross.status).toBe(403);
    expect((await pay(pageRoute as PageRoute, "no-such-link")).status).toBe(404);
    expect((await pay(pageRoute as PageRoute, "../../etc")).status).toBe(404);

    process.env.PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE = "2";
    try {
      const ip = { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` };
      const statuses = [];
      await awayFromWindowEdge();
      for (let i = 0; i < 3; i++) statuses.push((await pay(submitRoute as PageRoute, link.slug, formPost({ formToken: await formToken(link.slug) }, ip))).status);
      expect(statuses).toEqual([303, 303, 429]);
    } finally {
      process.env.PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE = MANY;
    }
    expect(cross.text).not.toContain(link.id);
  });

  it("serves the link's QR code as SVG and PNG, and as a download", async () => {
    const m = await createTestMerchant();
    const link = (await create(m, { title: "QR", amount: 1000 })).json;
    const svg = await pay(qrSvgRoute as PageRoute, link.slug, { path: "/qr.svg" });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(svg.text).toContain("<svg");
    const png = await pay(qrPngRoute as PageRoute, link.slug, { path: "/qr.png?download=1" });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Array.from(png.bytes.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(png.headers.get("content-disposition")).toBe(`attachment; filename="${link.slug}.png"`);
    expect((await pay(qrSvgRoute as PageRoute, "nope-nope")).status).toBe(404);
  });
});
