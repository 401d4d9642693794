import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";

/**
 * One trusted-proxy rule on every path of the built server: the client is the socket peer (no
 * proxy is trusted here), whatever X-Forwarded-For it sends. Each test speaks from a loopback
 * address of its own (127.0.0.x), so the budgets it spends are not the other tests' (127.0.0.1).
 *   - the API fast path (scripts/api-fast-path.mjs): failed API keys;
 *   - Next's routing: the same, on the short-expiry instance, which serves the API through Next
 *     (API_FAST_PATH=off, playwright.config.ts);
 *   - a server action (sign-up, on that instance too, whose sign-up limit is low).
 */
const PORT = Number(process.env.E2E_PORT ?? "3100");
const EXPIRY_PORT = Number(process.env.E2E_EXPIRY_PORT ?? "3101");

function getFrom(port: number, localAddress: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers, localAddress }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The address's budget (30 failed keys) ran out: from the first 429 on, every answer is 429, and
 * it came after the 30th failure (a request racing the 30th's bookkeeping may still be answered
 * 401). Were X-Forwarded-For trusted, all 40 would be 401.
 */
function expectBudgetSpent(statuses: number[]) {
  const first = statuses.indexOf(429);
  expect(first, `first 429 in ${statuses.join(",")}`).toBeGreaterThanOrEqual(30);
  expect(first).toBeLessThanOrEqual(32);
  expect(statuses.slice(0, first).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
}

/**
 * A loopback address of the test's own for each try: a retry must not start on the budget its
 * first try spent.
 */
const addressFor = (base: number, retry: number) => `127.0.0.${base + retry * 10}`;

/** 40 wrong API keys, each with a new X-Forwarded-For: the address's budget (30) still runs out. */
async function rotatingBadKeys(port: number, localAddress: string, path: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    statuses.push(await getFrom(port, localAddress, path, { "x-api-key": `pk_test_wrong${i}:sk_test_wrong${i}`, "x-forwarded-for": `198.51.100.${i + 1}` }));
  }
  return statuses;
}

test("the API fast path: rotating X-Forwarded-For values do not evade the failed-key budget", async ({}, testInfo) => {
  expectBudgetSpent(await rotatingBadKeys(PORT, addressFor(71, testInfo.retry), "/api/v1/payments/balance"));
});

test("Next's routing: rotating X-Forwarded-For values do not evade the failed-key budget", async ({}, testInfo) => {
  expectBudgetSpent(await rotatingBadKeys(EXPIRY_PORT, addressFor(72, testInfo.retry), "/api/v1/payments/balance"));
});

test("a server action: rotating X-Forwarded-For values do not evade the per-address sign-up limit", async ({ browser }, testInfo) => {
  // The short-expiry instance allows 3 sign-ups a minute per address (playwright.config.ts). The
  // five forms are filled first and sent together, so the limiter meets all five within the same
  // minute however slow the machine is; each page sends its own X-Forwarded-For.
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${EXPIRY_PORT}` });
  const pages = await Promise.all(Array.from({ length: 5 }, () => context.newPage()));
  for (const [i, page] of pages.entries()) {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${i + 1}` });
    await page.goto("/signup");
    await page.getByLabel("Business name").fill(`Rotating ${i}`);
    await page.getByLabel("Email").fill(`rotating-${Date.now()}-${i}@example.test`);
    await page.getByLabel("Password").fill("a-long-enough-password-1");
  }
  const outcomes = await Promise.all(
    pages.map(async (page) => {
      await page.getByRole("button", { name: "Create account" }).click();
      const done = page.getByRole("heading", { name: "Check your e-mail" });
      const refused = page.getByText("Too many sign-ups from your network");
      await expect(done.or(refused)).toBeVisible({ timeout: 45_000 });
      return (await refused.isVisible()) ? "refused" : "sent";
    }),
  );
  const sent = outcomes.filter((o) => o === "sent").length;
  // Were X-Forwarded-For trusted, each page would have a budget of its own and all five would be
  // sent. A retry starts on the budget its first try spent (the browser speaks from 127.0.0.1).
  if (testInfo.retry === 0) expect(sent, outcomes.join(",")).toBe(3);
  else expect(sent, outcomes.join(",")).toBeLessThanOrEqual(3);
  await context.close();
});
