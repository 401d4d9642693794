import { describe, expect, it } from "vitest";
import { addTestFunds, changeBalanceMode, getBalancesPage, moveCollectToPayout } from "@/lib/dashboard/balances";
import { signedUpMerchant } from "./helpers";

const xof = async (scope: Parameters<typeof getBalancesPage>[0]) => (await getBalancesPage(scope)).balances.find((b) => b.currency === "XOF")!;

describe("balances page", () => {
  it("adds sandbox test funds to the session merchant's wallet only", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "25000" })).toEqual({ ok: true, data: { currency: "XOF", amount: 25000, category: "collect" } });
    expect((await xof(a.scope)).categories.collect.available).toBe(25000n);
    expect((await xof(b.scope)).categories.collect.available).toBe(0n);
  });

  it("returns readable validation errors", async () => {
    const a = await signedUpMerchant();
    const bad = await addTestFunds(a.scope, { currency: "ZZZ", amount: "abc" });
    expect(bad).toMatchObject({ ok: false, code: "validation_error" });
    if (!bad.ok) expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["amount", "currency"]);
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "10.5" })).toMatchObject({ ok: false, code: "invalid_amount" });
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "0" })).toMatchObject({ ok: false, code: "invalid_amount" });
    expect(await changeBalanceMode(a.scope, { mode: "mixed" })).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { mode: "Choose unified or separate." } });
  });

  it("test funds do not exist outside the sandbox", async () => {
    const a = await signedUpMerchant();
    expect(await addTestFunds({ ...a.scope, environment: "production" }, { currency: "XOF", amount: "100" })).toMatchObject({ ok: false, code: "not_found" });
  });

  it("moves collect → payout only in separate mode, within the available collect balance", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    await addTestFunds(a.scope, { currency: "XOF", amount: "10000" });
    expect(await moveCollectToPayout(a.scope, { currency: "XOF", amount: "1000" })).toMatchObject({ ok: false, code: "invalid_state" });
    expect(await changeBalanceMode(a.scope, { mode: "separate" })).toEqual({ ok: true, data: { mode: "separate" } });
    expect((await getBalancesPage(b.scope)).balanceMode).toBe("unified");
    expect(await moveCollectToPayout(a.scope, { currency: "XOF", amount: "4000" })).toEqual({ ok: true, data: { currency: "XOF", amount: 4000 } });
    const after = await xof(a.scope);
    expect(after.categories.collect.available).toBe(6000n);
    expect(after.categories.payout.available).toBe(4000n);
    expect(await moveCollectToPayout(a.scope, { currency: "XOF", amount: "7000" })).toMatchObject({ ok: false });
    // B's separate mode with nothing to move: refused, nothing posted.
    await changeBalanceMode(b.scope, { mode: "separate" });
    expect(await moveCollectToPayout(b.scope, { currency: "XOF", amount: "1" })).toMatchObject({ ok: false });
    expect((await xof(b.scope)).categories.payout.available).toBe(0n);
  });
});
