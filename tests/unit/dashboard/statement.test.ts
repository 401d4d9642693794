import { describe, expect, it } from "vitest";
import { getDashboardStatement } from "@/lib/dashboard/statement";
import { getPrisma } from "@/lib/db/client";
import { fund } from "../../helpers/ledger";
import { signedUpMerchant } from "./helpers";

describe("dashboard statement", () => {
  it("defaults to the settlement currency's collect wallet, this month to date", async () => {
    const m = await signedUpMerchant();
    await (await getPrisma()).merchant.update({ where: { id: m.scope.merchantId }, data: { settlementCurrency: "XAF" } });
    await fund(m.scope.merchantId, "XAF", 900n);
    const today = new Date().toISOString().slice(0, 10);
    const page = await getDashboardStatement(m.scope, {});
    expect(page.filters).toEqual({ currency: "XAF", category: "collect", from: `${today.slice(0, 8)}01`, to: today });
    expect(page.statement).toMatchObject({ opening: { available: 0n, pending: 0n }, closing: { available: 900n, pending: 0n }, net: { available: 900n, pending: 0n }, count: 1, hasMore: false });
    expect(page.statement!.movements.map((mv) => [mv.type, mv.availableChange, mv.available])).toEqual([["sandbox_funding", 900n, 900n]]);
  });

  it("a period after the movements opens and closes on the balance, with none listed", async () => {
    const m = await signedUpMerchant();
    await fund(m.scope.merchantId, "XOF", 1_234n, "payout");
    const page = await getDashboardStatement(m.scope, { currency: "XOF", category: "payout", from: "2099-01-01", to: "2099-01-31" });
    expect(page.statement).toMatchObject({ opening: { available: 1_234n }, closing: { available: 1_234n }, count: 0, movements: [] });
  });

  it("wrong filters come back as field errors, with nothing read", async () => {
    const m = await signedUpMerchant();
    const page = await getDashboardStatement(m.scope, { currency: "ZZZ", category: "gold", from: "2026-04-31" });
    expect(page.statement).toBeNull();
    expect(Object.keys(page.fieldErrors).sort()).toEqual(["category", "currency", "from"]);
  });

  it("shows only the session's merchant", async () => {
    const a = await signedUpMerchant();
    await fund(a.scope.merchantId, "XOF", 50n);
    const b = await signedUpMerchant();
    const page = await getDashboardStatement(b.scope, { currency: "XOF", category: "collect" });
    expect(page.statement).toMatchObject({ closing: { available: 0n, pending: 0n }, count: 0, movements: [] });
  });
});
