import { expect, test, type APIRequestContext } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";
import { nav, unique } from "./helpers/dashboard";
import { logIn } from "./helpers/log-in";

/**
 * The API request log: an integrator calls the API with the demo merchant's sandbox
 * key, then finds the call in the dashboard's log by its request id, filtered, opens it, and sees
 * the bodies with the customer's phone masked. Then the same at 375 px, in French, with
 * JavaScript off (the filters are a plain GET form).
 */
const API_KEY = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;
const PHONE = "+221770000012";

async function callApi(request: APIRequestContext, requestId: string, body: Record<string, unknown>, extra: Record<string, string> = {}) {
  return request.post(`${BASE}/api/v1/payments/initiate`, { headers: { "X-API-Key": API_KEY, "X-Request-Id": requestId, ...extra }, data: body });
}

test("an API call with the demo key is in the dashboard's request log, found by filters, its bodies masked", async ({ page, request }) => {
  const run = unique();
  const idem = `idem-${run}`;
  const created = await callApi(
    request,
    `req-e2e-${run}`,
    { type: "direct", amount: 5000, currency: "XOF", externalReference: `rl-${run}`, provider: "orange", country: "SN", customerPhone: PHONE, customerName: "Awa Diop" },
    { "Idempotency-Key": idem },
  );
  expect(created.status(), await created.text()).toBe(201);
  expect(created.headers()["x-request-id"]).toBe(`req-e2e-${run}`);
  const refused = await callApi(request, `req-e2e-bad-${run}`, { type: "direct", amount: 5000 });
  expect(refused.status()).toBe(400);

  const violations = collectCspViolations(page);
  await logIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await nav(page).getByRole("link", { name: "API requests" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API requests" })).toBeVisible();

  // By request id: the one call (written within a second of its response: reload until it is).
  // The filters sit behind "Filter" (open again once a filter is set).
  await page.getByTestId("filter-toggle").click();
  const filters = page.getByTestId("request-log-filters");
  await filters.getByLabel("Request ID").fill(`req-e2e-${run}`);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`requestId=req-e2e-${run}`));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("request-log-row")).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const row = page.getByTestId("request-log-row");
  await expect(row).toContainText("POST");
  await expect(row).toContainText("/api/v1/payments/initiate");
  await expect(row.getByTestId("http-status")).toHaveText("201");

  // By status class and path prefix: the refused call, not the created one.
  await filters.getByLabel("Request ID").fill("");
  await filters.getByLabel("Status").selectOption("4xx");
  await filters.getByLabel("Method").selectOption("POST");
  await filters.getByLabel("Path starts with").fill("/payments/init");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  await expect(page.getByTestId("request-log-row").filter({ hasText: `req-e2e-bad-${run}` })).toContainText("validation_error");
  await expect(page.getByTestId("request-log-row").filter({ hasText: `req-e2e-${run}` })).toHaveCount(0);

  // The detail of the created call: what was sent and answered, the phone and name masked.
  await page.goto(`/dashboard/requests?requestId=req-e2e-${run}`);
  await page.getByTestId("request-log-row").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: /API request/ })).toBeVisible();
  await expect(page.getByTestId("request-id")).toHaveText(`req-e2e-${run}`);
  await expect(page.getByTestId("request-facts")).toContainText(idem);
  await expect(page.getByTestId("request-body")).toContainText(`"externalReference": "rl-${run}"`);
  await expect(page.getByTestId("request-body")).toContainText('"customerPhone": "+221•••••••12"');
  await expect(page.getByTestId("response-body")).toContainText('"status": "pending"');
  await expect(page.locator("main")).not.toContainText("770000012");
  await expect(page.locator("main")).not.toContainText("Awa Diop");
  expect(violations).toEqual([]);
});

test.describe("at 375 px, in French, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });

  test("the log's filters are a plain GET form and the pages fit the screen", async ({ page, request }) => {
    const run = unique();
    const created = await callApi(request, `req-fr-${run}`, { type: "checkout", amount: 5000, currency: "XOF", externalReference: `rl-fr-${run}` });
    expect(created.status()).toBe(201);

    await logIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Vue d’ensemble" })).toBeVisible();
    await page.goto("/dashboard/requests");
    await expect(page.getByRole("heading", { level: 1, name: "Requêtes API" })).toBeVisible();
    // Behind "Filtrer" on a phone: a native disclosure, which opens without JavaScript.
    await page.getByTestId("filter-toggle").click();
    const filters = page.getByTestId("request-log-filters");
    await filters.getByLabel("ID de requête").fill(`req-fr-${run}`);
    await filters.getByLabel("Statut").selectOption("2xx");
    await filters.getByRole("button", { name: "Filtrer" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]requestId=req-fr-${run}`));
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("request-log-row")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId("request-log-row").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: /Requête API/ })).toBeVisible();
    await expect(page.getByText("Corps de la réponse")).toBeVisible();
    await expect(page.getByTestId("response-body")).toContainText('"redirectUrl"');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
