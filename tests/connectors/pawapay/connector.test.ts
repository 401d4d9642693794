import { afterEach, describe, expect, it } from "vitest";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { availability, cancelEnqueuedPayout, isAvailable, pawapayAmount, predictProvider, resendCallback, walletBalances } from "@/lib/connectors/pawapay/client";
import { collectOrder, eventually, payoutOrder, refOf, refundOrder, startPawapay } from "./setup";

// The pawaPay connector against its contract simulator, over real HTTP on 127.0.0.1.
let env: Awaited<ReturnType<typeof startPawapay>> | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const CI = (suffix: string) => `+2250503456${suffix}`;

describe("deposits (pawaPay's test numbers, one per mapping row they reach)", () => {
  const rows: [string, string, string?][] = [
    ["789", "success"],
    ["019", "failed", "limit_exceeded"],
    ["029", "failed", "account_not_found"],
    ["039", "failed", "declined"],
    ["049", "failed", "insufficient_funds"],
    ["069", "failed", "provider_error"],
  ];
  it.each(rows)("number ending %s → ACCEPTED (processing), then %s %s", async (suffix, status, reason) => {
    env = await startPawapay();
    const order = collectOrder({ phone: CI(suffix) });
    expect(await pawapayConnector.collect(env.context, order)).toMatchObject({ status: "processing" });
    const sent = JSON.parse(env.sim.admin.requests.find((r) => r.path === "/v2/deposits")!.body);
    expect(sent).toEqual({
      depositId: order.reference,
      amount: "1500",
      currency: "XOF",
      payer: { type: "MMO", accountDetails: { phoneNumber: `2250503456${suffix}`, provider: "MTN_MOMO_CIV" } },
      clientReferenceId: order.transactionId,
      customerMessage: "Order 42",
    });
    const final = await eventually(async () => {
      const s = await pawapayConnector.status(env!.context, refOf(order));
      expect(s.status).toBe(status);
      return s;
    });
    if (reason) expect(final).toMatchObject({ reason });
    else expect(final).toMatchObject({ operatorReference: expect.stringMatching(/^SIM/) });
  });

  it("a 129 number stays PROCESSING and never calls back", async () => {
    env = await startPawapay();
    const order = collectOrder({ phone: CI("129") });
    await pawapayConnector.collect(env.context, order);
    env.sim.admin.advance(3_600_000);
    await env.sim.admin.idle();
    expect(await pawapayConnector.status(env.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "PROCESSING" } });
    expect(env.sim.admin.callbacks).toHaveLength(0);
  });
});

describe("initiation answers", () => {
  it("REJECTED (HTTP 200 + failureReason) → failed with the mapped reason, no callback", async () => {
    env = await startPawapay();
    const tooBig = await pawapayConnector.collect(env.context, collectOrder({ phone: CI("789"), amountMinor: 5_000_000n }));
    expect(tooBig).toMatchObject({ status: "failed", reason: "invalid_amount", raw: { status: "REJECTED", code: "AMOUNT_OUT_OF_BOUNDS" } });
    const badPhone = await pawapayConnector.collect(env.context, collectOrder({ phone: "+22505034567" }));
    expect(badPhone).toMatchObject({ status: "failed", reason: "invalid_request", raw: { code: "INVALID_PHONE_NUMBER" } });
    await env.sim.admin.idle();
    expect(env.sim.admin.callbacks).toHaveLength(0);
  });

  it("DUPLICATE_IGNORED → duplicate; the status check adopts the original; one payment, one callback", async () => {
    env = await startPawapay();
    const order = collectOrder({ phone: CI("789") });
    expect(await pawapayConnector.collect(env.context, order)).toMatchObject({ status: "processing" });
    expect(await pawapayConnector.collect(env.context, order)).toEqual({ status: "duplicate", raw: { status: "DUPLICATE_IGNORED" } });
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(order))).toMatchObject({ status: "success" }));
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    await env.sim.admin.idle();
    expect(env.receiver.requests).toHaveLength(1);
    expect(env.sim.admin.payments()).toHaveLength(1);
  });

  it("401 (bad token) → failed configuration_error; nothing recorded at pawaPay", async () => {
    env = await startPawapay();
    env.context.secrets.API_TOKEN = "wrong";
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: CI("789") }))).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(env.sim.admin.payments()).toHaveLength(0);
  });

  it("provider closed: a deposit is REJECTED PROVIDER_TEMPORARILY_UNAVAILABLE → provider_unavailable", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "DEPOSIT", "CLOSED");
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: CI("789") }))).toMatchObject({ status: "failed", reason: "provider_unavailable" });
  });
});

describe("lost answers (never a second debit)", () => {
  it("a timeout after commit → pending; the status check finds it; no resubmit", async () => {
    env = await startPawapay({ totalTimeoutMs: 300 });
    env.sim.admin.failNext({ resource: "deposits", when: "after-commit", kind: "timeout" });
    const order = collectOrder({ phone: CI("789") });
    expect(await pawapayConnector.collect(env.context, order)).toMatchObject({ status: "pending" });
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(order))).toMatchObject({ status: "success" }));
    expect(env.sim.admin.payments()).toHaveLength(1);
    expect(env.sim.admin.requests.filter((r) => r.method === "POST" && r.path === "/v2/deposits")).toHaveLength(1);
    expect(env.sim.admin.wallet("CIV", "XOF")).toBe("10001500");
  });

  it("a 500 after commit → pending; a reset after commit → pending", async () => {
    env = await startPawapay();
    env.sim.admin.failNext({ resource: "payouts", when: "after-commit", kind: "500" });
    env.sim.admin.failNext({ resource: "deposits", when: "after-commit", kind: "reset" });
    const payout = payoutOrder({ destination: CI("789") });
    expect(await pawapayConnector.payout(env.context, payout)).toMatchObject({ status: "pending", raw: { status: "HTTP 500" } });
    const deposit = collectOrder({ phone: CI("789") });
    expect(await pawapayConnector.collect(env.context, deposit)).toMatchObject({ status: "pending" });
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(payout))).toMatchObject({ status: "success" }));
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(deposit))).toMatchObject({ status: "success" }));
  });

  it("a 500 before commit → pending; NOT_FOUND → not_found; resubmitting the same id is then accepted once", async () => {
    env = await startPawapay();
    env.sim.admin.failNext({ resource: "deposits", when: "before-commit", kind: "500" });
    const order = collectOrder({ phone: CI("789") });
    expect(await pawapayConnector.collect(env.context, order)).toMatchObject({ status: "pending" });
    expect(await pawapayConnector.status(env.context, refOf(order))).toEqual({ status: "not_found", raw: { status: "NOT_FOUND" } });
    expect(await pawapayConnector.collect(env.context, order)).toMatchObject({ status: "processing" });
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(order))).toMatchObject({ status: "success" }));
    expect(env.sim.admin.payments()).toHaveLength(1);
    expect(env.sim.admin.wallet("CIV", "XOF")).toBe("10001500");
  });

  it("a status check that gets no answer is pending (nothing learnt), never failed", async () => {
    env = await startPawapay();
    const order = collectOrder({ phone: CI("789") });
    env.sim.admin.failNext({ resource: "status", when: "before-commit", kind: "500" });
    expect(await pawapayConnector.status(env.context, refOf(order))).toMatchObject({ status: "pending" });
  });
});

describe("payouts", () => {
  it.each([
    ["789", "success", undefined],
    ["089", "failed", "account_not_found"],
    ["119", "failed", "provider_error"],
  ])("number ending %s → %s %s", async (suffix, status, reason) => {
    env = await startPawapay();
    const order = payoutOrder({ destination: CI(suffix) });
    expect(await pawapayConnector.payout(env.context, order)).toMatchObject({ status: "processing" });
    const final = await eventually(async () => {
      const s = await pawapayConnector.status(env!.context, refOf(order));
      expect(s.status).toBe(status);
      return s;
    });
    if (reason) expect(final).toMatchObject({ reason });
  });

  it("our pawaPay wallet short → REJECTED PAWAPAY_WALLET_OUT_OF_FUNDS → merchant_balance_insufficient", async () => {
    env = await startPawapay();
    env.sim.admin.setWallet("CIV", "XOF", "4999");
    expect(await pawapayConnector.payout(env.context, payoutOrder({ destination: CI("789") }))).toMatchObject({ status: "failed", reason: "merchant_balance_insufficient" });
  });

  it("ENQUEUED while the provider is closed (processing), sent when it reopens", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    const order = payoutOrder({ destination: CI("789") });
    expect(await pawapayConnector.payout(env.context, order)).toMatchObject({ status: "processing" });
    expect(await pawapayConnector.status(env.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "ENQUEUED" } });
    expect(await isAvailable(env.context, "CI", "mtn", "XOF", "payout")).toBe(false);
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "OPERATIONAL");
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(order))).toMatchObject({ status: "success" }));
  });

  it("fail-enqueued → FAILED MANUALLY_CANCELLED → cancelled, by callback and by status", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    const order = payoutOrder({ destination: CI("789") });
    await pawapayConnector.payout(env.context, order);
    const res = await fetch(`${env.sim.url}/v2/payouts/fail-enqueued/${order.reference}`, { method: "POST", headers: { authorization: `Bearer ${env.sim.token()}` } });
    expect(await res.json()).toEqual({ payoutId: order.reference, status: "ACCEPTED" });
    expect(await pawapayConnector.status(env.context, refOf(order))).toMatchObject({ status: "failed", reason: "cancelled" });
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    expect(await pawapayConnector.parseCallback(env.context, env.incoming()[0]!)).toMatchObject({ kind: "verified", direction: "payout", outcome: { status: "failed", reason: "cancelled" } });
    expect(env.sim.admin.wallet("CIV", "XOF")).toBe("10000000");
  });

  it("IN_RECONCILIATION → processing + ambiguous, resolved later by pawaPay", async () => {
    env = await startPawapay({ sim: { delays: { reconciliationMs: 60_000 } } });
    env.sim.admin.setScenario("2250503456000", { final: "COMPLETED", reconciliation: true });
    const order = payoutOrder({ destination: CI("000") });
    await pawapayConnector.payout(env.context, order);
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(order))).toMatchObject({ status: "processing", ambiguous: true }));
    env.sim.admin.advance(60_000);
    expect(await pawapayConnector.status(env.context, refOf(order))).toMatchObject({ status: "success" });
  });

  it("bank transfers are refused before any call", async () => {
    env = await startPawapay();
    expect(await pawapayConnector.payout(env.context, payoutOrder({ destination: "CI0000000001", method: "bank_transfer", provider: "bank_transfer" }))).toMatchObject({ status: "failed", reason: "not_allowed" });
    expect(env.sim.admin.requests).toHaveLength(0);
  });
});

describe("refunds", () => {
  it("refunds a completed deposit; a second refund of it is REJECTED DEPOSIT_ALREADY_REFUNDED", async () => {
    env = await startPawapay();
    const deposit = collectOrder({ phone: CI("789") });
    await pawapayConnector.collect(env.context, deposit);
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(deposit))).toMatchObject({ status: "success" }));
    const refund = refundOrder(deposit);
    expect(await pawapayConnector.refund(env.context, refund)).toMatchObject({ status: "processing" });
    expect(JSON.parse(env.sim.admin.requests.find((r) => r.path === "/v2/refunds")!.body)).toEqual({ refundId: refund.reference, depositId: deposit.reference, amount: "1500", currency: "XOF" });
    await eventually(async () => expect(await pawapayConnector.status(env!.context, refOf(refund))).toMatchObject({ status: "success" }));
    expect(await pawapayConnector.refund(env.context, refundOrder(deposit))).toMatchObject({ status: "failed", reason: "not_allowed", raw: { code: "DEPOSIT_ALREADY_REFUNDED" } });
    // Its callback names the refund first (it also carries the depositId).
    await eventually(() => expect(env!.receiver.requests.length).toBe(2));
    const results = await Promise.all(env.incoming().map((c) => pawapayConnector.parseCallback(env!.context, c)));
    expect(results.map((r) => (r.kind === "verified" ? `${r.direction}:${r.reference}` : r.kind))).toEqual([`collect:${deposit.reference}`, `refund:${refund.reference}`]);
  });

  it("a provider without refunds in active-conf → not_allowed before any refund call", async () => {
    env = await startPawapay();
    const deposit = collectOrder({ phone: "+2250103456789", provider: "moov" });
    expect(await pawapayConnector.collect(env.context, deposit)).toMatchObject({ status: "processing" });
    expect(await pawapayConnector.refund(env.context, refundOrder(deposit))).toMatchObject({ status: "failed", reason: "not_allowed" });
    expect(env.sim.admin.requests.filter((r) => r.path === "/v2/refunds")).toHaveLength(0);
  });
});

describe("provider codes and amounts", () => {
  it("reads the provider code from active-conf, a setting overrides it, an unknown pair is a clear configuration error", async () => {
    env = await startPawapay({ settings: { providerCodes: "CI:mtn=ORANGE_CIV" } });
    await pawapayConnector.collect(env.context, collectOrder({ phone: CI("789") }));
    expect(JSON.parse(env.sim.admin.requests.find((r) => r.path === "/v2/deposits")!.body).payer.accountDetails.provider).toBe("ORANGE_CIV");
    const unknown = await pawapayConnector.collect(env.context, collectOrder({ phone: "+22890123456", country: "TG", provider: "tmoney" }));
    expect(unknown).toMatchObject({ status: "failed", reason: "configuration_error", message: expect.stringContaining("tmoney in TG") });
    expect(env.sim.admin.requests.filter((r) => r.path === "/v2/deposits")).toHaveLength(1);
  });

  it("falls back to the static table when active-conf cannot be read", async () => {
    env = await startPawapay();
    env.sim.admin.failNext({ resource: "active-conf", when: "before-commit", kind: "500" });
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250703456789", provider: "orange" }))).toMatchObject({ status: "processing" });
    expect(JSON.parse(env.sim.admin.requests.find((r) => r.path === "/v2/deposits")!.body).payer.accountDetails.provider).toBe("ORANGE_CIV");
  });

  it("writes amounts exactly in major units, decimals only where active-conf allows them", async () => {
    expect(pawapayAmount(1500n, "XOF", "NONE")).toBe("1500");
    expect(pawapayAmount(150050n, "CDF", "TWO_PLACES")).toBe("1500.5");
    expect(pawapayAmount(150005n, "CDF", "TWO_PLACES")).toBe("1500.05");
    expect(pawapayAmount(150000n, "CDF", "NONE")).toBe("1500");
    expect(pawapayAmount(150050n, "CDF", "NONE")).toBeNull();
    env = await startPawapay();
    // ORANGE_COD takes whole CDF only: refused before the call, never rounded.
    const cents = await pawapayConnector.payout(env.context, payoutOrder({ destination: "+243853456789", country: "CD", provider: "orange", currency: "CDF", amountMinor: 150050n }));
    expect(cents).toMatchObject({ status: "failed", reason: "invalid_amount" });
    const airtel = await pawapayConnector.payout(env.context, payoutOrder({ destination: "+243973456789", country: "CD", provider: "airtel", currency: "CDF", amountMinor: 150050n }));
    expect(airtel).toMatchObject({ status: "processing" });
    expect(JSON.parse(env.sim.admin.requests.find((r) => r.path === "/v2/payouts")!.body).amount).toBe("1500.5");
  });
});

describe("availability and health (no money moves)", () => {
  it("checkHealth authenticates and reports closed providers; a bad token is not ok", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("ORANGE_SEN", "PAYOUT", "CLOSED");
    const health = await pawapayConnector.checkHealth(env.context);
    expect(health.ok).toBe(true);
    expect(health.detail).toContain("ORANGE_SEN PAYOUT");
    const rows = await availability(env.context);
    expect(rows).toContainEqual({ country: "SEN", provider: "ORANGE_SEN", operation: "PAYOUT", status: "CLOSED" });
    expect(rows).toContainEqual({ country: "CIV", provider: "MTN_MOMO_CIV", operation: "DEPOSIT", status: "OPERATIONAL" });
    env.context.secrets.API_TOKEN = "revoked";
    expect(await pawapayConnector.checkHealth(env.context)).toMatchObject({ ok: false, detail: expect.stringContaining("401") });
    expect(env.sim.admin.requests.some((r) => r.method === "POST")).toBe(false);
  });
});

describe("toolkit helpers", () => {
  it("predictProvider asks pawaPay; null when it cannot place the number", async () => {
    env = await startPawapay();
    expect(await predictProvider(env.context, "+225 07 03 45 67 89")).toEqual({ country: "CIV", provider: "ORANGE_CIV", phoneNumber: "2250703456789" });
    expect(await predictProvider(env.context, "+999 123")).toBeNull();
  });

  it("cancelEnqueuedPayout cancels an ENQUEUED payout only; resendCallback resends a final one; walletBalances reads the float", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    const queued = payoutOrder({ destination: CI("789") });
    await pawapayConnector.payout(env.context, queued);
    expect(await walletBalances(env.context)).toContainEqual({ country: "CIV", currency: "XOF", balance: "9995000" });
    expect(await cancelEnqueuedPayout(env.context, queued.reference)).toBe(true);
    expect(await cancelEnqueuedPayout(env.context, queued.reference)).toBe(false);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    expect(await resendCallback(env.context, "payout", queued.reference)).toBe(true);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(2));
    expect(await resendCallback(env.context, "collect", queued.reference)).toBe(false);
    expect(await walletBalances(env.context)).toContainEqual({ country: "CIV", currency: "XOF", balance: "10000000" });
  });
});
