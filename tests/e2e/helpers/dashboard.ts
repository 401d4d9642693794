import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";

/** What the dashboard browser specs share: a webhook receiver, locators and the sign-up flow. */

/**
 * A local HTTP server that records every webhook body it receives, started before the spec's
 * tests and closed after them. `url()` is known once it listens.
 */
export function useWebhookReceiver(path: string) {
  const received: string[] = [];
  let server: Server;
  let url = "";
  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push(body);
        res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: () => url };
}

export const nav = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
/**
 * Adds sandbox test funds on the Balances page and waits for the form to say so, in English or
 * French as the page is. The page is opened through the dashboard's navigation, or by its address
 * (`open: "address"`) where the navigation is not at hand (a phone's closed menu).
 */
export async function addFunds(page: Page, amount: string, open: "navigation" | "address" = "navigation") {
  if (open === "navigation") await nav(page).getByRole("link", { name: "Balances" }).click();
  else await page.goto("/dashboard/balances");
  const form = page.getByTestId("add-funds-form");
  await form.getByLabel(/Amount|Montant/).fill(amount);
  await form.getByRole("button", { name: /^(Add funds|Ajouter)$/ }).click();
  await expect(form.getByText(/Test funds added\.|Fonds de test ajoutés\./)).toBeVisible();
}
/** On a phone the pages are behind "Menu" (a disclosure): open it when it is there and closed. */
export async function openMenu(page: Page) {
  const menu = page.getByTestId("nav-menu");
  if ((await menu.isVisible()) && (await menu.getAttribute("open")) === null) await menu.locator("summary").click();
}
// Next's route announcer is also role=alert: look for ours by its text.
export const alert = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });
export const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The link last e-mailed to `email` in a message of `kind` (an email_messages kind), found by
 * `pattern`. The e2e server owns its embedded database, so its e-mails are read from the copies
 * it writes to EMAIL_DIR (scripts/e2e-server.mjs), the same rows as email_messages; a message
 * may land a moment after the page answered, so it is looked for for up to 5 s.
 */
export async function mailedLink(email: string, kind: string, pattern: RegExp): Promise<string> {
  const dir = path.join(process.cwd(), process.env.E2E_DATA_DIR ?? ".data-e2e", "mail");
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (existsSync(dir) ? readdirSync(dir) : [])
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { id: string; to: string; kind: string; body: string })
      .filter((m) => m.to === email.toLowerCase() && m.kind === kind)
      .sort((a, b) => a.id.localeCompare(b.id));
    const link = mails.at(-1)?.body.match(pattern)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} link e-mailed to ${email}`);
}

/** The sign-up link last e-mailed to `email`. */
export const signUpLink = (email: string) => mailedLink(email, "signup_confirm", /https?:\/\/\S+\/signup\/confirm\?token=\S+/);

/** Fills and sends the sign-up form (English), which always answers "check your e-mail". */
export async function askToSignUp(page: Page, fields: { name: string; email: string; password: string }) {
  await page.goto("/signup");
  await page.getByLabel("Business name").fill(fields.name);
  await page.getByLabel("Email").fill(fields.email);
  await page.getByLabel("Password").fill(fields.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The server hashes the password before it answers: seconds when the machine is busy.
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 30_000 });
}

/** Follows the e-mailed link and confirms: the new account is signed in and sees its keys. */
export async function confirmSignUpLink(page: Page, email: string) {
  await page.goto(await signUpLink(email));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm and open my dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Your sandbox API keys" })).toBeVisible();
}

/** Signs a new sandbox merchant up (form, e-mailed link), reads the key pair shown once, and lands on the overview. */
export async function signUp(page: Page, name = "Boutique E2E") {
  const email = `e2e-${unique()}@test.local`;
  const password = "e2e password long";
  await page.goto("/signup");
  await expect(page.getByTestId("env-badge")).toHaveText("SANDBOX");
  await askToSignUp(page, { name, email, password });
  await confirmSignUpLink(page, email);
  const publicKey = (await page.getByTestId("public-key").textContent())!.trim();
  const secretKey = (await page.getByTestId("secret-key").textContent())!.trim();
  expect(publicKey).toMatch(/^pk_/);
  expect(secretKey).toMatch(/^sk_/);
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return { email, password, publicKey, secretKey, key: `${publicKey}:${secretKey}` };
}
