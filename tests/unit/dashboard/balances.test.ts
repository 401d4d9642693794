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

  it("takes amounts as people type them: French thousands separators (space, no-break, narrow no-break) and a decimal comma", async () => {
    const a = await signedUpMerchant();
    for (const typed of ["50 000", "50\u00A0000", "50\u202F000"]) {
      expect(await addTestFunds(a.scope, { currency: "XOF", amount: typed }), typed).toMatchObject({ ok: true, data: { amount: 50000 } });
    }
    expect((await xof(a.scope)).categories.collect.available).toBe(150000n);
    expect(await addTestFunds(a.scope, { currency: "EUR", amount: "12,50" })).toMatchObject({ ok: true, data: { currency: "EUR", amount: 12.5 } });
    expect(await moveCollectToPayout(a.scope, { currency: "XOF", amount: "1\u202F000" })).toMatchObject({ ok: false, code: "invalid_state" }); // unified mode: read, then refused for the mode
  });

  it("returns readable validation errors", async () => {
    const a = await signedUpMerchant();
    const bad = await addTestFunds(a.scope, { currency: "ZZZ", amount: "abc" });
    expect(bad).toMatchObject({ ok: false, code: "validation_error" });
    if (!bad.ok) expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["amount", "currency"]);
    // Amount errors are the amount field's (highlighted next to it), whatever rule refused it.
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "10.5" })).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { amount: expect.stringContaining("decimals") } });
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "0" })).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { amount: expect.any(String) } });
    expect(await addTestFunds(a.scope, { currency: "XOF", amount: "50,000" })).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringContaining("ambiguous") } });
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
