import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { NeutralReason } from "@/lib/connectors/connector";
import { mtnMomoConnector as mtn } from "@/lib/connectors/mtn-momo";
import type { MtnStatus } from "@/simulators/mtn-momo";
import { collectOrder, type MtnSetup, payoutOrder, refOf, refundOrder, startMtnSetup } from "./mtn-setup";

// The connector against its contract simulator over real HTTP (lib/connectors/mtn-momo/README.md).
let setup: MtnSetup | null = null;
afterEach(async () => {
  await setup?.sim.close();
  setup = null;
});
async function start(options: Parameters<typeof startMtnSetup>[0] = {}) {
  setup = await startMtnSetup(options);
  return setup;
}
const PHONE = "+2250512345678";

describe("collect", () => {
  it("sends a request-to-pay MTN accepts (202 → processing), then finds it SUCCESSFUL", async () => {
    const { sim, context, secrets } = await start({ settleAfterSeconds: 60 });
    const order = collectOrder({ phone: PHONE, amountMinor: 1500n, description: "Order 42" });
    expect(await mtn.collect(context, order)).toMatchObject({ status: "processing" });

    const [post] = sim.admin.requests({ method: "POST", path: "/collection/v1_0/requesttopay" });
    expect(post!.answer).toBe(202);
    expect(post!.headers["x-reference-id"]).toBe(order.reference);
    expect(post!.headers["x-target-environment"]).toBe("mtnivorycoast");
    expect(post!.headers["ocp-apim-subscription-key"]).toBe(secrets.COLLECTION_SUBSCRIPTION_KEY);
    expect(post!.headers.authorization).toMatch(/^Bearer sim\./);
    expect(post!.headers["x-callback-url"]).toBe(context.callbackUrl);
    expect(JSON.parse(post!.body)).toEqual({
      amount: "1500",
      currency: "XOF",
      externalId: order.reference,
      payer: { partyIdType: "MSISDN", partyId: "2250512345678" },
      payerMessage: "Order 42",
      payeeNote: order.transactionId,
    });

    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "PENDING" } });
    sim.admin.advanceClock(61);
    const done = await mtn.status(context, refOf(order));
    expect(done.status).toBe("success");
    expect(done.status === "success" && done.operatorReference).toMatch(/^\d+$/);
  });

  it("writes minor units as MTN's major-unit string exactly (EUR in the sandbox)", async () => {
    const { sim, context } = await start({ mode: "sandbox" });
    for (const [minor, text] of [[1540n, "15.40"], [5n, "0.05"], [123456789012n, "1234567890.12"]] as const) {
      expect((await mtn.collect(context, collectOrder({ phone: "+4670000000", amountMinor: minor, currency: "EUR" }))).status).toBe("processing");
      expect(JSON.parse(sim.admin.requests({ method: "POST" }).at(-1)!.body).amount).toBe(text);
    }
  });

  it("cleans notes MTN would refuse (quotes, over 160 characters) instead of sending them", async () => {
    const { sim, context } = await start();
    const outcome = await mtn.collect(context, collectOrder({ phone: PHONE, amountMinor: 100n, description: `Marie's <order> & "gift" ${"x".repeat(300)}` }));
    expect(outcome.status).toBe("processing");
    const body = JSON.parse(sim.admin.requests({ method: "POST" }).at(-1)!.body);
    expect(body.payerMessage.length).toBeLessThanOrEqual(160);
    expect(body.payerMessage).toMatch(/^Marie s order gift x+$/);
  });

  it("refuses before calling when the order is not in the account's currency, or has no usable phone", async () => {
    const { sim, context } = await start();
    expect(await mtn.collect(context, collectOrder({ phone: PHONE, amountMinor: 100n, currency: "EUR" }))).toMatchObject({ status: "failed", reason: "invalid_request" });
    expect(await mtn.collect(context, collectOrder({ amountMinor: 100n, phone: null }))).toMatchObject({ status: "failed", reason: "invalid_request" });
    expect(sim.admin.requests()).toHaveLength(0);
  });
});

// Every status and reason of lib/connectors/mtn-momo/README.md, produced by the simulator's per-MSISDN scenarios.
const STATUS_ROWS: [MtnStatus, string | undefined, NeutralReason | "processing" | "success"][] = [
  ["PENDING", undefined, "processing"],
  ["CREATED", undefined, "processing"],
  ["ONGOING", undefined, "processing"],
  ["SUCCESSFUL", undefined, "success"],
  ["REJECTED", undefined, "declined"],
  ["TIMEOUT", undefined, "expired"],
  ["FAILED", undefined, "provider_error"],
  ["FAILED", "SOMETHING_NEW", "other"],
];
const REASON_ROWS: [string, NeutralReason, NeutralReason][] = [
  // reason, collect, payout
  ["PAYER_NOT_FOUND", "account_not_found", "account_not_found"],
  ["PAYEE_NOT_FOUND", "account_not_found", "account_not_found"],
  ["PAYER_LIMIT_REACHED", "limit_exceeded", "limit_exceeded"],
  ["PAYEE_NOT_ALLOWED_TO_RECEIVE", "account_blocked", "account_blocked"],
  ["SENDER_ACCOUNT_NOT_ACTIVE", "account_blocked", "account_blocked"],
  ["APPROVAL_REJECTED", "declined", "declined"],
  ["PAYMENT_NOT_APPROVED", "declined", "declined"],
  ["TRANSACTION_CANCELED", "declined", "declined"],
  ["EXPIRED", "expired", "expired"],
  ["COULD_NOT_PERFORM_TRANSACTION", "expired", "expired"],
  ["NOT_ALLOWED", "not_allowed", "not_allowed"],
  ["NOT_ALLOWED_TARGET_ENVIRONMENT", "configuration_error", "configuration_error"],
  ["INVALID_CALLBACK_URL_HOST", "configuration_error", "configuration_error"],
  ["INVALID_CURRENCY", "invalid_request", "invalid_request"],
  ["SERVICE_UNAVAILABLE", "provider_unavailable", "provider_unavailable"],
  ["INTERNAL_PROCESSING_ERROR", "provider_error", "provider_error"],
  // With our float well above the amount, a payout's NOT_ENOUGH_FUNDS is the receiver's limit.
  ["NOT_ENOUGH_FUNDS", "insufficient_funds", "limit_exceeded"],
];

describe("every MTN status and reason, through the simulator", () => {
  it.each(STATUS_ROWS)("status %s (reason %s) → %s, collect and payout", async (status, reason, expected) => {
    const { sim, context } = await start();
    sim.admin.setScenario("2250500000001", { status, reason });
    for (const order of [collectOrder({ phone: "+2250500000001" }), payoutOrder({ destination: "+2250500000001" })]) {
      const submit = "payoutId" in order ? await mtn.payout(context, order) : await mtn.collect(context, order);
      expect(submit.status).toBe("processing");
      const outcome = await mtn.status(context, refOf(order));
      expect(outcome.status === "failed" ? outcome.reason : outcome.status).toBe(expected);
      if (status !== "PENDING" && status !== "CREATED" && status !== "ONGOING") expect(outcome.raw?.status).toBe(status);
    }
  });

  it.each(REASON_ROWS)("FAILED %s → collect %s, payout %s", async (reason, collectReason, payoutReason) => {
    const { sim, context } = await start();
    sim.admin.setScenario("2250500000002", { status: "FAILED", reason });
    const collect = collectOrder({ phone: "+2250500000002" });
    const payout = payoutOrder({ destination: "+2250500000002" });
    await mtn.collect(context, collect);
    await mtn.payout(context, payout);
    expect(await mtn.status(context, refOf(collect))).toMatchObject({ status: "failed", reason: collectReason, raw: { status: "FAILED", code: reason } });
    expect(await mtn.status(context, refOf(payout))).toMatchObject({ status: "failed", reason: payoutReason, raw: { status: "FAILED", code: reason } });
  });

  it("reads a reason sent as {code, message} the same way", async () => {
    const { sim, context } = await start({ reasonFormat: "object" });
    sim.admin.setScenario("2250500000003", { status: "FAILED", reason: "APPROVAL_REJECTED" });
    const order = collectOrder({ phone: "+2250500000003" });
    await mtn.collect(context, order);
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "failed", reason: "declined", raw: { code: "APPROVAL_REJECTED" } });
  });

  it("payout NOT_ENOUGH_FUNDS from our float: the balance call says it is our float, not the receiver", async () => {
    const { sim, context } = await start();
    sim.admin.setBalance("disbursement", "1000");
    const order = payoutOrder({ destination: PHONE, amountMinor: 2500n });
    expect((await mtn.payout(context, order)).status).toBe("processing");
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "failed", reason: "merchant_balance_insufficient", raw: { code: "NOT_ENOUGH_FUNDS" } });
    expect(sim.admin.requests({ path: "/disbursement/v1_0/account/balance" })).toHaveLength(1);
    expect(sim.admin.ledger()).toHaveLength(0);
  });

  it("payout NOT_ENOUGH_FUNDS when the balance cannot be read maps to our float (conservative)", async () => {
    const { sim, context } = await start();
    sim.admin.setScenario("2250500000004", { status: "FAILED", reason: "NOT_ENOUGH_FUNDS" });
    const order = payoutOrder({ destination: "+2250500000004" });
    await mtn.payout(context, order);
    sim.admin.fault("unavailable", { on: "account" }); // the balance GET gets a 503
    const outcome = await mtn.status(context, refOf(order));
    expect(outcome).toMatchObject({ status: "failed", reason: "merchant_balance_insufficient" });
    expect(outcome.status === "failed" && outcome.message).toMatch(/could not be checked/);
  });
});

describe("MTN's sandbox numbers (EUR, X-Target-Environment sandbox)", () => {
  const COLLECT: [string, NeutralReason | "processing"][] = [
    ["50", "provider_error"], ["51", "declined"], ["52", "expired"], ["53", "processing"], ["54", "processing"],
    ["55", "account_not_found"], ["56", "account_blocked"], ["57", "not_allowed"], ["58", "configuration_error"],
    ["59", "configuration_error"], ["60", "invalid_request"], ["61", "provider_error"], ["62", "provider_unavailable"], ["63", "expired"],
  ];
  const TRANSFER: [string, NeutralReason | "processing"][] = [
    ["50", "provider_error"], ["51", "declined"], ["52", "expired"], ["53", "processing"], ["54", "processing"],
    ["55", "limit_exceeded"], ["56", "limit_exceeded"], ["57", "account_not_found"], ["58", "not_allowed"], ["59", "configuration_error"],
    ["60", "configuration_error"], ["61", "invalid_request"], ["62", "provider_error"], ["63", "provider_unavailable"],
  ];

  it("request-to-pay 46733123450…463 give MTN's scenarios; 54 resolves later, others succeed", async () => {
    const { context, sim } = await start({ mode: "sandbox" });
    for (const [suffix, expected] of COLLECT) {
      const order = collectOrder({ phone: `+467331234${suffix}`, amountMinor: 500n, currency: "EUR" });
      expect((await mtn.collect(context, order)).status).toBe("processing");
      const outcome = await mtn.status(context, refOf(order));
      expect([suffix, outcome.status === "failed" ? outcome.reason : outcome.status]).toEqual([suffix, expected]);
    }
    const delayed = collectOrder({ phone: "+46733123454", amountMinor: 500n, currency: "EUR" });
    await mtn.collect(context, delayed);
    sim.admin.advanceClock(26);
    expect((await mtn.status(context, refOf(delayed))).status).toBe("success");
    const plain = collectOrder({ phone: "+46700000001", amountMinor: 500n, currency: "EUR" });
    await mtn.collect(context, plain);
    expect((await mtn.status(context, refOf(plain))).status).toBe("success");
  });

  it("transfer 46733123450…463 give MTN's scenarios (55 NOT_ENOUGH_FUNDS with a full float = receiver's limit)", async () => {
    const { context } = await start({ mode: "sandbox" });
    for (const [suffix, expected] of TRANSFER) {
      const order = payoutOrder({ destination: `+467331234${suffix}`, amountMinor: 500n, currency: "EUR" });
      expect((await mtn.payout(context, order)).status).toBe("processing");
      const outcome = await mtn.status(context, refOf(order));
      expect([suffix, outcome.status === "failed" ? outcome.reason : outcome.status]).toEqual([suffix, expected]);
    }
  });

  it("the [L] field-report variant: 50 FAILED without a reason, 54 CREATED then SUCCESSFUL", async () => {
    const { context, sim } = await start({ mode: "sandbox", sandboxVariant: "field-report" });
    const fifty = collectOrder({ phone: "+46733123450", amountMinor: 500n, currency: "EUR" });
    const delayed = collectOrder({ phone: "+46733123454", amountMinor: 500n, currency: "EUR" });
    await mtn.collect(context, fifty);
    await mtn.collect(context, delayed);
    expect(await mtn.status(context, refOf(fifty))).toMatchObject({ status: "failed", reason: "provider_error", raw: { status: "FAILED", code: undefined } });
    expect(await mtn.status(context, refOf(delayed))).toMatchObject({ status: "processing", raw: { status: "CREATED" } });
    sim.admin.advanceClock(25);
    expect((await mtn.status(context, refOf(delayed))).status).toBe("success");
  });
});

describe("tokens", () => {
  it("one token per product, reused while valid", async () => {
    const { sim, context } = await start();
    await mtn.collect(context, collectOrder({ phone: PHONE }));
    await mtn.collect(context, collectOrder({ phone: PHONE }));
    await mtn.payout(context, payoutOrder({ destination: PHONE }));
    expect(sim.admin.requests({ path: "/collection/token/" })).toHaveLength(1);
    expect(sim.admin.requests({ path: "/disbursement/token/" })).toHaveLength(1);
    const tokenCall = sim.admin.requests({ path: "/collection/token/" })[0]!;
    expect(tokenCall.body).toBe("");
    expect(tokenCall.headers.authorization).toMatch(/^Basic /);
  });

  it("a token that expired at MTN (401) is refreshed once and the call retried: one debit", async () => {
    const { sim, context } = await start();
    await mtn.collect(context, collectOrder({ phone: PHONE }));
    sim.admin.advanceClock(3601); // our cache still holds it; MTN's clock says it is dead
    const order = collectOrder({ phone: PHONE });
    expect((await mtn.collect(context, order)).status).toBe("processing");
    const posts = sim.admin.requests({ method: "POST", path: "/collection/v1_0/requesttopay" });
    expect(posts.map((p) => p.answer)).toEqual([202, 401, 202]);
    expect(sim.admin.requests({ path: "/collection/token/" })).toHaveLength(2);
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect(sim.admin.ledger().filter((e) => e.referenceId === order.reference)).toHaveLength(1);
  });

  it("refreshes only once: a second 401 is a configuration error, after exactly two tries", async () => {
    // MTN forgets every token it issues at once (revoked, restarted), whatever expires_in said.
    const { sim, context } = await start({ tokenRevokedAfterSeconds: 0 });
    const outcome = await mtn.collect(context, collectOrder({ phone: PHONE }));
    expect(outcome).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(sim.admin.requests({ path: "/collection/token/" })).toHaveLength(2);
    expect(sim.admin.requests({ method: "POST", path: "/collection/v1_0/requesttopay" }).map((p) => p.answer)).toEqual([401, 401]);
  });

  it("a collection key or user in the disbursement slot is refused: configuration_error, nothing moves", async () => {
    const { sim, context } = await start();
    context.secrets.DISBURSEMENT_SUBSCRIPTION_KEY = context.secrets.COLLECTION_SUBSCRIPTION_KEY!;
    expect(await mtn.payout(context, payoutOrder({ destination: PHONE }))).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(sim.admin.requests({ path: "/disbursement/token/" }).map((r) => r.answer)).toEqual([401]);

    expect(sim.admin.ledger()).toHaveLength(0);
  });

  it("a collection API user in the disbursement slot gets no disbursement token: configuration_error", async () => {
    const { sim, context } = await start();
    context.secrets.DISBURSEMENT_API_USER = context.secrets.COLLECTION_API_USER!;
    context.secrets.DISBURSEMENT_API_KEY = context.secrets.COLLECTION_API_KEY!;
    expect(await mtn.payout(context, payoutOrder({ destination: PHONE }))).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(sim.admin.requests({ path: "/disbursement/token/" }).map((r) => r.answer)).toEqual([401]);
    expect(sim.admin.ledger()).toHaveLength(0);
  });

  it("a token endpoint that is down leaves the submit pending (nothing was sent)", async () => {
    const { sim, context } = await start();
    sim.admin.fault("unavailable", { on: "token" });
    expect(await mtn.collect(context, collectOrder({ phone: PHONE }))).toMatchObject({ status: "pending" });
    expect(sim.admin.requests({ method: "POST", path: "/collection/v1_0/requesttopay" })).toHaveLength(0);
  });
});

describe("duplicates and lost answers (never a second charge)", () => {
  it("a reused reference is a duplicate (409), then the status check finds the original", async () => {
    const { sim, context } = await start();
    const order = collectOrder({ phone: PHONE });
    expect((await mtn.collect(context, order)).status).toBe("processing");
    expect(await mtn.collect(context, order)).toMatchObject({ status: "duplicate", raw: { status: "409", code: "RESOURCE_ALREADY_EXIST" } });
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect(sim.admin.ledger()).toHaveLength(1);
  });

  it("connection dropped after MTN accepted: pending, the status check finds it, a resend hits 409", async () => {
    const { sim, context } = await start();
    sim.admin.fault("drop_after_accept", { on: "requesttopay" });
    const order = collectOrder({ phone: PHONE, amountMinor: 7000n });
    expect(await mtn.collect(context, order)).toMatchObject({ status: "pending" });
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect((await mtn.collect(context, order)).status).toBe("duplicate");
    expect(sim.admin.ledger()).toEqual([expect.objectContaining({ referenceId: order.reference, entry: "payer_debited", amount: "7000" })]);
  });

  it("no answer within the timeout after acceptance: pending, then the status check resolves it (payout, one float debit)", async () => {
    const { sim, context } = await start({ totalTimeoutMs: 2500 });
    sim.admin.fault("hang_after_accept", { on: "transfer" });
    const order = payoutOrder({ destination: PHONE, amountMinor: 3000n });
    const outcome = await mtn.payout(context, order);
    expect(outcome).toMatchObject({ status: "pending" });
    expect(outcome.status === "pending" && outcome.message).toMatch(/no answer/);
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect((await mtn.payout(context, order)).status).toBe("duplicate");
    expect(sim.admin.ledger().filter((e) => e.entry === "float_debited")).toHaveLength(1);
    expect(sim.admin.balance("disbursement")).toBe("997000");
  });

  it("503 before acceptance: pending, MTN does not know it (not_found), a resend under the same reference goes through once", async () => {
    const { sim, context } = await start();
    sim.admin.fault("unavailable", { on: "requesttopay" });
    const order = collectOrder({ phone: PHONE });
    expect(await mtn.collect(context, order)).toMatchObject({ status: "pending", raw: { status: "503", code: "SERVICE_UNAVAILABLE" } });
    expect((await mtn.status(context, refOf(order))).status).toBe("not_found");
    expect((await mtn.collect(context, order)).status).toBe("processing");
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect(sim.admin.ledger()).toHaveLength(1);
  });

  it("a status check that gets no answer says pending (we learnt nothing), never failed", async () => {
    const { sim, context } = await start();
    const order = collectOrder({ phone: PHONE });
    await mtn.collect(context, order);
    sim.admin.fault("unavailable", { on: "status" });
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "pending" });
    sim.admin.fault("drop_after_accept", { on: "status" });
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "pending" });
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
  });

  it("a status check whose credentials are refused says pending, never failed (the order may have been accepted)", async () => {
    const { context } = await start();
    const order = payoutOrder({ destination: PHONE });
    expect((await mtn.payout(context, order)).status).toBe("processing");
    context.tokens.invalidate(`mtn-momo:${context.account.id}:disbursement`);
    context.secrets.DISBURSEMENT_API_KEY = "rotated-by-someone";
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "pending", raw: { status: "401" } });
    delete context.secrets.DISBURSEMENT_API_KEY;
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "pending" });
  });

  it("an unexpected error after the request left is pending, never failed (and the status check finds the order)", async () => {
    const { sim, context } = await start();
    const send = context.http.bind(context);
    context.http = async (request) => {
      const response = await send(request);
      if (request.operation === "collect") throw new TypeError("a bug after sending");
      return response;
    };
    const order = collectOrder({ phone: PHONE });
    expect(await mtn.collect(context, order)).toMatchObject({ status: "pending", message: expect.stringMatching(/a bug after sending/) });
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect(sim.admin.ledger()).toHaveLength(1);
  });

  it("an unknown reference is not_found", async () => {
    const { context } = await start();
    expect((await mtn.status(context, refOf(collectOrder({ phone: PHONE })))).status).toBe("not_found");
    expect((await mtn.status(context, refOf(payoutOrder({ destination: PHONE })))).status).toBe("not_found");
  });
});

describe("approval window", () => {
  it("a payer who never approves: PENDING until the window closes, then COULD_NOT_PERFORM_TRANSACTION → expired", async () => {
    const { sim, context } = await start({ settleAfterSeconds: null, approvalWindowSeconds: 300 });
    const order = collectOrder({ phone: PHONE });
    await mtn.collect(context, order);
    sim.admin.advanceClock(299);
    expect((await mtn.status(context, refOf(order))).status).toBe("processing");
    sim.admin.advanceClock(2);
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "failed", reason: "expired", raw: { code: "COULD_NOT_PERFORM_TRANSACTION" } });
    expect(sim.admin.ledger()).toHaveLength(0);
  });
});

describe("payouts", () => {
  it("transfer by default; deposit when payoutVariant=deposit (submit and status on /deposit)", async () => {
    const { sim, context } = await start({ settings: { payoutVariant: "deposit" } });
    const order = payoutOrder({ destination: PHONE, amountMinor: 4200n });
    expect((await mtn.payout(context, order)).status).toBe("processing");
    const [post] = sim.admin.requests({ method: "POST", path: "/disbursement/v1_0/deposit" });
    expect(JSON.parse(post!.body)).toMatchObject({ amount: "4200", currency: "XOF", externalId: order.reference, payee: { partyIdType: "MSISDN", partyId: "2250512345678" } });
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    expect(sim.admin.requests({ method: "GET", path: `/disbursement/v1_0/deposit/${order.reference}` })).toHaveLength(1);
  });

  it("a caller IP outside MTN's allow-list gets 403 → not_allowed", async () => {
    const { sim, context } = await start({ ipAllowList: ["203.0.113.7"] });
    expect(await mtn.payout(context, payoutOrder({ destination: PHONE }))).toMatchObject({ status: "failed", reason: "not_allowed", raw: { status: "403" } });
    expect(sim.admin.ledger()).toHaveLength(0);
    sim.admin.configure({ ipAllowList: ["127.0.0.1"] });
    expect((await mtn.payout(context, payoutOrder({ destination: PHONE }))).status).toBe("processing");
  });

  it("a bank transfer is not something MTN can pay", async () => {
    const { sim, context } = await start();
    expect(await mtn.payout(context, payoutOrder({ destination: "CI0000000000000", amountMinor: 100n, method: "bank_transfer" }))).toMatchObject({ status: "failed", reason: "invalid_request" });
    expect(sim.admin.requests()).toHaveLength(0);
  });
});

describe("refunds", () => {
  it("refunds a successful collect with referenceIdToRefund = the collect's X-Reference-Id", async () => {
    const { sim, context } = await start();
    const collect = collectOrder({ phone: PHONE, amountMinor: 5000n });
    await mtn.collect(context, collect);
    expect((await mtn.status(context, refOf(collect))).status).toBe("success");
    const refund = refundOrder(collect, { amountMinor: 2000n });
    expect((await mtn.refund(context, refund)).status).toBe("processing");
    const [post] = sim.admin.requests({ method: "POST", path: "/disbursement/v1_0/refund" });
    expect(post!.headers["x-reference-id"]).toBe(refund.reference);
    // MTN's refund schema has no payee: the refunded request-to-pay names the payer.
    expect(JSON.parse(post!.body)).toMatchObject({ amount: "2000", currency: "XOF", referenceIdToRefund: collect.reference });
    expect(JSON.parse(post!.body)).not.toHaveProperty("payee");
    expect((await mtn.status(context, refOf(refund))).status).toBe("success");
    expect(sim.admin.ledger().map((e) => [e.kind, e.entry, e.amount])).toEqual([
      ["requesttopay", "payer_debited", "5000"],
      ["refund", "float_debited", "2000"],
    ]);
    // More than what is left to refund is refused by MTN; an unknown collect too.
    const tooMuch = refundOrder(collect, { amountMinor: 3001n });
    await mtn.refund(context, tooMuch);
    expect(await mtn.status(context, refOf(tooMuch))).toMatchObject({ status: "failed", reason: "not_allowed" });
    const unknown = refundOrder(collectOrder({ phone: PHONE }), { amountMinor: 100n });
    await mtn.refund(context, unknown);
    expect(await mtn.status(context, refOf(unknown))).toMatchObject({ status: "failed", reason: "invalid_request", raw: { code: "RESOURCE_NOT_FOUND" } });
  });

  it("sandbox refund scenarios by referenceIdToRefund 1…6", async () => {
    const { context } = await start({ mode: "sandbox" });
    const expected: [string, string][] = [["1", "invalid_request"], ["2", "provider_error"], ["3", "declined"], ["4", "expired"], ["5", "processing"], ["6", "processing"], ["7", "success"]];
    for (const [id, outcome] of expected) {
      const collect = collectOrder({ phone: "+46700000001", amountMinor: 500n, currency: "EUR", reference: randomUUID() });
      const refund = refundOrder({ ...collect, reference: id }, { amountMinor: 500n });
      expect((await mtn.refund(context, refund)).status).toBe("processing");
      const status = await mtn.status(context, refOf(refund));
      expect([id, status.status === "failed" ? status.reason : status.status]).toEqual([id, outcome]);
    }
  });
});

describe("callback host and health", () => {
  it("sends no X-Callback-Url when our callback URL is not on the registered host, and says so in the health check", async () => {
    const { sim, context } = await start({ settings: { callbackHost: "pay.example.com" } });
    expect((await mtn.collect(context, collectOrder({ phone: PHONE }))).status).toBe("processing");
    expect(sim.admin.requests({ method: "POST" }).at(-1)!.headers["x-callback-url"]).toBeUndefined();
    const health = await mtn.checkHealth(context);
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(/registered callback host pay\.example\.com/);
  });

  it("health: a fresh token per product and the balances, without moving money", async () => {
    const { sim, context } = await start({ balances: { disbursement: "250000" }, settings: { callbackHost: "127.0.0.1" } });
    const health = await mtn.checkHealth(context);
    expect(health).toEqual({ ok: true, detail: "collection: token ok, balance 0 XOF; disbursement: token ok, balance 250000 XOF" });
    expect(sim.admin.requests({ method: "POST" }).map((r) => r.path)).toEqual(["/collection/token/", "/disbursement/token/"]);
    expect(sim.admin.ledger()).toHaveLength(0);
  });

  it("health fails on wrong credentials and on missing secrets, naming them (never their values)", async () => {
    const { context } = await start({ secrets: { DISBURSEMENT_API_KEY: "wrong-key-value" } });
    const health = await mtn.checkHealth(context);
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(/collection: token ok.*disbursement: MTN MoMo refused the disbursement credentials \(token endpoint answered HTTP 401\)/);
    expect(health.detail).not.toContain("wrong-key-value");
    delete context.secrets.COLLECTION_API_KEY;
    expect(await mtn.checkHealth(context)).toEqual({ ok: false, detail: "missing secrets: COLLECTION_API_KEY" });
  });

  it("a collection-only account (products=collection) needs no DISBURSEMENT_* secrets and refuses payouts without calling", async () => {
    const { sim, context } = await start({
      settings: { products: "collection", callbackHost: "127.0.0.1" },
      secrets: { DISBURSEMENT_SUBSCRIPTION_KEY: "", DISBURSEMENT_API_USER: "", DISBURSEMENT_API_KEY: "" },
    });
    expect(Object.keys(context.secrets).sort()).toEqual(["COLLECTION_API_KEY", "COLLECTION_API_USER", "COLLECTION_SUBSCRIPTION_KEY"]);
    expect((await mtn.checkHealth(context)).ok).toBe(true);
    expect((await mtn.collect(context, collectOrder({ phone: PHONE }))).status).toBe("processing");
    const payout = await mtn.payout(context, payoutOrder({ destination: PHONE }));
    expect(payout).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(sim.admin.requests({ path: /^\/disbursement/ })).toHaveLength(0);
  });
});
