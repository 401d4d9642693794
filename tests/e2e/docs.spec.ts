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

test("the home page shows the environment", async ({ page }) => {
  const violations = collectCspViolations(page);
  const response = await page.goto("/");
  expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByText("SANDBOX")).toBeVisible();
  expect(violations).toEqual([]);
});
