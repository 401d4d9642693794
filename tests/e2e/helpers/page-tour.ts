import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { DEMO, logInToDashboard } from "./log-in";

/**
 * Every page a merchant or a customer meets, and how to reach each one with real data: the
 * accessibility spec (tests/e2e/a11y.spec.ts) and `npm run screenshots` (scripts/screenshots.ts)
 * walk the same list, so a page added here is both checked and pictured. It uses no test
 * fixture (plain fetch and a Page), so the script can run it outside the test runner.
 */

export const WIDTHS = [375, 1280] as const;

let counter = 0;
const reference = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

async function api<T = Record<string, unknown>>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { "X-API-Key": DEMO.key, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export type TourData = {
  paymentId: string;
  failedPaymentId: string;
  payoutId: string;
  bulkId: string;
  /** An active payment link, and the checkout payment a customer started through it (pending). */
  paymentLinkId: string;
  paymentLinkSlug: string;
  linkPaymentId: string;
  /** A deactivated link: what a customer meets on a withdrawn poster. */
  closedLinkSlug: string;
  /** A payout made in the dashboard above the team's approval threshold: held, waiting for approval. */
  approvalPayoutId: string;
};

/**
 * A customer's first step on a link's page, as a browser posts it (same origin): the payment it
 * creates waits on its hosted checkout. Returns the payment's id.
 */
async function startLinkPayment(base: string, link: { id: string; slug: string }): Promise<string> {
  const page = await (await fetch(`${base}/pay/${link.slug}`)).text();
  const formToken = page.match(/name="formToken" value="([^"]+)"/)?.[1];
  if (!formToken) throw new Error(`no form on /pay/${link.slug}`);
  const res = await fetch(`${base}/pay/${link.slug}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ formToken, name: "Fatou Sow", phone: "77 000 00 12" }).toString(),
  });
  if (res.status !== 303) throw new Error(`POST /pay/${link.slug}: ${res.status} ${await res.text()}`);
  const list = await api<{ data: { transactionId: string }[] }>(base, "GET", `/payments/transactions?paymentLinkId=${link.id}`);
  if (!list.data[0]) throw new Error(`no payment under ${link.id}`);
  return list.data[0].transactionId;
}

/**
 * A payout waiting for approval, so that the tour sees the Approvals page with a row and a held
 * payout's detail. Only a payout a person makes in the dashboard can be held (one made with API
 * keys never is: docs/decisions/payout-approvals.md), so this signs in as the demo owner in its
 * own browser context and, as an owner would: sets an XOF approval threshold of 20,000 on the
 * Approvals page, sends 25,000 XOF to Awa Diop (+221 77 000 00 12, Orange Money) through Send
 * money — the review says it needs approval, and it is held — then puts the threshold back as it
 * was (empty: none). A threshold applies to payouts made afterwards, so the held one stays
 * waiting, and the other specs' dashboard payouts as the demo merchant are not held. The owner is
 * its maker: its row says that another member must approve it. Returns the payout's id.
 */
async function seedPendingApproval(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext({ baseURL: base, locale: "en-GB" });
  try {
    const page = await context.newPage();
    await logInToDashboard(page);
    /** Sets the XOF threshold as typed (empty: none) and returns what the field held before. */
    const setThreshold = async (typed: string) => {
      await page.goto("/dashboard/approvals");
      const form = page.getByTestId("approval-thresholds");
      const field = form.locator("input[name=threshold_XOF]");
      const before = await field.inputValue();
      await field.fill(typed);
      await form.locator("button[type=submit]").click();
      await form.locator(".success").waitFor();
      return before;
    };
    const before = await setThreshold("20000");
    try {
      await page.goto("/dashboard/payouts/new");
      const form = page.getByTestId("send-money-form");
      await form.locator("input[name=phone]").fill("77 000 00 12");
      await form.locator("input[name=name]").fill("Awa Diop");
      await form.locator("input[name=amount]").fill("25 000");
      await form.locator("button[type=submit]").click();
      await page.getByTestId("send-review").getByTestId("send-needs-approval").waitFor();
      const confirm = page.getByTestId("send-confirm-form");
      await confirm.locator("input[name=confirm]").check();
      await confirm.locator("button[type=submit]").click();
      await page.waitForURL(/\/dashboard\/payouts\/po_\w+\?approval=1/);
      const id = page.url().match(/po_\w+/)?.[0];
      if (!id) throw new Error(`no payout id in ${page.url()}`);
      return id;
    } finally {
      await setThreshold(before);
    }
  } finally {
    await context.close();
  }
}

/**
 * Gives the demo merchant something on every page: test funds, a paid payment partly refunded
 * (its webhooks sent to `callbackUrl`), a failed one, a payout, a bulk payout, a payment link
 * with a payment started through it, a deactivated link, and a payout made in the dashboard that
 * waits for approval (seedPendingApproval, in a browser: the dashboard's forms are server actions).
 */
export async function seedDemoMerchant(base: string, browser: Browser, callbackUrl?: string): Promise<TourData> {
  await api(base, "POST", "/sandbox/wallets/fund", { currency: "XOF", amount: 500_000 });
  const direct = (phone: string) =>
    api<{ data: { transactionId: string } }>(base, "POST", "/payments/initiate", {
      type: "direct",
      amount: 10_000,
      currency: "XOF",
      externalReference: reference("tour"),
      provider: "orange",
      country: "SN",
      customerPhone: phone,
      customerName: "Awa Diop",
      ...(callbackUrl ? { callbackUrl } : {}),
    });
  const paid = (await direct("+221770000012")).data.transactionId;
  const failed = (await direct("+221770000090")).data.transactionId;
  await until("the payment to succeed", async () => {
    const status = await api<{ status: string }>(base, "GET", `/payments/status/${paid}`);
    return status.status === "success" ? true : undefined;
  });
  await api(base, "POST", `/payments/${paid}/refund`, { amount: 2_000, reason: "One item out of stock" });

  const quoteItem = async (phone = "+221770000012") => {
    const quote = await api<{ quoteId: string }>(base, "POST", "/payouts/quote", { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" });
    return { quoteId: quote.quoteId, recipient: { phone, name: "Moussa Ndiaye" }, externalReference: reference("tour-po") };
  };
  const payout = await api<{ transactionId: string }>(base, "POST", "/payouts/initiate", await quoteItem());
  // One payout to a number the simulator never answers (…99): the bulk stays in progress, so its
  // page shows the self-updating state.
  // And one row refused (a number too short), whose reason the batch page says in its language.
  const refused = { amount: 10_000, currency: "XOF", country: "SN", method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: { phone: "+22177000", name: "Numéro Court" }, externalReference: reference("tour-po") };
  const bulk = await api<{ bulkId: string }>(base, "POST", "/payouts/bulk", { items: [await quoteItem(), await quoteItem("+221770000099"), refused] });

  const link = await api<{ id: string; slug: string }>(base, "POST", "/payment-links", {
    title: "Robe wax, taille unique",
    description: "Livraison à Dakar sous 48 h.",
    amount: 15_000,
    currency: "XOF",
    collect: { name: "required", phone: "optional" },
    successMessage: "Merci ! Nous vous appelons pour la livraison.",
  });
  const linkPaymentId = await startLinkPayment(base, link);
  const closed = await api<{ id: string; slug: string }>(base, "POST", "/payment-links", { title: "Soldes de novembre", currency: "XOF", minAmount: 500, maxAmount: 50_000 });
  await api(base, "POST", `/payment-links/${closed.id}/deactivate`);
  const approvalPayoutId = await seedPendingApproval(browser, base);
  return {
    paymentId: paid,
    failedPaymentId: failed,
    payoutId: payout.transactionId,
    bulkId: bulk.bulkId,
    paymentLinkId: link.id,
    paymentLinkSlug: link.slug,
    linkPaymentId,
    closedLinkSlug: closed.slug,
    approvalPayoutId,
  };
}

/** A page, and what to do on it first when the state worth seeing follows a user's action. */
export type TourPage = { name: string; path: string; act?: (page: Page) => Promise<void> };

/** Every page of app/(dashboard)/dashboard, details with real ids. */
export function dashboardPages(data: TourData): TourPage[] {
  return [
    { name: "overview", path: "/dashboard" },
    { name: "payments", path: "/dashboard/payments" },
    { name: "payments-filter-error", path: "/dashboard/payments?startDate=2026-13-01" },
    // Collections and payouts together, amounts signed; the search by phone as a merchant types it.
    { name: "payments-all-search", path: "/dashboard/payments?view=all&q=77%20000%2000%2012" },
    { name: "payment-detail", path: `/dashboard/payments/${data.paymentId}` },
    { name: "payment-detail-failed", path: `/dashboard/payments/${data.failedPaymentId}` },
    // A checkout a customer started from a payment link and has not paid yet.
    { name: "payment-detail-checkout-pending", path: `/dashboard/payments/${data.linkPaymentId}` },
    { name: "payouts", path: "/dashboard/payouts" },
    { name: "payout-detail", path: `/dashboard/payouts/${data.payoutId}` },
    { name: "send-money", path: "/dashboard/payouts/new" },
    {
      name: "send-money-review",
      path: "/dashboard/payouts/new",
      act: async (page) => {
        const form = page.getByTestId("send-money-form");
        await form.locator("input[name=phone]").fill("77 000 00 12");
        await form.locator("input[name=name]").fill("Awa Diop");
        await form.locator("input[name=amount]").fill("10 000");
        await form.locator("button[type=submit]").click();
        await page.getByTestId("send-review").waitFor();
      },
    },
    // With the seed's payout waiting for approval (its maker, the demo owner, sees it as theirs).
    { name: "approvals", path: "/dashboard/approvals" },
    { name: "payout-detail-awaiting-approval", path: `/dashboard/payouts/${data.approvalPayoutId}` },
    { name: "bulk-payouts", path: "/dashboard/payouts/bulk" },
    { name: "bulk-payout-new", path: "/dashboard/payouts/bulk/new" },
    { name: "bulk-payout-detail", path: `/dashboard/payouts/bulk/${data.bulkId}` },
    { name: "payment-links", path: "/dashboard/payment-links" },
    { name: "payment-link-new", path: "/dashboard/payment-links/new" },
    { name: "payment-link-detail", path: `/dashboard/payment-links/${data.paymentLinkId}` },
    { name: "balances", path: "/dashboard/balances" },
    { name: "statement", path: "/dashboard/balances/statement" },
    { name: "api-keys", path: "/dashboard/api-keys" },
    { name: "webhooks", path: "/dashboard/webhooks" },
    { name: "verification", path: "/dashboard/verification" },
    { name: "team", path: "/dashboard/team" },
    { name: "audit", path: "/dashboard/audit" },
    { name: "request-log", path: "/dashboard/requests" },
    { name: "settings", path: "/dashboard/settings" },
    { name: "settings-two-factor", path: "/dashboard/settings/two-factor" },
    { name: "settings-branding", path: "/dashboard/settings/branding" },
    { name: "not-allowed", path: "/dashboard/not-allowed" },
    { name: "not-found", path: "/dashboard/payments/txn_doesnotexist" },
  ];
}

/** What a visitor sees before signing in, and the API reference. */
export const PUBLIC_PAGES: TourPage[] = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  {
    name: "login-wrong-password",
    path: "/login",
    act: async (page) => {
      await page.locator("input[name=email]").fill(DEMO.email);
      await page.locator("input[name=password]").fill("not the password");
      await page.locator("input[name=password]").press("Enter");
      await page.locator("form .error, form [role=alert]").first().waitFor();
    },
  },
  { name: "login-two-factor", path: "/login/two-factor" },
  { name: "signup", path: "/signup" },
  {
    name: "signup-errors",
    path: "/signup",
    act: async (page) => {
      await page.locator("input[name=businessName]").fill("B");
      await page.locator("input[name=email]").fill("awa@boutique");
      await page.locator("input[name=password]").fill("short");
      await page.getByTestId("signup-form").locator("button[type=submit]").click();
      await page.locator("[aria-invalid=true]").first().waitFor();
    },
  },
  { name: "signup-confirm-invalid", path: "/signup/confirm?token=not-a-token" },
  { name: "forgot-password", path: "/login/forgot" },
  {
    name: "forgot-password-sent",
    path: "/login/forgot",
    act: async (page) => {
      // The answer is the same for every address (no account enumeration); this one has none.
      await page.getByTestId("forgot-form").locator("input[name=email]").fill("nobody@test.local");
      await page.getByTestId("forgot-form").locator("button[type=submit]").click();
      await page.getByTestId("reset-requested").waitFor();
    },
  },
  { name: "reset-password", path: "/login/forgot", act: async (page) => page.goto(await demoResetLink(page)).then(() => page.getByTestId("reset-form").waitFor()) },
  { name: "reset-password-invalid", path: "/login/reset?token=not-a-token" },
  { name: "invite-invalid", path: "/invite/accept?token=not-a-token" },
  { name: "docs", path: "/docs" },
];

/** The e-mails the e2e server writes (scripts/e2e-server.mjs EMAIL_DIR). */
const mailDir = () => path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e", "mail");

let resetLink: string | undefined;

/**
 * A valid reset link for the demo merchant, asked once per process through /login/forgot (the page
 * is open) and read from its e-mail: opening the link spends nothing, and an account gets only a
 * few links an hour, so every walk of the process reuses it. Nobody posts its form.
 */
async function demoResetLink(page: Page): Promise<string> {
  if (resetLink) return resetLink;
  const links = (onlyNew?: Set<string>) =>
    (existsSync(mailDir()) ? readdirSync(mailDir()) : [])
      .filter((file) => !onlyNew?.has(file))
      .map((file) => JSON.parse(readFileSync(path.join(mailDir(), file), "utf8")) as { id: string; to: string; kind: string; body: string })
      .filter((m) => m.to === DEMO.email && m.kind === "password_reset")
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((m) => m.body.match(/https?:\/\/\S+\/login\/reset\?token=\S+/)?.[0])
      .filter((link): link is string => !!link);
  const before = new Set(existsSync(mailDir()) ? readdirSync(mailDir()) : []);
  await page.getByTestId("forgot-form").locator("input[name=email]").fill(DEMO.email);
  await page.getByTestId("forgot-form").locator("button[type=submit]").click();
  await page.getByTestId("reset-requested").waitFor();
  // Past the account's hourly budget no e-mail is sent: the newest earlier link (30 minutes) serves.
  resetLink = await until("the password reset e-mail", async () => links(before).at(-1), 10_000).catch(() => links().at(-1));
  if (!resetLink) throw new Error(`no password reset e-mail to ${DEMO.email} in ${mailDir()}`);
  return resetLink;
}

/** A payment link's customer page (plain HTML, no sign-in): the first step, its refusals, a closed link. */
export function linkPages(data: TourData): TourPage[] {
  return [
    { name: "pay-link", path: `/pay/${data.paymentLinkSlug}` },
    {
      name: "pay-link-errors",
      path: `/pay/${data.paymentLinkSlug}`,
      act: async (page) => {
        // The name is required: sent empty, the page comes back with the field's refusal.
        await page.getByTestId("link-form").locator("button[type=submit]").click();
        await page.locator("[aria-invalid=true]").first().waitFor();
      },
    },
    { name: "pay-link-closed", path: `/pay/${data.closedLinkSlug}` },
  ];
}

/** A new merchant's pages before anything happened: the empty states (tests/e2e/empty-states.spec.ts). */
export const EMPTY_PAGES: TourPage[] = [
  { name: "overview", path: "/dashboard" },
  { name: "payments", path: "/dashboard/payments" },
  { name: "payouts", path: "/dashboard/payouts" },
  { name: "webhooks", path: "/dashboard/webhooks" },
  { name: "api-keys", path: "/dashboard/api-keys" },
];

/**
 * Signs a new sandbox merchant up through the form and the e-mailed link, which the e2e server
 * writes to <dataDir>/mail (scripts/e2e-server.mjs), and leaves the page signed in.
 */
export async function signUpNewMerchant(page: Page, dataDir: string) {
  const email = `tour-${Date.now().toString(36)}-${++counter}@test.local`;
  await page.goto("/signup");
  await page.locator("input[name=businessName]").fill("Boutique Nouvelle");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill("tour password long");
  await page.getByTestId("signup-form").locator("button[type=submit]").click();
  const mailDir = path.join(dataDir, "mail");
  const link = await until("the sign-up e-mail", async () => {
    const bodies = (existsSync(mailDir) ? readdirSync(mailDir) : []).map((file) => JSON.parse(readFileSync(path.join(mailDir, file), "utf8")) as { to: string; body: string });
    return bodies.find((m) => m.to === email)?.body.match(/https?:\/\/\S+\/signup\/confirm\?token=\S+/)?.[0];
  });
  await page.goto(link);
  await page.locator("form:has(input[name=token]) button[type=submit]").click();
  await page.getByTestId("secret-key").waitFor();
}

/** Opens a dashboard or public page, waits until its heading is there, then does its `act`. */
export async function openPage(page: Page, { path, act }: TourPage) {
  await page.goto(path);
  await page.locator("h1").first().waitFor();
  await act?.(page);
}

async function createCheckout(base: string, extra: Record<string, unknown> = {}): Promise<string> {
  const body = await api<{ data: { redirectUrl: string } }>(base, "POST", "/payments/initiate", {
    type: "checkout",
    amount: 5_000,
    currency: "XOF",
    externalReference: reference("tour-co"),
    description: "Order #42 — 2 coffees",
    ...extra,
  });
  return body.data.redirectUrl;
}

async function payWith(page: Page, method: number, phone: string) {
  await page.locator("input[name=provider]").nth(method).check();
  await page.locator("#phone").fill(phone);
  await page.locator("form[action$='/pay'] button[type=submit]").click();
}

const stage = (page: Page, name: string, timeout = 25_000) => page.locator(`main[data-stage="${name}"]`).waitFor({ timeout });

export type CheckoutStage = { name: string; reach: (page: Page, bases: { base: string; expiryBase?: string }) => Promise<void> };

/**
 * The hosted checkout's stages, each reached as a customer would: the simulator's outcome
 * follows the phone's last two digits (lib/connectors/simulator: 90 insufficient funds, 99 no
 * answer, anything else success). No return URL, so a final page stays put to be looked at.
 */
export const CHECKOUT_STAGES: CheckoutStage[] = [
  {
    name: "method-choice",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await stage(page, "choose");
    },
  },
  {
    name: "phone-entry",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await page.locator("input[name=provider]").first().check();
      await page.locator("#phone").fill("77 000 00 12");
    },
  },
  {
    name: "phone-refused",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await payWith(page, 0, "77 123");
      await page.locator("#phone-error").waitFor();
    },
  },
  {
    name: "waiting",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await payWith(page, 0, "770000099");
      await stage(page, "waiting");
    },
  },
  {
    name: "waiting-no-prompt",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await payWith(page, 0, "770000099");
      await stage(page, "waiting");
      // CHECKOUT_PROMPT_HELP_SECONDS is 4 s on the e2e server.
      await page.locator("#stuck:not([hidden])").waitFor({ timeout: 20_000 });
    },
  },
  {
    name: "success",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await payWith(page, 0, "770000012");
      await stage(page, "success");
    },
  },
  {
    name: "failed",
    reach: async (page, { base }) => {
      await page.goto(await createCheckout(base));
      await payWith(page, 0, "770000090");
      await stage(page, "failed");
    },
  },
  {
    name: "cancel-confirm",
    reach: async (page, { base }) => {
      await page.goto(`${await createCheckout(base)}?cancel=1`);
      await page.locator("form[action$='/cancel']").waitFor();
    },
  },
  {
    name: "cancelled",
    reach: async (page, { base }) => {
      await page.goto(`${await createCheckout(base)}?cancel=1`);
      await page.locator("form[action$='/cancel'] button").click();
      await stage(page, "cancelled");
    },
  },
  {
    name: "expired",
    reach: async (page, { expiryBase }) => {
      if (!expiryBase) throw new Error("the expired stage needs the short-expiry server (E2E_EXPIRY_PORT)");
      await page.goto(await createCheckout(expiryBase));
      await stage(page, "expired", 30_000);
    },
  },
  {
    name: "not-found",
    reach: async (page, { base }) => {
      await page.goto(`${base}/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
      await page.locator("h1").waitFor();
    },
  },
];
