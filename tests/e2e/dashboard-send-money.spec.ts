import { expect, test, type Browser, type Page } from "@playwright/test";
import { messages } from "../../lib/dashboard/i18n";
import { authMessages } from "../../lib/dashboard/i18n-auth";
import { fill, moneyMessages } from "../../lib/dashboard/i18n-money";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { mailedLink, signUp, unique } from "./helpers/dashboard";

/**
 * The money screens as a shop owner uses them, on a phone in French and on a desktop in English:
 * send money below the team's approval threshold (sent at once) and above it (held until another
 * member approves), then a forgotten password reset by its e-mailed link. Every label read from
 * the message catalogue, so a missing translation fails here; axe on each new screen.
 */

/** Send money through the form: details, review (checked), confirmation. Returns the review's text. */
async function sendMoney(page: Page, lang: "fr" | "en", amount: string, options: { approval: boolean; axe?: boolean }) {
  const t = moneyMessages(lang).send;
  await page.goto("/dashboard/payouts");
  await page.getByTestId("send-money-link").click();
  await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
  const form = page.getByTestId("send-money-form");
  await form.getByLabel(t.phone).fill("77 000 00 12");
  await form.getByLabel(t.name).fill("Awa Diop");
  await form.getByLabel(t.amount, { exact: true }).fill(amount);
  // The operator read from the number, as soon as it is typed.
  await form.getByLabel(t.amount, { exact: true }).focus();
  await expect(form.getByTestId("send-detected")).toContainText("Orange Money");
  if (options.axe) await expectNoSeriousA11yViolations(page, `send money (${lang})`);
  await form.getByRole("button", { name: t.review }).click();
  const review = page.getByTestId("send-review");
  await expect(review.getByRole("heading", { name: t.reviewTitle })).toBeVisible();
  await expect(review.getByTestId("send-recipient")).toContainText("Awa Diop");
  await expect(review.getByTestId("send-recipient")).toContainText("Orange Money");
  await expect(review.getByText(t.fees, { exact: true })).toBeVisible();
  await expect(review.getByText(t.receives, { exact: true })).toBeVisible();
  await expect(review.getByText(t.leaves, { exact: true })).toBeVisible();
  await expect(review.getByTestId("send-needs-approval")).toHaveCount(options.approval ? 1 : 0);
  if (options.axe) await expectNoSeriousA11yViolations(page, `send money review (${lang})`);
  const leaves = (await review.getByTestId("send-leaves").textContent())!;
  await review.getByLabel(fill(t.confirm, { amount: leaves })).check();
  await review.getByRole("button", { name: options.approval ? t.submitForApproval : t.send }).click();
  await expect(page).toHaveURL(options.approval ? /\/dashboard\/payouts\/po_\w+\?approval=1/ : /\/dashboard\/payouts\/po_\w+\?sent=1/);
  return page.url().match(/po_\w+/)![0];
}

async function newMemberPage(browser: Browser, lang: "fr" | "en", width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto("/login");
  await context.addCookies([{ name: "lang", value: lang, url: page.url() }]);
  await page.reload();
  return page;
}

for (const { lang, width } of [
  { lang: "fr" as const, width: 375 },
  { lang: "en" as const, width: 1280 },
]) {
  test(`send money without and with approval, then a password reset (${lang}, ${width} px)`, async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const m = messages(lang);
    const money = moneyMessages(lang);
    const auth = authMessages(lang);
    await page.setViewportSize({ width, height: 900 });
    const owner = await signUp(page, `Boutique ${lang}`);
    await page.context().addCookies([{ name: "lang", value: lang, url: page.url() }]);
    const funded = await request.post("/api/v1/sandbox/wallets/fund", { headers: { "X-API-Key": owner.key }, data: { currency: "XOF", amount: 500000 } });
    expect(funded.ok()).toBe(true);

    // Below any threshold: sent at once.
    const first = await sendMoney(page, lang, "5 000", { approval: false, axe: true });
    await expect(page.getByTestId("payout-sent")).toHaveText(money.send.sent);
    expect(first).toMatch(/^po_/);

    // The owner asks for approval above 10,000 XOF and invites a finance member.
    await page.goto("/dashboard/approvals");
    await expect(page.getByTestId("approvals-none")).toHaveText(money.approvals.none);
    const thresholds = page.getByTestId("approval-thresholds");
    await thresholds.getByLabel(fill(money.approvals.threshold, { currency: "XOF" })).fill("10000");
    await thresholds.getByRole("button", { name: money.approvals.save }).click();
    await expect(thresholds.getByText(money.approvals.saved)).toBeVisible();
    const memberEmail = `finance-${unique()}@test.local`;
    await page.goto("/dashboard/team");
    const invite = page.getByTestId("invite-form");
    await invite.locator("input[name=email]").fill(memberEmail);
    await invite.locator("select[name=role]").selectOption("finance");
    await invite.locator("button[type=submit]").click();
    await expect(invite.locator(".success")).toBeVisible();

    // The member joins and sends 50,000: held, waiting for approval.
    const member = await newMemberPage(browser, lang, width);
    await member.goto(await mailedLink(memberEmail, "team_invitation", /https?:\/\/\S+\/invite\/accept\?token=\S+/));
    await member.locator("input[name=password]").fill("finance long password");
    await member.getByTestId("accept-invite").locator("button[type=submit]").click();
    // Joining hashes the password (scrypt, 128 MB): slow on a busy machine.
    await expect(member.getByRole("heading", { level: 1, name: m.overview.title })).toBeVisible({ timeout: 30_000 });
    const held = await sendMoney(member, lang, "50000", { approval: true });
    await expect(member.getByTestId("payout-awaiting-approval")).toContainText(money.send.awaiting);
    await member.goto("/dashboard/approvals");
    await expect(member.getByTestId("approval-mine")).toHaveText(money.approvals.yours);

    // The owner sees it on the overview and approves it: it leaves the waiting state.
    await page.goto("/dashboard");
    await expect(page.getByTestId("overview-approvals")).toHaveText(money.overview.approvalsOne);
    await page.getByTestId("overview-approvals").click();
    const card = page.getByTestId("approvals").locator("li").first();
    await expect(card.getByTestId("approval-amount")).toContainText("50");
    await expectNoSeriousA11yViolations(page, `approvals (${lang})`);
    await card.getByRole("button", { name: money.approvals.approve }).click();
    await expect(page.getByTestId("approval-done")).toHaveText(money.approvals.approved);
    await page.goto(`/dashboard/payouts/${held}`);
    await expect(page.getByTestId("payout-awaiting-approval")).toHaveCount(0);
    await expect(page.getByTestId("payout-status")).not.toHaveText(m.status.cancelled);

    // The member forgot their password: the e-mailed link, a new password, every session ended.
    const other = await newMemberPage(browser, lang, width);
    await other.getByRole("link", { name: auth.forgotLink }).click();
    await expect(other.getByRole("heading", { level: 1, name: auth.forgot.title })).toBeVisible();
    await other.getByLabel(auth.forgot.email).fill(memberEmail);
    await other.getByRole("button", { name: auth.forgot.submit }).click();
    await expect(other.getByTestId("reset-requested")).toContainText(memberEmail);
    await other.goto(await mailedLink(memberEmail, "password_reset", /https?:\/\/\S+\/login\/reset\?token=\S+/));
    await expect(other.getByText(auth.passwordRule)).toBeVisible();
    await expectNoSeriousA11yViolations(other, `password reset (${lang})`);
    await other.getByLabel(auth.reset.password, { exact: true }).fill("a brand new passphrase");
    await other.getByLabel(auth.reset.confirm).fill("a brand new passphrase");
    await other.getByRole("button", { name: auth.reset.submit }).click();
    await expect(other.getByTestId("password-reset-done")).toHaveText(auth.reset.done, { timeout: 30_000 });
    // The member's open session ended with the reset.
    await member.goto("/dashboard");
    await expect(member).toHaveURL(/\/login/);
    await other.getByLabel(m.login.email).fill(memberEmail);
    await other.getByLabel(m.login.password, { exact: true }).fill("a brand new passphrase");
    await other.getByRole("button", { name: m.login.submit }).click();
    await expect(other.getByRole("heading", { level: 1, name: m.overview.title })).toBeVisible({ timeout: 30_000 });
    // The link is spent.
    await other.goto(await mailedLink(memberEmail, "password_reset", /https?:\/\/\S+\/login\/reset\?token=\S+/));
    await expect(other.getByTestId("reset-link-problem")).toHaveText(auth.reset.used);
  });
}
