import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { GUIDES } from "../../app/docs/guides";
import { ERROR_CODES } from "../../lib/errors";
import { collectCspViolations } from "./helpers/csp";
import { signUp } from "./helpers/dashboard";

/**
 * /docs in Chromium: the reference lists every endpoint with the examples the OpenAPI document
 * carries, every guide is in the nav and reachable (also at 375 px and without JavaScript), the
 * copy buttons copy, and the quickstart's curl commands, parsed from the page, work against the
 * server: a payment made by them succeeds and its webhooks verify with the official
 * `standardwebhooks` library, as the Node snippet does.
 */

test("the API reference lists every endpoint and links to the OpenAPI document", async ({ page, request }) => {
  const violations = collectCspViolations(page);
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payments API");
  await page.getByRole("main").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/reference$/);
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(methods)) {
      await expect(page.locator("section h2", { hasText: path }).filter({ hasText: method.toUpperCase() }).first()).toBeVisible();
    }
  }
  await page.getByRole("link", { name: "openapi.json", exact: true }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
  expect(violations).toEqual([]);
});

test("each operation shows the request and response examples of the OpenAPI document", async ({ page, request }) => {
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  await page.goto("/docs/reference");
  // Every example block of the page, by id, parsed back.
  const blocks: Record<string, string> = await page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll("main pre[id]")].map((pre) => [pre.id, pre.textContent ?? ""])),
  );
  let requests = 0;
  let responses = 0;
  for (const methods of Object.values(doc.paths as Record<string, Record<string, any>>)) {
    for (const op of Object.values(methods)) {
      const requestExample = op.requestBody?.content?.["application/json"]?.example;
      if (requestExample !== undefined) {
        expect(JSON.parse(blocks[`${op.operationId}-request-example`]), op.operationId).toEqual(requestExample);
        requests++;
      }
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        const example = response.content?.["application/json"]?.example;
        if (example === undefined) continue;
        expect(JSON.parse(blocks[`${op.operationId}-${status}-example`]), `${op.operationId} ${status}`).toEqual(example);
        responses++;
      }
    }
  }
  expect(requests).toBeGreaterThan(5);
  expect(responses).toBeGreaterThan(30);
  // Success examples are open on the page; error examples fold under their operation.
  const initiate = page.locator("section#initiatePayment");
  await expect(initiate.getByTestId("request-example")).toBeVisible();
  await expect(initiate.getByTestId("response-example")).toBeVisible();
  await expect(initiate.locator("#initiatePayment-401-example")).toBeHidden();
  await initiate.getByText(/^Error examples/).click();
  await expect(initiate.locator("#initiatePayment-401-example")).toContainText('"code": "unauthenticated"');
});

test("every guide is its own page, in the nav, with a few facts drawn from the code; an old /docs#guide link still lands", async ({ page }) => {
  const violations = collectCspViolations(page);
  await page.goto("/docs");
  const nav = page.getByRole("navigation", { name: "Documentation" }).getByRole("list", { name: "Guides" });
  // A few facts each guide must carry, from the code.
  const facts: Record<string, (section: ReturnType<Page["locator"]>) => Promise<void>> = {
    idempotency: (s) => expect(s).toContainText("Idempotent-Replayed: true"),
    errors: (s) => expect(s.getByTestId("error-codes").locator("tbody tr")).toHaveCount(ERROR_CODES.length),
    lifecycles: (s) => expect(s.getByTestId("lifecycle-payment-table")).toContainText("Late success"),
    webhooks: (s) => expect(s.getByTestId("webhook-retries")).toContainText("5 s, then 5 min, then 30 min, then 2 h"),
    sandbox: (s) => expect(s.getByTestId("sandbox-numbers")).toContainText("user_cancelled"),
    quotes: (s) => expect(s.getByTestId("quote-floating-top-up-response")).toContainText('"sourceAmount": 15.4'),
    "rate-limits": (s) => expect(s.getByTestId("rate-limits")).toContainText("1000 requests per minute"),
  };
  for (const guide of GUIDES) {
    const link = nav.getByRole("link", { name: guide.title, exact: true });
    await expect(link).toHaveAttribute("href", `/docs/${guide.id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/docs/${guide.id}$`));
    const heading = page.locator(`section#${guide.id} > h2`);
    await expect(heading).toHaveText(guide.title);
    await expect(heading).toBeInViewport();
    await expect(nav.getByRole("link", { name: guide.title, exact: true })).toHaveAttribute("aria-current", "page");
    await facts[guide.id]?.(page.locator(`section#${guide.id}`));
  }
  await page.goto("/docs#webhooks");
  await expect(page).toHaveURL(/\/docs\/webhooks$/);
  await page.goto("/docs#initiatePayment");
  await expect(page).toHaveURL(/\/docs\/reference#initiatePayment$/);
  expect(violations).toEqual([]);
});

test("at 375 px the nav fits, scrolls in its own box and still leads to every guide", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/docs");
  const navBox = page.getByRole("navigation", { name: "Documentation" });
  const nav = navBox.getByRole("list", { name: "Guides" });
  const box = (await navBox.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(375);
  expect(box.height).toBeLessThanOrEqual(800 * 0.5);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  for (const guide of [GUIDES[0], GUIDES.find((g) => g.id === "webhooks")!, GUIDES.at(-1)!]) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav.getByRole("link", { name: guide.title, exact: true }).click();
    await expect(page.locator(`section#${guide.id} > h2`)).toBeInViewport();
  }
});

test("a copy button copies its example; without JavaScript there is none and the example stays", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs/quickstart");
  const block = page.locator("#quickstart-initiate").locator("..");
  const button = block.getByRole("button", { name: "Copy this example" });
  await button.click();
  await expect(button).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.locator("#quickstart-initiate").textContent());
  expect(copied).toContain('curl -s -X POST "$BASE_URL/payments/initiate"');

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto("/docs/quickstart");
  await expect(plain.locator("#quickstart-initiate")).toBeVisible();
  await expect(plain.getByRole("button", { name: "Copy this example" })).toHaveCount(0);
  await plain.getByRole("navigation", { name: "Documentation" }).getByRole("list", { name: "Guides" }).getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(plain.locator("section#webhooks > h2")).toBeInViewport();
  await noJs.close();
});

// ── The quickstart, run ─────────────────────────────────────────────────────────────────────

/** Shell words of one command: backslash-newline joins lines; '…' is literal; "…" and bare words expand $VAR. */
function shellWords(command: string, vars: Record<string, string>): string[] {
  const expand = (s: string) => s.replace(/\$([A-Z_]+)/g, (_, name: string) => vars[name] ?? `$${name}`);
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  const text = command.replace(/\\\n/g, " ");
  let word = "";
  let last = -1;
  for (const m of text.matchAll(re)) {
    const piece = m[1] !== undefined ? m[1] : expand(m[2] ?? m[3]);
    if (last === m.index) word += piece; // adjacent quoted parts make one word
    else {
      if (last !== -1) words.push(word);
      word = piece;
    }
    last = m.index + m[0].length;
  }
  if (last !== -1) words.push(word);
  return words;
}

/** The request a `curl` line makes: -X, -H, -d and the URL (-s only quiets curl). */
function parseCurl(block: string, vars: Record<string, string>) {
  const command = block.slice(block.indexOf("curl "));
  const words = shellWords(command, vars);
  expect(words[0]).toBe("curl");
  const out = { method: "GET", url: "", headers: {} as Record<string, string>, body: undefined as string | undefined };
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === "-s") continue;
    else if (w === "-X") out.method = words[++i];
    else if (w === "-H") {
      const [name, ...value] = words[++i].split(":");
      out.headers[name.trim()] = value.join(":").trim();
    } else if (w === "-d") out.body = words[++i];
    else if (w.startsWith("-")) throw new Error(`curl option the test does not know: ${w}`);
    else out.url = w;
  }
  return out;
}

/** `export NAME=value` lines of a block. */
const exportsOf = (block: string) => Object.fromEntries([...block.matchAll(/^export ([A-Z_]+)=(\S+)/gm)].map((m) => [m[1], m[2].replace(/^'|'$/g, "")]));

type Received = { headers: IncomingHttpHeaders; body: string };
function webhookReceiver() {
  const received: Received[] = [];
  let server: Server;
  let url = "";
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: () => url };
}
const receiver = webhookReceiver();

async function revealWebhookSecret(page: Page): Promise<string> {
  await page.goto("/dashboard/webhooks");
  await page.getByRole("button", { name: "Reveal secret" }).click();
  return (await page.getByTestId("webhook-secret").textContent())!.trim();
}

test("the quickstart's curl commands work: the payment succeeds and its webhooks verify", async ({ page, request, baseURL }) => {
  // Step 1: keys as the quickstart says, from the sign-up's confirmation page; the webhook secret from the dashboard.
  const account = await signUp(page, "Quickstart Shop");
  const secret = await revealWebhookSecret(page);
  expect(secret).toMatch(/^whsec_/);

  await page.goto("/docs/quickstart");
  const text = async (id: string) => (await page.locator(`#${id}`).textContent())!;
  const env = exportsOf(await text("quickstart-env"));
  expect(env.BASE_URL).toBe(`${baseURL}/api/v1`);
  const vars: Record<string, string> = { BASE_URL: env.BASE_URL, API_KEY: account.key };

  // Step 2: the payment, exactly as written, with our receiver as the callbackUrl.
  const initiate = parseCurl(await text("quickstart-initiate"), vars);
  expect(initiate.method).toBe("POST");
  expect(Object.keys(initiate.headers)).toEqual(["X-API-Key", "Content-Type", "Idempotency-Key"]);
  const body = { ...JSON.parse(initiate.body!), callbackUrl: receiver.url() };
  const send = () => request.fetch(initiate.url, { method: initiate.method, headers: initiate.headers, data: JSON.stringify(body) });
  const created = await send();
  expect(created.status(), await created.text()).toBe(201);
  const { data } = await created.json();
  expect(data).toMatchObject({ status: "pending", externalReference: body.externalReference });
  expect(data.transactionId).toMatch(/^txn_/);
  // As the quickstart promises: the same request again is the same answer, and nothing new.
  const again = await send();
  expect(again.status()).toBe(201);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect((await again.json()).data.transactionId).toBe(data.transactionId);

  // Step 3: its status, by the documented command, until the simulator has answered.
  const status = parseCurl(await text("quickstart-status"), { ...vars, TRANSACTION_ID: data.transactionId });
  expect(status.method).toBe("GET");
  await expect(async () => {
    const res = await request.fetch(status.url, { method: status.method, headers: status.headers });
    expect(res.status()).toBe(200);
    expect((await res.json()).status).toBe("success");
  }).toPass({ timeout: 30_000 });

  // Step 4: the webhooks, verified with the official library as the Node snippet does.
  const wh = new Webhook(secret);
  await expect(async () => {
    const types = receiver.received.map((r) => (wh.verify(r.body, r.headers as Record<string, string>) as { type: string }).type);
    expect(types).toEqual(expect.arrayContaining(["payment.pending", "payment.processing", "payment.success"]));
  }).toPass({ timeout: 30_000 });
  const success = receiver.received.find((r) => JSON.parse(r.body).type === "payment.success")!;
  expect(success.headers["webhook-id"]).toBe(JSON.parse(success.body).id);
  expect(JSON.parse(success.body).data).toMatchObject({ transactionId: data.transactionId, status: "success" });
  // A body changed in transit no longer verifies.
  expect(() => wh.verify(success.body.replace('"success"', '"failed"'), success.headers as Record<string, string>)).toThrow();
});

test("the home page shows the environment", async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto("/");
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByText("SANDBOX")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the reference explains configuring a connector, for every registered operator", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("navigation", { name: "Documentation" }).getByRole("link", { name: "Connectors (operators)" }).click();
  const guide = page.locator("section#connectors");
  await expect(guide.getByRole("heading", { name: "Connectors (operators)" })).toBeVisible();
  await expect(guide).toContainText("npm run ops -- connector:add");
  await expect(guide).toContainText("/api/v1/connectors/<accountId>/callback");
  await expect(guide.locator("li", { hasText: "mtn-momo" })).toContainText("<PREFIX>_COLLECTION_SUBSCRIPTION_KEY");
  await expect(guide.locator("li", { hasText: "pawapay" })).toContainText("<PREFIX>_API_TOKEN");
  await expect(guide.locator("li", { hasText: "pawapay" })).toContainText("signed and verified");
});

test("every link within /docs lands on something: a page that answers, a fragment that is on it", async ({ page }) => {
  const pages = ["/docs", "/docs/reference", ...GUIDES.map((g) => `/docs/${g.id}`)];
  const ids: Record<string, string[]> = {};
  const links = new Set<string>();
  for (const path of pages) {
    expect((await page.goto(path))!.status(), path).toBe(200);
    const found = await page.evaluate(() => ({
      ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
      links: [...document.querySelectorAll<HTMLAnchorElement>("main a[href^='#'], main a[href^='/docs'], nav a[href^='/docs']")].map((a) => a.getAttribute("href")!),
    }));
    ids[path] = found.ids;
    for (const href of found.links) links.add(href.startsWith("#") ? `${path}${href}` : href);
  }
  const missing = [...links].filter((href) => {
    const [path, fragment] = href.split("#");
    return !ids[path] || (fragment !== undefined && !ids[path].includes(fragment));
  });
  expect(missing).toEqual([]);
});
