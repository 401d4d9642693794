import type { Page } from "@playwright/test";

/**
 * Signing in through the login form, for every browser spec and `npm run screenshots`
 * (scripts/screenshots.ts): no test fixture here, only a Page, so the script can use it outside
 * the test runner.
 */

/** The demo merchant of scripts/e2e-server.mjs: fixed sandbox keys and password. */
export const DEMO = {
  email: "demo@sandbox.local",
  password: "demo-password-e2e",
  key: "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2",
};

type Who = { email: string; password: string };

/**
 * Opens /login, fills the e-mail and password (as the demo merchant's owner unless `who` is
 * given) and sends the form with its button, in English or French as the page is. The page then
 * goes where the sign-in leads: the dashboard, or the second step when two-factor is on.
 */
export async function logIn(page: Page, who: Who = DEMO) {
  await page.goto("/login");
  await page.getByLabel(/^(Email|E-mail)$/).fill(who.email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(who.password);
  await page.getByRole("button", { name: /^(Log in|Se connecter)$/ }).click();
}

/** logIn, then waits until the page is on the dashboard (an account without two-factor). */
export async function logInToDashboard(page: Page, who: Who = DEMO) {
  await logIn(page, who);
  await page.waitForURL(/\/dashboard(\?|$)/);
}
