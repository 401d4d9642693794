import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { createPaymentLink } from "@/lib/payment-links/create-payment-link";
import { fund } from "../../helpers/ledger";
import { directBody, initiatePayment } from "../../helpers/payments";
import { initiate as initiatePayout, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { recordTestEvent } from "../../helpers/webhooks";
import { invitedMember, signedUpMerchant } from "../../unit/dashboard/helpers";
import { can, type Permission } from "@/lib/identity/roles";
import { confirmTwoFactorEnrolment, setTeamTwoFactor, startTwoFactorEnrolment } from "@/lib/identity/two-factor/manage-two-factor";
import { generate } from "otplib";

/**
 * Every dashboard server action (app/_dashboard/actions.ts and
 * payment-link-actions.ts, enumerated from the modules, so a new action is covered the day it is exported) refuses without a session and
 * cannot reach another merchant's objects whatever ids its form carries.
 *
 * What is stubbed is the framework's side only: next-auth's cookie → claims step (the claims
 * are set per test; our own loadSessionScope still checks them against the database) and
 * Next's page-cache revalidation, which needs a running Next request.
 */
const session = vi.hoisted(() => ({ claims: null as null | Record<string, unknown> }));
vi.mock("next-auth/jwt", async (original) => ({ ...(await original<typeof import("next-auth/jwt")>()), decode: async () => session.claims }));
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), revalidatePath: () => undefined }));
// Actions read the browser's time-zone cookie (requireScope) and the language (a refusal's words);
// outside a request there is no cookie and no header.
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  cookies: async () => ({ get: (name: string) => (name.endsWith("next-auth.session-token") && session.claims ? { value: "stub" } : undefined), set: () => undefined }),
  headers: async () => new Headers(),
}));

/** Actions that run without a session on purpose, and why. */
const PUBLIC_ACTIONS: Record<string, string> = {
  signUpAction: "asks for a sign-up link by e-mail (refused when already logged in)",
  confirmSignUpAction: "creates an account from a sign-up link's single-use token (tests/unit/identity/sign-up-confirmation.test.ts)",
  setLanguageAction: "sets the language cookie; reads and writes no data",
  loginAction: "checks credentials, behind the per-account throttle (tests/unit/identity/login-throttle.test.ts)",
  logoutAction: "ends only the caller's own sessions, if any",
  twoFactorLoginAction: "sign-in step two: needs the challenge cookie of a checked password (tests/unit/identity/two-factor.test.ts)",
  acceptInvitationAction: "joins a team from an invitation's single-use token (tests/unit/identity/team.test.ts)",
  requestPasswordResetAction: "e-mails a reset link, the same answer for every address, rate limited (tests/unit/identity/password-reset.test.ts)",
  resetPasswordAction: "sets a new password from a reset link's single-use token and ends every session (tests/unit/identity/password-reset.test.ts)",
};

/**
 * What each action needs, written out here on purpose a second time (the rule itself lives in
 * lib/identity/roles.ts and each action names its permission in actions.ts): a new action must
 * be added here, and an action naming the wrong permission fails below.
 */
const ACTION_PERMISSIONS: Record<string, Permission> = {
  changePasswordAction: "self",
  saveTimeZoneAction: "self",
  startTwoFactorAction: "self",
  confirmTwoFactorAction: "self",
  disableTwoFactorAction: "self",
  regenerateRecoveryCodesAction: "self",
  rotateKeysAction: "keys",
  revokeKeyAction: "keys",
  saveWebhookUrlAction: "webhooks",
  revealWebhookSecretAction: "webhooks",
  rotateWebhookSecretAction: "webhooks",
  enableWebhookEndpointAction: "webhooks",
  resendWebhookAction: "webhooks",
  addTestFundsAction: "money",
  changeBalanceModeAction: "money",
  moveFundsAction: "money",
  cancelPayoutAction: "money",
  refundPaymentAction: "money",
  previewBulkPayoutAction: "money",
  confirmBulkPayoutAction: "money",
  submitVerificationAction: "account",
  saveBrandingAction: "branding",
  inviteMemberAction: "team",
  revokeInvitationAction: "team",
  changeMemberRoleAction: "team",
  removeMemberAction: "team",
  setTeamTwoFactorAction: "team",
  createPaymentLinkAction: "money",
  deactivatePaymentLinkAction: "money",
};

type Action = (prev: unknown, form: FormData) => Promise<unknown>;
let actions: [string, Action][] = [];
let a: Awaited<ReturnType<typeof signedUpMerchant>>;
let b: Awaited<ReturnType<typeof signedUpMerchant>>;
const ids = { payment: "", payout: "", event: "", paymentLink: "" };

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-123";
  await ensureReferenceData();
  const mod = { ...(await import("@/app/_dashboard/actions")), ...(await import("@/app/_dashboard/payment-link-actions")) } as Record<string, unknown>;
  actions = Object.entries(mod).filter((e): e is [string, Action] => typeof e[1] === "function" && !(e[0] in PUBLIC_ACTIONS));
  a = await signedUpMerchant();
  b = await signedUpMerchant();
  await fund(a.scope.merchantId, "XOF", 1_000_000n);
  ids.payment = (await initiatePayment(a.headers, directBody())).json.data.transactionId;
  ids.payout = (await initiatePayout(a.headers, { amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: `dash-${Date.now()}` })).json.transactionId;
  ids.event = (await recordTestEvent(a.scope.merchantId, { hold: true })).id;
  ids.paymentLink = (await createPaymentLink({ merchantId: a.scope.merchantId, environment: "sandbox" }, { title: "A's link", amount: 5_000, currency: "XOF" })).id;
  await setWebhookUrl(a.scope.merchantId, "sandbox", "https://a.merchant.example/hooks", "test", { lookup: async () => [{ address: "93.184.216.34", family: 4 }] });
});

beforeEach(() => {
  session.claims = null;
});

/** Everything of merchant A an action could change. */
async function snapshotOfA() {
  const prisma = await getPrisma();
  const merchantId = a.scope.merchantId;
  const [merchant, keys, audit, endpoint, events, payouts, payments, entries, users, invitations, branding, paymentLinks] = await Promise.all([
    prisma.merchant.findUniqueOrThrow({ where: { id: merchantId } }),
    prisma.apiKey.findMany({ where: { merchantId }, orderBy: { id: "asc" } }),
    prisma.auditLog.count({ where: { merchantId } }),
    prisma.webhookEndpoint.findMany({ where: { merchantId } }),
    prisma.webhookEvent.findMany({ where: { merchantId }, select: { id: true, status: true, attempts: true }, orderBy: { id: "asc" } }),
    prisma.payout.findMany({ where: { merchantId }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
    prisma.payment.findMany({ where: { merchantId }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
    prisma.ledgerEntry.count({ where: { merchantId } }),
    prisma.dashboardUser.findMany({ where: { merchantId }, select: { id: true, role: true, sessionVersion: true, totpEnabledAt: true }, orderBy: { id: "asc" } }),
    prisma.teamInvitation.count({ where: { merchantId } }),
    prisma.merchantBranding.findUnique({ where: { merchantId }, select: { displayName: true, accentColor: true, logoSha256: true } }),
    prisma.paymentLink.findMany({ where: { merchantId }, select: { id: true, deactivatedAt: true, title: true }, orderBy: { id: "asc" } }),
  ]);
  return JSON.parse(JSON.stringify({ merchant, keys, audit, endpoint, events, payouts, payments, entries, users, invitations, branding, paymentLinks }, (_, v) => (typeof v === "bigint" ? String(v) : v)));
}

/** A form that names A's objects in every field an action might read. */
function formNamingA(confirm: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    merchantId: a.scope.merchantId,
    eventId: ids.event,
    payoutId: ids.payout,
    transactionId: ids.payment,
    paymentLinkId: ids.paymentLink,
    title: "Intruder's link",
    publicKey: a.keys.publicKey,
    confirm,
    grace: "0",
    url: "https://attacker.example/hooks",
    currency: "XOF",
    amount: "1000",
    mode: "separate",
    userId: a.scope.userId,
    role: "viewer",
    email: "intruder@attacker.example",
    required: "on",
    displayName: "Intruder",
    accentColor: "#000000",
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const isLoginRedirect = (err: unknown) => typeof (err as { digest?: unknown })?.digest === "string" && /^NEXT_REDIRECT;[a-z]+;\/login;/.test((err as { digest: string }).digest);

describe("dashboard server actions", () => {
  it("are all found, and the public ones are the listed ones", () => {
    expect(actions.length).toBeGreaterThanOrEqual(10);
    expect(actions.map(([name]) => name)).toEqual(expect.arrayContaining(["rotateKeysAction", "revokeKeyAction", "resendWebhookAction", "cancelPayoutAction", "saveWebhookUrlAction"]));
  });

  it("without a session, or with a session whose claims do not match a user of that merchant, send to /login and change nothing", async () => {
    const before = await snapshotOfA();
    const failures: string[] = [];
    const sessions: [string, Record<string, unknown> | null][] = [
      ["no session", null],
      ["B's user claiming A's merchant", { userId: b.scope.userId, merchantId: a.scope.merchantId, environment: "sandbox" }],
      ["A's claims for the other environment", { userId: a.scope.userId, merchantId: a.scope.merchantId, environment: "production" }],
      ["claims of no user", { userId: "usr_nobody", merchantId: a.scope.merchantId, environment: "sandbox" }],
    ];
    for (const [label, claims] of sessions) {
      session.claims = claims;
      for (const [name, action] of actions) {
        const outcome = await action(null, formNamingA("rotate")).then(
          (r) => ({ returned: r }),
          (e) => ({ thrown: e }),
        );
        if (!("thrown" in outcome) || !isLoginRedirect(outcome.thrown)) failures.push(`${name} with ${label}: ${JSON.stringify(outcome).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("with another merchant's session cannot touch A's objects, whatever ids the form names", async () => {
    const before = await snapshotOfA();
    session.claims = { userId: b.scope.userId, merchantId: b.scope.merchantId, environment: "sandbox" };
    for (const confirm of ["rotate", "revoke", "deactivate"]) {
      for (const [, action] of actions) {
        await action(null, formNamingA(confirm)).catch((e) => {
          // A redirect after success (a cancelled payout of B's own) is fine; anything else is a bug.
          if (!(typeof e?.digest === "string" && e.digest.startsWith("NEXT_REDIRECT"))) throw e;
        });
      }
    }
    expect(await snapshotOfA()).toEqual(before);
    // …and A's key still works: the revoke form named it.
    const auth = await import("@/lib/auth/authenticate");
    expect((await auth.authenticateApiKey(new Headers(a.headers))).merchant.id).toBe(a.scope.merchantId);
  });

  it("every action names its permission (the table above lists them all)", () => {
    expect(actions.map(([name]) => name).sort()).toEqual(Object.keys(ACTION_PERMISSIONS).sort());
  });

  it("a member whose role lacks an action's permission gets a clear refusal, and nothing of the merchant changes", async () => {
    const failures: string[] = [];
    for (const role of ["viewer", "developer", "finance"] as const) {
      const member = await invitedMember(a.scope, role);
      const before = await snapshotOfA();
      session.claims = { userId: member.scope.userId, merchantId: a.scope.merchantId, environment: "sandbox", sessionVersion: 0 };
      for (const [name, action] of actions) {
        const permission = ACTION_PERMISSIONS[name];
        if (can(role, permission)) continue;
        const outcome = (await action(null, formNamingA(permission === "keys" ? "revoke" : "rotate")).catch((e) => ({ thrown: String(e?.digest ?? e) }))) as { code?: string; error?: string };
        const clear = outcome.code === "forbidden" && outcome.error?.includes(`Your role (`) && outcome.error.includes("Ask an owner");
        if (!clear) failures.push(`${role} ${name}: ${JSON.stringify(outcome).slice(0, 160)}`);
      }
      expect(await snapshotOfA()).toEqual(before);
      // The member is still there: nothing removed them either.
      expect(await (await getPrisma()).dashboardUser.count({ where: { id: member.scope.userId } })).toBe(1);
    }
    expect(failures).toEqual([]);
  });

  it("when the team requires two-factor, a member without it is refused everything but their own settings", async () => {
    const c = await signedUpMerchant();
    const started = await startTwoFactorEnrolment(c.scope);
    if (!started.ok) throw new Error(started.error);
    await confirmTwoFactorEnrolment(c.scope, { code: await generate({ secret: started.data.secret }) });
    const dev = await invitedMember(c.scope, "developer");
    expect(await setTeamTwoFactor(c.scope, { required: "on" })).toMatchObject({ ok: true });
    session.claims = { userId: dev.scope.userId, merchantId: c.scope.merchantId, environment: "sandbox", sessionVersion: 0 };
    const mod = (await import("@/app/_dashboard/actions")) as Record<string, Action>;
    expect(await mod.rotateKeysAction(null, formNamingA("rotate"))).toMatchObject({ ok: false, code: "two_factor_required", error: expect.stringContaining("Settings") });
    // Their own two-factor set-up stays open: it is how they comply.
    expect(await mod.startTwoFactorAction(null, new FormData())).toMatchObject({ ok: true, data: { uri: expect.stringMatching(/^otpauth:/) } });
  });

  it("with the owner's session do act (the refusals above are about ownership, not broken forms)", async () => {
    session.claims = { userId: a.scope.userId, merchantId: a.scope.merchantId, environment: "sandbox", sessionVersion: 0 };
    const mod = (await import("@/app/_dashboard/actions")) as Record<string, Action>;
    const revoked = (await mod.revokeKeyAction(null, formNamingA("revoke"))) as { ok: boolean };
    expect(revoked.ok).toBe(true);
    const prisma = await getPrisma();
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { publicKey: a.keys.publicKey } })).revokedAt).not.toBeNull();
  });
});
