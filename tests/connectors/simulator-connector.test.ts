import { afterEach, describe, expect, it } from "vitest";
import type { OrderRef } from "@/lib/connectors/connector";
import { platformErrorCode } from "@/lib/connectors/platform-error-code";
import { simulatorConnector } from "@/lib/connectors/sandbox/sandbox-connector";
import { getConnector } from "@/lib/connectors/registry";
import { testConnectorContext } from "../helpers/connector-context";

/** The sandbox outcomes of docs/design/sandbox.md behind the connector interface (was lib/providers' SandboxSimulator). */
const submittedAt = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) =>
  testConnectorContext({ type: "simulator", baseUrl: "http://127.0.0.1:9", settings: {}, secrets: {}, now: () => new Date(submittedAt.getTime() + ms) });
const ref = (direction: "collect" | "payout", destination: string, sent: Date | null = submittedAt): OrderRef => ({
  direction,
  id: direction === "collect" ? "txn_1" : "po_1",
  reference: "txn_1",
  operatorReference: null,
  provider: "orange",
  country: "SN",
  currency: "XOF",
  submittedAt: sent,
  destination,
});

afterEach(() => {
  process.env.SANDBOX_PROVIDER_DELAY_MS = "0";
});

describe("simulator connector", () => {
  it("is registered under its type", () => {
    expect(getConnector("simulator")).toBe(simulatorConnector);
  });

  it.each([
    ["+221770000090", "insufficient_funds"],
    ["+221770000091", "user_cancelled"],
    ["+221770000092", "timeout"],
    ["+221770000093", "provider_error"],
    ["+221770000094", "invalid_phone"],
  ])("collect from %s fails with %s (through the reason table)", async (phone, code) => {
    const outcome = await simulatorConnector.status(at(0), ref("collect", phone));
    expect(outcome.status).toBe("failed");
    if (outcome.status === "failed") expect(platformErrorCode("collect", outcome.reason)).toBe(code);
  });

  it.each([
    ["+221770000090", "invalid_recipient"],
    ["+221770000091", "provider_error"],
    ["+221770000092", "account_blocked"],
    ["+221770000093", "insufficient_balance"],
    ["FR7630006000011234567890190", "invalid_recipient"],
    ["+221770000094", "limit_exceeded"],
  ])("payout to %s fails with %s", async (destination, code) => {
    const outcome = await simulatorConnector.status(at(0), ref("payout", destination));
    expect(outcome.status).toBe("failed");
    if (outcome.status === "failed") expect(platformErrorCode("payout", outcome.reason)).toBe(code);
  });

  it.each([
    [1_090n, "invalid_recipient"],
    [1_091n, "provider_error"],
    [1_092n, "account_blocked"],
    [1_093n, "insufficient_balance"],
    [1_094n, "limit_exceeded"],
  ])("a refund of %s (minor units) fails with %s, whatever the payer's phone", async (amountMinor, code) => {
    const outcome = await simulatorConnector.status(at(0), { ...ref("payout", "+221770000012"), direction: "refund", id: "rf_1", amountMinor });
    expect(outcome.status).toBe("failed");
    if (outcome.status === "failed") expect(platformErrorCode("refund", outcome.reason)).toBe(code);
  });

  it("a refund ending in 00 succeeds, one ending in 99 never answers (the payer's phone does not decide)", async () => {
    const refund = (amountMinor: bigint) => ({ ...ref("payout", "+221770000090"), direction: "refund" as const, id: "rf_1", amountMinor });
    expect(await simulatorConnector.status(at(0), refund(5_000n))).toMatchObject({ status: "success", operatorReference: "sim_rf_1" });
    expect(await simulatorConnector.status(at(10 * 3600_000), refund(5_099n))).toMatchObject({ status: "processing" });
  });

  it("succeeds for other numbers, after the configured delay", async () => {
    process.env.SANDBOX_PROVIDER_DELAY_MS = "3000";
    expect(await simulatorConnector.status(at(2999), ref("collect", "+221770000012"))).toMatchObject({ status: "processing" });
    expect(await simulatorConnector.status(at(3000), ref("collect", "+221770000012"))).toEqual({
      status: "success",
      operatorReference: "sim_txn_1",
      completedAt: new Date(submittedAt.getTime() + 3000),
    });
  });

  it("never answers for numbers ending in 99; does not know an order never sent", async () => {
    expect(await simulatorConnector.status(at(10 * 3600_000), ref("collect", "+221770000099"))).toMatchObject({ status: "processing" });
    expect(await simulatorConnector.status(at(10 * 3600_000), ref("payout", "+221770000099"))).toMatchObject({ status: "processing" });
    expect(await simulatorConnector.status(at(0), ref("collect", "+221770000012", null))).toEqual({ status: "not_found" });
  });

  it("accepts submissions under a reference derived from our id (idempotent), and makes no HTTP call", async () => {
    const context = at(0);
    const order = { transactionId: "txn_1", reference: "txn_1", provider: "orange", country: "SN", currency: "XOF", amountMinor: 100n, phone: "+221770000012" };
    const a = await simulatorConnector.collect(context, order);
    expect(a).toEqual({ status: "processing", operatorReference: "sim_txn_1" });
    expect(await simulatorConnector.collect(context, order)).toEqual(a);
    expect(context.calls).toHaveLength(0);
  });
});
