import { createServer, type Server } from "node:http";
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
// Next's route announcer is also role=alert: look for ours by its text.
export const alert = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });
export const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Signs a new sandbox merchant up, reads the key pair shown once, and lands on the overview. */
export async function signUp(page: Page, name = "Boutique E2E") {
  const email = `e2e-${unique()}@test.local`;
  const password = "e2e password long";
  await page.goto("/signup");
  await expect(page.getByTestId("env-badge")).toHaveText("SANDBOX");
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Your sandbox API keys" })).toBeVisible();
  const publicKey = (await page.getByTestId("public-key").textContent())!.trim();
  const secretKey = (await page.getByTestId("secret-key").textContent())!.trim();
  expect(publicKey).toMatch(/^pk_/);
  expect(secretKey).toMatch(/^sk_/);
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return { email, password, publicKey, secretKey, key: `${publicKey}:${secretKey}` };
}
