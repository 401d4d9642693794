import { expect, test, type Page, type Request } from "@playwright/test";
import { alert, askToSignUp, confirmSignUpLink, signUpLink, unique } from "./helpers/dashboard";

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

test("sign up without JavaScript: check your e-mail, the link's button shows the keys once and signs the new account in", async ({ page }) => {
  const requests = recordRequests(page);
  const email = `nojs-${unique()}@test.local`;
  await page.goto("/signup");
  await page.getByLabel("Business name").fill("Boutique Sans JS");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password2024");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common or too easy to guess.").first()).toBeVisible(); // in the summary and at the field

  await askToSignUp(page, { name: "Boutique Sans JS", email, password: "baobab under the rain" });
  await confirmSignUpLink(page, email);
  await expect(page.getByTestId("secret-key")).toHaveText(/^sk_test_/);
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  for (const r of requests) expect(r.url()).not.toContain("baobab");
});

test("sign-up answers the same page for a taken address and a new one", async ({ page }) => {
  const answer = async (email: string) => {
    await askToSignUp(page, { name: "Someone Else", email, password: "an attacker's long guess" });
    return (await page.getByRole("main").innerHTML()).replaceAll(email, "EMAIL");
  };
  const taken = await answer("demo@sandbox.local");
  const fresh = await answer(`fresh-${unique()}@test.local`);
  expect(taken).toBe(fresh);
  await expect(page.getByText(/already exists|already has/i)).toHaveCount(0);
});

test("a used, forged or missing sign-up link gets a page saying so, and creates nothing", async ({ page }) => {
  const email = `link-${unique()}@test.local`;
  await askToSignUp(page, { name: "Boutique Lien", email, password: "baobab under the rain" });
  const link = await signUpLink(email);
  const forged = link.slice(0, -4) + (link.endsWith("AAAA") ? "BBBB" : "AAAA");
  for (const url of [forged, "/signup/confirm", "/signup/confirm?token=%00", link.replace("token=", "token=x")]) {
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    await expect(alert(page, "This link is not valid.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm and open my dashboard" })).toHaveCount(0);
  }
  await confirmSignUpLink(page, email);
  await page.goto(link);
  await expect(alert(page, "This link has already been used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" }).last()).toHaveAttribute("href", "/login");
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
