import { afterEach, describe, expect, it } from "vitest";
import { SandboxSimulator } from "@/lib/providers/sandbox-simulator";
import { getProvider } from "@/lib/providers/get-provider";

const submittedAt = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new SandboxSimulator(() => new Date(submittedAt.getTime() + ms));

afterEach(() => {
  process.env.SANDBOX_PROVIDER_DELAY_MS = "0";
  process.env.APP_ENV = "sandbox";
});

describe("sandbox simulator", () => {
  it.each([
    ["+221770000090", "insufficient_funds"],
    ["+221770000091", "user_cancelled"],
    ["+221770000092", "timeout"],
    ["+221770000093", "provider_error"],
    ["+221770000094", "invalid_phone"],
  ])("collect from %s fails with %s", async (phone, code) => {
    const result = await at(0).getPaymentStatus({ submittedAt, phone });
    expect(result).toMatchObject({ status: "failed", errorCode: code });
  });

  it.each([
    ["+221770000090", "invalid_recipient"],
    ["+221770000091", "provider_error"],
    ["+221770000092", "account_blocked"],
    ["+221770000093", "insufficient_balance"],
    ["FR7630006000011234567890190", "invalid_recipient"],
    ["+221770000094", "limit_exceeded"],
  ])("payout to %s fails with %s", async (destination, code) => {
    const result = await at(0).getPayoutStatus({ submittedAt, destination });
    expect(result).toMatchObject({ status: "failed", errorCode: code });
  });

  it("succeeds for other numbers, after the configured delay", async () => {
    process.env.SANDBOX_PROVIDER_DELAY_MS = "3000";
    expect(await at(2999).getPaymentStatus({ submittedAt, phone: "+221770000012" })).toEqual({ status: "processing" });
    expect(await at(3000).getPaymentStatus({ submittedAt, phone: "+221770000012" })).toEqual({
      status: "success",
      completedAt: new Date(submittedAt.getTime() + 3000),
    });
  });

  it("never answers for numbers ending in 99", async () => {
    expect(await at(10 * 3600_000).getPaymentStatus({ submittedAt, phone: "+221770000099" })).toEqual({ status: "processing" });
    expect(await at(10 * 3600_000).getPayoutStatus({ submittedAt, destination: "+221770000099" })).toEqual({ status: "processing" });
  });

  it("accepts submissions with a reference derived from our id (idempotent)", async () => {
    const sim = at(0);
    const a = await sim.requestPayment({ transactionId: "txn_1" } as never);
    const b = await sim.requestPayment({ transactionId: "txn_1" } as never);
    expect(a).toEqual({ accepted: true, providerReference: "sim_txn_1" });
    expect(b).toEqual(a);
  });

  it("production has no connector configured: every provider is unavailable", () => {
    expect(getProvider().isAvailable("orange")).toBe(true);
    process.env.APP_ENV = "production";
    expect(getProvider().isAvailable("orange")).toBe(false);
  });
});
