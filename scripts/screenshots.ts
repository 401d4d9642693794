/**
 * `npm run screenshots`: every page of the dashboard (the demo merchant with data, and a new
 * merchant's empty states), every stage of the hosted checkout, a payment link's customer page,
 * sign-in, sign-up, password reset and /docs, at
 * 375 and 1280 px, in English and French, into screenshots/<lang>/<width>/ (not committed), for
 * reviewers. The pages are the accessibility spec's (tests/e2e/helpers/page-tour.ts).
 *
 * It uses the e2e servers on E2E_PORT (3100) and E2E_EXPIRY_PORT (3101) when they answer, else
 * starts them (scripts/e2e-server.mjs, the build is made when missing) and stops them at the end.
 * Chromium: CHROMIUM_PATH, default /usr/bin/chromium. SCREENSHOTS_DIR changes the output folder.
 * SCREENSHOTS_ONLY=<regular expression> pictures only the files whose name (without .png, e.g.
 * `dashboard-payment-link-detail`, `pay-link`, `checkout-expired`) matches it, in every language
 * and width: `SCREENSHOTS_ONLY='payment-link|pay-link' npm run screenshots`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { CHECKOUT_STAGES, dashboardPages, EMPTY_PAGES, linkPages, openPage, PUBLIC_PAGES, seedDemoMerchant, signUpNewMerchant, WIDTHS, type TourPage } from "../tests/e2e/helpers/page-tour";
import { logInToDashboard } from "../tests/e2e/helpers/log-in";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = process.env.E2E_PORT ?? "3100";
const expiryPort = process.env.E2E_EXPIRY_PORT ?? "3101";
const base = `http://127.0.0.1:${port}`;
const expiryBase = `http://127.0.0.1:${expiryPort}`;
const outDir = path.resolve(root, process.env.SCREENSHOTS_DIR ?? "screenshots");
const LANGS = ["en", "fr"] as const;
type Lang = (typeof LANGS)[number];
const only = process.env.SCREENSHOTS_ONLY ? new RegExp(process.env.SCREENSHOTS_ONLY) : undefined;
const wanted = (file: string) => !only || only.test(file);

const started: ChildProcess[] = [];
let logFd: number | undefined;
const serverLog = () => (logFd ??= openSync(path.join(outDir, "servers.log"), "a"));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The e2e server on `serverPort`, reused when it answers; the data dir is where its e-mails are written. */
async function ensureServer(url: string, serverPort: string, dataDir: string, extraEnv: Record<string, string> = {}) {
  if (await answers(url)) {
    console.log(`using the server already on ${url}`);
    return;
  }
  console.log(`starting the e2e server on ${url} …`);
  const child = spawn("node", [path.join(root, "scripts/e2e-server.mjs")], {
    cwd: root,
    // Their logs go to a file next to the pictures, where a failed start can be read.
    stdio: ["ignore", serverLog(), serverLog()],
    env: { ...process.env, E2E_PORT: serverPort, E2E_DATA_DIR: dataDir, ...extraEnv },
  });
  started.push(child);
  const deadline = Date.now() + 300_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null) throw new Error(`the e2e server on ${url} exited with ${child.exitCode} (see ${path.join(outDir, "servers.log")})`);
    if (Date.now() > deadline) throw new Error(`the e2e server on ${url} did not answer within 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function newContext(browser: Browser, lang: Lang, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: 900 },
    locale: lang === "fr" ? "fr-FR" : "en-GB",
    extraHTTPHeaders: { "Accept-Language": lang === "fr" ? "fr-FR,fr;q=0.9" : "en-GB,en;q=0.9" },
  });
  // The dashboard reads `lang`, the checkout `checkout_lang` (lib/dashboard/i18n.ts, lib/checkout/locale.ts).
  for (const url of [base, expiryBase]) {
    await context.addCookies([
      { name: "lang", value: lang, url },
      { name: "checkout_lang", value: lang, url },
    ]);
  }
  return context;
}

let saved = 0;
const failures: string[] = [];

async function shoot(page: Page, file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  // A page scrolled by its action (a form's next step) pictured whole from the top: scrolled, the
  // sticky header was drawn over the middle of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  saved++;
}

async function tour(context: BrowserContext, pages: TourPage[], dir: string, prefix: string) {
  const page = await context.newPage();
  for (const p of pages.filter((p) => wanted(`${prefix}-${p.name}`))) {
    try {
      await openPage(page, p);
      await shoot(page, path.join(dir, `${prefix}-${p.name}.png`));
    } catch (err) {
      failures.push(`${dir} ${prefix}-${p.name}: ${(err as Error).message.split("\n")[0]}`);
    }
  }
  await page.close();
}

async function main() {
  // The webhooks of the demo merchant's payment go to a receiver here, so its pages show delivered attempts.
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const dataDir = process.env.E2E_DATA_DIR ?? ".data-e2e";
  await ensureServer(base, port, dataDir);
  await ensureServer(expiryBase, expiryPort, ".data-e2e-expiry", { PAYMENT_CHECKOUT_EXPIRY_MINUTES: "0.1" });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    // The seed signs in once in this browser too: a payout waiting for approval is made in the dashboard.
    const data = await seedDemoMerchant(base, browser, callbackUrl);
    for (const lang of LANGS) {
      for (const width of WIDTHS) {
        const dir = path.join(outDir, lang, String(width));
        console.log(`${lang} ${width} px …`);

        const visitor = await newContext(browser, lang, width);
        await tour(visitor, PUBLIC_PAGES, dir, "public");
        await tour(visitor, linkPages(data), dir, "customer");
        for (const stage of CHECKOUT_STAGES.filter((stage) => wanted(`checkout-${stage.name}`))) {
          const page = await visitor.newPage();
          try {
            await stage.reach(page, { base, expiryBase });
            await shoot(page, path.join(dir, `checkout-${stage.name}.png`));
          } catch (err) {
            failures.push(`${dir} checkout-${stage.name}: ${(err as Error).message.split("\n")[0]}`);
          }
          await page.close();
        }
        await visitor.close();

        const demo = await newContext(browser, lang, width);
        await logInToDashboard(await demo.newPage());
        await tour(demo, dashboardPages(data), dir, "dashboard");
        await demo.close();

        if (!EMPTY_PAGES.some((p) => wanted(`empty-${p.name}`))) continue;
        const newcomer = await newContext(browser, lang, width);
        try {
          await signUpNewMerchant(await newcomer.newPage(), path.resolve(root, dataDir));
          await tour(newcomer, EMPTY_PAGES, dir, "empty");
        } catch (err) {
          failures.push(`${dir} empty states (sign-up; is E2E_DATA_DIR the server's?): ${(err as Error).message.split("\n")[0]}`);
        }
        await newcomer.close();
      }
    }
  } finally {
    await browser.close();
    receiver.close();
  }
  console.log(`${saved} screenshots in ${path.relative(process.cwd(), outDir) || "."}`);
  if (failures.length > 0) {
    console.error(`${failures.length} pages could not be pictured:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

function stopServers() {
  for (const child of started) if (child.exitCode === null) child.kill("SIGTERM");
}

process.on("SIGINT", () => {
  stopServers();
  process.exit(130);
});

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(stopServers);
