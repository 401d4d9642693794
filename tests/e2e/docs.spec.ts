import { expect, test } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";

test("the API reference lists every endpoint and links to the OpenAPI document", async ({ page, request }) => {
  const violations = collectCspViolations(page);
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payments API");
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(methods)) {
      await expect(page.locator("section h2", { hasText: path }).filter({ hasText: method.toUpperCase() }).first()).toBeVisible();
    }
  }
  await page.getByRole("link", { name: "openapi.json", exact: true }).click();
  await expect(page).toHaveURL(/openapi\.json$/);
  expect(violations).toEqual([]);
});

test("the reference explains configuring a connector, for every registered operator", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "Connectors (operators)" }).click();
  const guide = page.locator("section#connectors");
  await expect(guide.getByRole("heading", { name: "Connectors (operators)" })).toBeVisible();
  await expect(guide).toContainText("npm run ops -- connector:add");
  await expect(guide).toContainText("/api/v1/connectors/<accountId>/callback");
  await expect(guide.locator("li", { hasText: "mtn-momo" })).toContainText("<PREFIX>_COLLECTION_SUBSCRIPTION_KEY");
  await expect(guide.locator("li", { hasText: "pawapay" })).toContainText("<PREFIX>_API_TOKEN");
  await expect(guide.locator("li", { hasText: "pawapay" })).toContainText("signed and verified");
});

test("the home page shows the environment", async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto("/");
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByText("SANDBOX")).toBeVisible();
  expect(violations).toEqual([]);
});
