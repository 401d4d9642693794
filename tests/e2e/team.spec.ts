import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { alert, mailedLink, nav, signUp, unique } from "./helpers/dashboard";
import { logIn } from "./helpers/log-in";

/**
 * Team and two-factor: an owner invites a colleague by e-mail, the colleague joins
 * from the link with the role given and is refused what the role does not allow; two-factor
 * set-up, then a sign-in that asks for the app's code (computed here with the same library).
 */

/** The invitation link last e-mailed to `email`. */
const invitationLink = (email: string) => mailedLink(email, "team_invitation", /https?:\/\/\S+\/invite\/accept\?token=\S+/);

test("invite → accept → the viewer is refused what the role does not allow; the owner removes them", async ({ page, browser }) => {
  await signUp(page, "Boutique Équipe");
  await nav(page).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const email = `viewer-${unique()}@test.local`;
  const invite = page.getByTestId("invite-form");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByText("Invitation sent")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("team-invitations")).toContainText(email);

  // The colleague, in their own browser: the link, a password, and the dashboard.
  const colleague = await browser.newContext();
  const them = await colleague.newPage();
  await them.goto(await invitationLink(email));
  await expect(them.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
  await expect(them.getByText(`${email} is invited to Boutique Équipe as Viewer`)).toBeVisible();
  await them.getByLabel("Password (at least 10 characters)").fill("viewer long password");
  await them.getByRole("button", { name: "Join the team" }).click();
  await expect(them.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(them.getByTestId("user-role")).toHaveText("(Viewer)");
  // The viewer's menu has no keys, webhooks, team or audit; typing the address gets a clear refusal.
  await expect(nav(them).getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(nav(them).getByRole("link", { name: "Team" })).toHaveCount(0);
  await them.goto("/dashboard/api-keys");
  await expect(them.getByTestId("role-refusal")).toHaveText(/Your role \(Viewer\) does not give access to API keys: that needs the Owner or Developer role\. Ask an owner/);
  await them.goto("/dashboard/team");
  await expect(them.getByTestId("role-refusal")).toContainText("the team");
  await them.goto("/dashboard/payments");
  await expect(them.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(them.getByTestId("payments-csv")).toHaveCount(0);
  // The export itself (finance's) is refused too, not only its link hidden.
  await them.goto("/dashboard/payments/export");
  await expect(them.getByTestId("role-refusal")).toContainText("balances, payouts, refunds and exports");
  // The same link again is spent.
  const spent = await colleague.newPage();
  await spent.goto(await invitationLink(email));
  await expect(spent.getByTestId("invite-problem")).toContainText("already been used");

  // The owner sees the member, and the audit log says who joined.
  await page.reload();
  const row = page.getByTestId("team-member").filter({ hasText: email });
  await expect(row).toBeVisible();
  await nav(page).getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("Action").selectOption("team.member_joined");
  await page.getByRole("button", { name: "Filter" }).click();
  // A sentence, by the member's address (not the raw `dashboard:` actor or JSON).
  await expect(page.getByTestId("audit-log")).toContainText(`${email} joined as Viewer.`);
  await expect(page.getByTestId("audit-log")).not.toContainText("team.member_invited");

  // Removed: the member's next page is the login page.
  await page.goto("/dashboard/team");
  const member = page.getByTestId("team-member").filter({ hasText: email });
  await member.getByText("Remove…").click();
  await member.getByRole("button", { name: "Yes, remove" }).click();
  await expect(member).toHaveCount(0);
  await them.goto("/dashboard");
  await expect(them).toHaveURL(/\/login/);
  await colleague.close();
});

test("the last owner cannot remove themselves", async ({ page }) => {
  const owner = await signUp(page, "Boutique Seule");
  await page.goto("/dashboard/team");
  const me = page.getByTestId("team-member").filter({ hasText: owner.email });
  await me.getByText("Remove…").click();
  await me.getByRole("button", { name: "Yes, remove" }).click();
  await expect(alert(page, "The account must keep at least one owner")).toBeVisible();
});

test("two-factor: enrol with the app's code, keep the recovery codes, then sign-in asks for a code", async ({ page }) => {
  const owner = await signUp(page, "Boutique 2FA");
  await nav(page).getByRole("link", { name: "Settings" }).click();
  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("6-digit code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(alert(page, "This code is not right")).toBeVisible();
  await page.getByLabel("6-digit code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Your recovery codes" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, owner);
  // The password alone opens nothing: the second step asks for the code.
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, owner);
  await page.getByLabel("Code", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert(page, "This code is not right")).toBeVisible();
  // The next time step's code (the enrolment's own code cannot be used twice).
  await page.getByLabel("Code", { exact: true }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.goto("/dashboard/settings/two-factor");
  await expect(page.getByTestId("two-factor-status")).toContainText("Recovery codes left: 10.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner requires two-factor; the invited developer joins, is sent to set it up, then signs in with a code", async ({ page, browser }) => {
    await signUp(page, "Boutique Sans JS");
    // The owner must have two-factor before requiring it of the team.
    await page.goto("/dashboard/settings/two-factor");
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const ownerSecret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("6-digit code from the app").fill(await generate({ secret: ownerSecret }));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await page.goto("/dashboard/team");
    await page.getByLabel("Require two-factor sign-in for every member").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved.")).toBeVisible();

    const email = `dev-${unique()}@test.local`;
    await page.goto("/dashboard/team");
    const invite = page.getByTestId("invite-form");
    await invite.getByLabel("E-mail").fill(email);
    await invite.getByLabel("Role").selectOption("developer");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent")).toBeVisible();

    const colleague = await browser.newContext({ javaScriptEnabled: false });
    const them = await colleague.newPage();
    await them.goto(await invitationLink(email));
    await them.getByLabel("Password (at least 10 characters)").fill("developer long password");
    await them.getByRole("button", { name: "Join the team" }).click();
    // Every page but their own settings sends them to set two-factor up first.
    await expect(them.getByTestId("two-factor-required")).toBeVisible();
    await them.goto("/dashboard/api-keys");
    await expect(them).toHaveURL(/\/dashboard\/settings\/two-factor\?required=1/);
    await them.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secret = (await them.getByTestId("totp-secret").textContent())!.trim();
    await them.getByLabel("6-digit code from the app").fill(await generate({ secret }));
    await them.getByRole("button", { name: "Turn on" }).click();
    await expect(them.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await them.goto("/dashboard/api-keys");
    await expect(them.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    // A developer does not see the audit log, even on the keys page.
    await expect(them.getByTestId("audit-log")).toHaveCount(0);
    await them.goto("/dashboard/balances");
    await expect(them.getByTestId("balance-mode-form")).toHaveCount(0);

    await them.getByRole("button", { name: "Log out" }).click();
    await logIn(them, { email, password: "developer long password" });
    await expect(them.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    await them.getByLabel("Code", { exact: true }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await them.getByRole("button", { name: "Sign in" }).click();
    await expect(them.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await colleague.close();
  });
});
