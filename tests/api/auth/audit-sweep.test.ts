import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as refundRoute } from "@/app/api/v1/payments/[transactionId]/refund/route";
import { POST as fundRoute } from "@/app/api/v1/sandbox/wallets/fund/route";
import { POST as rotateSecretRoute } from "@/app/api/v1/webhooks/endpoint/rotate-secret/route";
import { PUT as setEndpointRoute } from "@/app/api/v1/webhooks/endpoint/route";
import { POST as createLinkRoute } from "@/app/api/v1/payment-links/route";
import { POST as deactivateLinkRoute } from "@/app/api/v1/payment-links/[paymentLinkId]/deactivate/route";
import { contracts } from "@/app/api/v1/contracts";
import { getPrisma } from "@/lib/db/client";
import { bulkCsvTemplate } from "@/lib/dashboard/bulk-payouts";
import { opsCommands } from "@/lib/ops/commands";
import { call } from "../../helpers/http";
import { createBulk, legacyItem } from "../../helpers/bulk-payouts";
import { fund } from "../../helpers/ledger";
import { directBody, driveToFinal as drivePayment, initiatePayment } from "../../helpers/payments";
import { cancel, quoteAndInitiate, quoteBody, recipient } from "../../helpers/payouts";
import { enterProduction, ops, restoreEnv } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "../../unit/dashboard/helpers";

/**
 * Every operation that moves a merchant's money or changes who may do what writes exactly one
 * audit row, from every entry point: the API (route handlers), the dashboard (its server
 * actions, as a browser's POST reaches them) and the operators' CLI (ops commands). The tables
 * below classify every non-GET API operation, every server action and every ops command: a new
 * one fails the first tests until it is placed, with the row it writes or the reason it writes
 * none. The audit row is part of the domain operation (a required argument), so no caller can
 * leave it out.
 *
 * Stubbed, as in dashboard-actions-authorisation.test.ts: next-auth's cookie → claims step and
 * Next's page-cache revalidation, which need a running Next request.
 */
const session = vi.hoisted(() => ({ claims: null as null | Record<string, unknown> }));
vi.mock("next-auth/jwt", async (original) => ({ ...(await original<typeof import("next-auth/jwt")>()), decode: async () => session.claims }));
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), revalidatePath: () => undefined }));
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  cookies: async () => ({ get: (name: string) => (name.endsWith("next-auth.session-token") && session.claims ? { value: "stub" } : undefined), set: () => undefined }),
  headers: async () => new Headers(),
}));

/** API operations (operationId) that move money or change permissions → their audit action. */
const API_AUDITED: Record<string, string> = {
  initiatePayout: "payout.created",
  cancelPayout: "payout.cancelled",
  createBulkPayout: "payout.bulk_created",
  refundPayment: "refund.created",
  fundSandboxWallet: "ledger.sandbox_funded",
  setWebhookEndpoint: "webhook.url_set",
  rotateWebhookSecret: "webhook.secret_rotated",
  createPaymentLink: "payment_link.created",
  deactivatePaymentLink: "payment_link.deactivated",
};
/** The other non-GET API operations, and why they write no audit row. */
const API_NOT_AUDITED: Record<string, string> = {
  initiatePayment: "asks a customer to pay: no money of the merchant moves, nothing about access changes",
  cancelPayment: "withdraws a payment request nobody has paid",
  createPayoutQuote: "prices a payout; nothing is held or sent",
  predictProvider: "reads the numbering plans",
  settleSandboxBalances: "does now what the settlement timer does (sandbox only): the merchant's own money from pending to available",
  resendWebhookEvent: "delivers an event again; no money, no access",
  receiveConnectorCallback: "an operator's report, applied by the order engine (its own status history)",
  receiveConnectorCallbackPut: "the same, as MTN MoMo may send it",
};

/** Dashboard server actions → the audit action they write. */
const DASHBOARD_AUDITED: Record<string, string> = {
  rotateKeysAction: "api_keys.rotated",
  revokeKeyAction: "api_keys.revoked",
  saveWebhookUrlAction: "webhook.url_set",
  revealWebhookSecretAction: "webhook.secret_revealed",
  rotateWebhookSecretAction: "webhook.secret_rotated",
  enableWebhookEndpointAction: "webhook.enabled",
  addTestFundsAction: "ledger.sandbox_funded",
  changeBalanceModeAction: "merchant.balance_mode_changed",
  moveFundsAction: "ledger.funds_moved",
  cancelPayoutAction: "payout.cancelled",
  refundPaymentAction: "refund.created",
  confirmBulkPayoutAction: "payout.bulk_created",
  inviteMemberAction: "team.member_invited",
  revokeInvitationAction: "team.invitation_revoked",
  // Run with their own setup (a second member, an enrolled authenticator) in
  // tests/unit/identity/team.test.ts and two-factor.test.ts, which check their rows.
  changeMemberRoleAction: "team.role_changed",
  removeMemberAction: "team.member_removed",
  setTeamTwoFactorAction: "two_factor.team_required",
  confirmTwoFactorAction: "two_factor.enabled",
  disableTwoFactorAction: "two_factor.disabled",
  regenerateRecoveryCodesAction: "two_factor.recovery_codes_replaced",
  submitVerificationAction: "merchant.verification_submitted",
  saveBrandingAction: "branding.updated",
  // Money screens (app/_dashboard/money-actions.ts), run in tests/unit/dashboard/send-money.test.ts and approvals.test.ts.
  confirmSendMoneyAction: "payout.created",
  decideApprovalAction: "payout.approved",
  saveApprovalThresholdsAction: "payout.approval_threshold_set",
  // Run in tests/unit/identity/password-reset.test.ts.
  resetPasswordAction: "password.reset",
};
const DASHBOARD_NOT_AUDITED: Record<string, string> = {
  signUpAction: "e-mails a link; the account is created by confirmSignUpAction",
  confirmSignUpAction: "creates the account and its first owner (the merchant's first row: nobody else to answer to)",
  loginAction: "a sign-in, throttled and lockable (login attempts are kept apart)",
  twoFactorLoginAction: "sign-in step two (a recovery code used is audited by the sign-in itself)",
  logoutAction: "ends the caller's own sessions",
  acceptInvitationAction: "joins a team from an invitation (team.member_joined is written by the invitation's acceptance)",
  setLanguageAction: "a cookie",
  saveTimeZoneAction: "a display preference",
  changePasswordAction: "the user's own credential: every other session ends and the user is e-mailed",
  startTwoFactorAction: "begins an enrolment; nothing changes until it is confirmed",
  resendWebhookAction: "delivers an event again",
  previewBulkPayoutAction: "checks a file, writes nothing",
  reviewSendMoneyAction: "prices a payout (a quote); nothing is held or sent",
  requestPasswordResetAction: "e-mails a link (the same answer for every address); the reset itself is audited",
  predictOperatorAction: "reads the numbering plans",
};
/** Dashboard actions this file runs (the rest of DASHBOARD_AUDITED: see the comment above). */
const DASHBOARD_RUN_HERE = [
  "addTestFundsAction",
  "cancelPayoutAction",
  "refundPaymentAction",
  "confirmBulkPayoutAction",
  "changeBalanceModeAction", // then the move, which needs the separate mode
  "moveFundsAction",
  "rotateKeysAction",
  "revokeKeyAction",
  "saveWebhookUrlAction",
  "rotateWebhookSecretAction",
  "inviteMemberAction",
];

/** Ops commands → the audit action they write. */
const OPS_AUDITED: Record<string, string> = {
  "merchant:set-limits": "merchant.limits_changed",
  "merchant:set-plan": "merchant.plan_changed",
  "merchant:set-balance-mode": "merchant.balance_mode_changed",
  "merchant:grant-credit": "ledger.credit_granted",
  "merchant:verify": "merchant.verified",
  "keys:rotate": "api_keys.rotated",
  "keys:revoke": "api_keys.revoked",
  "webhook:set": "webhook.url_set",
  "webhook:rotate-secret": "webhook.secret_rotated",
  "dashboard:reset-two-factor": "two_factor.reset",
};
/** Audited ops commands whose rows are checked with their own setup (an order held for review). */
const OPS_AUDITED_ELSEWHERE: Record<string, string> = {
  "orders:resolve": "order.resolved", // tests/flows/order-review.test.ts
  "orders:cancel-held": "order.cancel_held_requested", // tests/flows/production-held-payouts-flow.test.ts
  "recon:resolve": "reconciliation.resolved", // tests/flows/reconciliation.test.ts
};
const OPS_NOT_AUDITED: Record<string, string> = {
  "merchant:create": "creates a merchant (its first row)",
  "merchant:list": "reads",
  "webhook:show": "reads",
  "webhook:enable": "re-enables delivery after 410s; access unchanged",
  "webhook:reencrypt": "re-encrypts stored secrets under a new key; nothing a merchant sees changes",
  "webhooks:redeliver": "delivers events again",
  "connector:add": "platform configuration, not a merchant's",
  "connector:list": "reads",
  "connector:remove": "platform configuration",
  "connector:check": "reads an operator's health",
  "connector:calls": "reads",
  "connector:recheck": "asks an operator; its answer is applied by the order engine",
  "payments:recheck": "the same, for payments",
  "route:set": "platform configuration",
  "route:list": "reads",
  "route:remove": "platform configuration",
  "dashboard:seed-payments": "benchmark data",
  "jobs:list": "reads",
  "jobs:retry": "runs a job again",
  "jobs:stats": "reads",
  "ledger:reconcile": "reads and compares",
  "orders:duplicates": "reads",
  "ledger:settle": "the settlement job's own run (pending → available, as the timer would)",
  "fx:set": "platform rates",
  "fx:list": "reads",
  "channel:set": "platform catalogue",
  "channel:list": "reads",
  "tariff:list": "reads",
  "tariff:set-payout": "platform tariff",
  "tariff:set-collect": "platform tariff",
  "numbering:list": "reads",
  "numbering:set": "platform reference data",
  "numbering:remove": "platform reference data",
  "numbering:plan": "reads",
  "reference:sync": "platform reference data (the seed's catalogue; merchants' rows untouched)",
  "orders:review": "reads",
  "recon:run": "compares our orders with the operator's records and stores the mismatches; no order or money changes",
  "recon:import": "the same, from an operator's statement file",
  "recon:report": "reads",
  "dashboard:rebuild-volumes": "recomputes a derived table from the payments it summarises",
};

type Action = (prev: unknown, form: FormData) => Promise<unknown>;
let actions: Record<string, Action> = {};

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-123";
  await ensureReferenceData();
  actions = { ...(await import("@/app/_dashboard/actions")), ...(await import("@/app/_dashboard/money-actions")) } as unknown as Record<string, Action>;
}, 300_000); // the dashboard's whole action module loads here
beforeEach(() => {
  session.claims = null;
});

const auditRows = async (merchantId: string) => (await getPrisma()).auditLog.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** Runs `operation` and returns the audit rows it added for the merchant. */
async function rowsWrittenBy(merchantId: string, operation: () => Promise<unknown>) {
  const before = new Set((await auditRows(merchantId)).map((r) => r.id));
  await operation();
  return (await auditRows(merchantId)).filter((r) => !before.has(r.id));
}

describe("every entry point is classified", () => {
  it("API: every operation that writes is audited or says why not", () => {
    const writes = contracts.filter((c) => c.method !== "GET").map((c) => c.operationId);
    expect(writes.sort()).toEqual([...Object.keys(API_AUDITED), ...Object.keys(API_NOT_AUDITED)].sort());
  });
  it("dashboard: every server action", () => {
    const names = Object.entries(actions).filter(([, v]) => typeof v === "function").map(([k]) => k);
    expect(names.sort()).toEqual([...Object.keys(DASHBOARD_AUDITED), ...Object.keys(DASHBOARD_NOT_AUDITED)].sort());
  });
  it("ops: every command", () => {
    expect(opsCommands.map((c) => c.name).sort()).toEqual([...Object.keys(OPS_AUDITED), ...Object.keys(OPS_AUDITED_ELSEWHERE), ...Object.keys(OPS_NOT_AUDITED)].sort());
  });
});

describe("the API writes exactly one audit row per operation", () => {
  it("payout, its cancel, a bulk, a refund, a sandbox funding: one row each, actor the public key", async () => {
    const m = await signedUpMerchant();
    const merchantId = m.scope.merchantId;
    const actor = `api:${m.keys.publicKey}`;
    const written: [string, string[]][] = [];
    const note = (name: string, rows: { action: string; actor: string }[]) => {
      written.push([name, rows.map((r) => `${r.action} by ${r.actor}`)]);
    };

    note(
      "fundSandboxWallet",
      await rowsWrittenBy(merchantId, async () => {
        const res = await call(fundRoute, { path: "/sandbox/wallets/fund", headers: m.headers, body: { currency: "XOF", amount: 1_000_000 } });
        expect(res.status).toBe(201);
      }),
    );
    let payoutId = "";
    note(
      "initiatePayout",
      await rowsWrittenBy(merchantId, async () => {
        const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
        expect(payout.status).toBe(201);
        payoutId = payout.json.transactionId;
      }),
    );
    note("cancelPayout", await rowsWrittenBy(merchantId, async () => expect((await cancel(m.headers, payoutId)).status).toBe(200)));
    note(
      "createBulkPayout",
      await rowsWrittenBy(merchantId, async () => {
        const res = await createBulk(m.headers, { items: [legacyItem(), legacyItem(), legacyItem()] });
        expect(res.status).toBe(201);
      }),
    );
    const paid = await initiatePayment(m.headers, directBody());
    expect((await drivePayment(paid.json.data.transactionId)).status).toBe("success");
    await fund(merchantId, "XOF", 100_000n, "collect"); // the refund draws on settled money
    note(
      "refundPayment",
      await rowsWrittenBy(merchantId, async () => {
        const id = paid.json.data.transactionId;
        expect((await call(refundRoute, { path: `/payments/${id}/refund`, headers: m.headers, body: { amount: 1000 }, params: { transactionId: id } })).status).toBe(201);
      }),
    );
    note(
      "setWebhookEndpoint",
      await rowsWrittenBy(merchantId, async () => {
        expect((await call(setEndpointRoute, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: { url: "https://merchant.example/hooks" } })).status).toBe(200);
      }),
    );
    note(
      "rotateWebhookSecret",
      await rowsWrittenBy(merchantId, async () => {
        expect((await call(rotateSecretRoute, { method: "POST", path: "/webhooks/endpoint/rotate-secret", headers: m.headers })).status).toBe(201);
      }),
    );
    let linkId = "";
    note(
      "createPaymentLink",
      await rowsWrittenBy(merchantId, async () => {
        const res = await call(createLinkRoute, { path: "/payment-links", headers: m.headers, body: { title: "Audit sweep", amount: 5000, currency: "XOF", countries: ["SN"] } });
        expect(res.status).toBe(201);
        linkId = res.json.id;
      }),
    );
    note(
      "deactivatePaymentLink",
      await rowsWrittenBy(merchantId, async () => {
        expect((await call(deactivateLinkRoute, { method: "POST", path: `/payment-links/${linkId}/deactivate`, headers: m.headers, params: { paymentLinkId: linkId } })).status).toBe(200);
      }),
    );
    expect(Object.fromEntries(written)).toEqual(Object.fromEntries(Object.entries(API_AUDITED).map(([op, action]) => [op, [`${action} by ${actor}`]])));
  });
});

describe("the dashboard writes exactly one audit row per action", () => {
  it("money, keys, webhooks and team actions: one row each, actor the signed-in person", async () => {
    const m = await signedUpMerchant();
    const merchantId = m.scope.merchantId;
    const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    session.claims = { userId: m.scope.userId, merchantId, environment: "sandbox", sessionVersion: user.sessionVersion };
    await fund(merchantId, "XOF", 2_000_000n);
    const paid = await initiatePayment(m.headers, directBody());
    expect((await drivePayment(paid.json.data.transactionId)).status).toBe("success");
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    // The bulk's two steps: the preview hands the confirmation its token.
    const preview = (await actions.previewBulkPayoutAction(null, bulkForm())) as {
      ok: boolean;
      data: { csv: string; requestKey: string };
    };
    expect(preview).toMatchObject({ ok: true });
    const forms: Record<string, FormData> = {
      addTestFundsAction: form({ currency: "XOF", amount: "5000" }),
      changeBalanceModeAction: form({ mode: "separate" }),
      moveFundsAction: form({ currency: "XOF", amount: "1000" }),
      cancelPayoutAction: form({ payoutId: payout.json.transactionId }),
      refundPaymentAction: form({ transactionId: paid.json.data.transactionId, amount: "1000", confirm: "refund" }),
      confirmBulkPayoutAction: form({ csv: preview.data.csv, atomic: "false", requestKey: preview.data.requestKey }),
      rotateKeysAction: form({ confirm: "rotate", grace: "24" }),
      revokeKeyAction: form({ confirm: "revoke", publicKey: m.keys.publicKey }),
      saveWebhookUrlAction: form({ url: "https://merchant.example/hooks" }),
      rotateWebhookSecretAction: form({ confirm: "rotate" }),
      inviteMemberAction: form({ email: `member-${Date.now()}@merchant.example`, role: "viewer" }),
    };
    expect(Object.keys(forms).sort()).toEqual([...DASHBOARD_RUN_HERE].sort());
    const written: Record<string, string[]> = {};
    for (const name of DASHBOARD_RUN_HERE) {
      const rows = await rowsWrittenBy(merchantId, async () => {
        const result = await actions[name](null, forms[name]).catch((e) => {
          // Cancel, refund and the bulk redirect to the object's page on success.
          if (!(typeof e?.digest === "string" && e.digest.startsWith("NEXT_REDIRECT;replace;/dashboard/"))) throw e;
          return { ok: true };
        });
        expect(result, name).toMatchObject({ ok: true });
      });
      written[name] = rows.map((r) => `${r.action} by ${r.actor}`);
    }
    expect(written).toEqual(Object.fromEntries(DASHBOARD_RUN_HERE.map((name) => [name, [`${DASHBOARD_AUDITED[name]} by dashboard:${m.email}`]])));
  });
});

/** The template's wallet rows (the bank row needs more than a sandbox merchant has). */
function bulkForm() {
  const lines = bulkCsvTemplate().trim().split("\r\n").slice(0, 3);
  const f = new FormData();
  f.set("file", new File([lines.join("\r\n").replaceAll("salary-2026-11", `sweep-${Date.now()}`)], "payouts.csv", { type: "text/csv" }));
  return f;
}

describe("ops commands write exactly one audit row each", () => {
  it("limits, plan, balance mode, credit, verification, keys, webhook URL and secret, two-factor reset", async () => {
    const m = await signedUpMerchant();
    const merchantId = m.scope.merchantId;
    const runs: [string, string[]][] = [
      ["merchant:set-limits", ["--merchant", merchantId, "--daily", "500000"]],
      ["merchant:set-plan", ["--merchant", merchantId, "--plan", "business"]],
      ["merchant:set-balance-mode", ["--merchant", merchantId, "--mode", "separate"]],
      ["merchant:grant-credit", ["--merchant", merchantId, "--currency", "XOF", "--amount", "1000"]],
      ["keys:rotate", ["--merchant", merchantId]],
      ["keys:revoke", ["--merchant", merchantId, "--key", m.keys.publicKey]],
      ["webhook:set", ["--merchant", merchantId, "--url", "https://merchant.example/ops-hooks"]],
      ["webhook:rotate-secret", ["--merchant", merchantId]],
      ["dashboard:reset-two-factor", ["--email", m.email]],
    ];
    expect([...runs.map(([name]) => name), "merchant:verify"].sort()).toEqual(Object.keys(OPS_AUDITED).sort());
    const written: Record<string, string[]> = {};
    for (const [name, args] of runs) {
      const rows = await rowsWrittenBy(merchantId, async () => {
        const result = await ops(name, ...args).catch((e: Error) => ({ code: 1, output: e.message }));
        expect(result.code, `${name}: ${result.output}`).toBe(0);
      });
      written[name] = rows.map((r) => r.action);
    }
    expect(written).toEqual(Object.fromEntries(runs.map(([name]) => [name, [OPS_AUDITED[name]]])));
  });

  it("merchant:verify (a production deployment's command): one row", async () => {
    const m = await signedUpMerchant();
    enterProduction();
    try {
      const rows = await rowsWrittenBy(m.scope.merchantId, async () => expect((await ops("merchant:verify", "--merchant", m.scope.merchantId)).code).toBe(0));
      expect(rows.map((r) => r.action)).toEqual(["merchant.verified"]);
    } finally {
      restoreEnv();
    }
  });

  it("merchant:set-limits refuses a minimum above the maximum and changes nothing", async () => {
    const m = await signedUpMerchant();
    const rows = await rowsWrittenBy(m.scope.merchantId, async () => {
      await expect(ops("merchant:set-limits", "--merchant", m.scope.merchantId, "--min", "900000", "--max", "1000")).rejects.toThrow(/minimum/);
    });
    expect(rows).toEqual([]);
    expect(await (await getPrisma()).merchantPayoutLimit.findMany({ where: { merchantId: m.scope.merchantId } })).toEqual([]);
  });
});
