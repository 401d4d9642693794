import { expect, test, type Page, type Request } from "@playwright/test";
import { alert, unique } from "./helpers/dashboard";

/**
 * Login, sign-up and logout with JavaScript disabled: plain form posts (never a GET carrying the
 * password), the session cookie set by the server, and no redirect off-site after login.
 */
test.use({ javaScriptEnabled: false });

/** Every request the page makes, to check no password ever lands in a URL. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  return requests;
}

test("log in and out without JavaScript; the password is posted, never in a URL", async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sandbox.local");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(alert(page, "Wrong email or password.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("demo@sandbox.local");

  await page.getByLabel("Password").fill("demo-password-e2e");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  const posts = requests.filter((r) => r.method() === "POST");
  expect(posts.length).toBeGreaterThanOrEqual(2);
  for (const r of requests) {
    expect(r.url()).not.toContain("password");
    expect(r.url()).not.toContain("demo-password-e2e");
  }

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("sign up without JavaScript: the keys are shown once and the new account is signed in", async ({ page }) => {
  const requests = recordRequests(page);
  const email = `nojs-${unique()}@test.local`;
  await page.goto("/signup");
  await page.getByLabel("Business name").fill("Boutique Sans JS");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password2024");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common or too easy to guess.")).toBeVisible();

  await page.getByLabel("Business name").fill("Boutique Sans JS");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("baobab under the rain");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your sandbox API keys" })).toBeVisible();
  await expect(page.getByTestId("secret-key")).toHaveText(/^sk_test_/);
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  for (const r of requests) expect(r.url()).not.toContain("baobab");
});

test("signing up again with a taken address says only to check the e-mail", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Business name").fill("Someone Else");
  await page.getByLabel("Email").fill("demo@sandbox.local");
  await page.getByLabel("Password").fill("an attacker's long guess");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByText(/already exists|already has/i)).toHaveCount(0);
});

for (const callbackUrl of ["/\\evil.example", "/%09/evil.example", "//evil.example", "https://evil.example/"]) {
  test(`after login, callbackUrl ${JSON.stringify(callbackUrl)} stays on this site`, async ({ page }) => {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    await page.getByLabel("Email").fill("demo@sandbox.local");
    await page.getByLabel("Password").fill("demo-password-e2e");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    await page.getByRole("button", { name: "Log out" }).click();
  });
}

test("a same-site callbackUrl is honoured after login", async ({ page }) => {
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard/balances")}`);
  await page.getByLabel("Email").fill("demo@sandbox.local");
  await page.getByLabel("Password").fill("demo-password-e2e");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
});
