import { beforeAll, describe, expect, it } from "vitest";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { limits, quote } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * Payout limit defaults per settlement currency, through the API (lib/payouts/payout-limit-defaults.ts):
 * a Ghanaian merchant's defaults are GHS figures worth about the XOF ones, a Senegalese merchant's
 * are what they always were, and an operator's per-merchant limit still wins.
 */
beforeAll(() => ensureReferenceData());

describe("GET /payouts/limits and the quote, per settlement currency", () => {
  it("Senegal (XOF): the environment's defaults, unchanged", async () => {
    const m = await createTestMerchant({ country: "SN" });
    expect((await limits(m.headers)).json).toMatchObject({ daily: { limit: 10_000_000, currency: "XOF" }, monthly: { limit: 100_000_000 }, perTransaction: { min: 100, max: 5_000_000 } });
  });

  it("Ghana (GHS): its own row — 2 to 100,000 GHS per payout, 200,000 a day — and the quote enforces it", async () => {
    const m = await createTestMerchant({ country: "GH" });
    await fund(m.merchant.id, "GHS", 100_000_000n);
    expect((await limits(m.headers)).json).toMatchObject({ daily: { limit: 200_000, currency: "GHS" }, monthly: { limit: 2_000_000 }, perTransaction: { min: 2, max: 100_000 } });
    // 50 GHS was under the old one-figure minimum (100 GHS): it goes now.
    expect((await quote(m.headers, { amount: 50, currency: "GHS", destinationCountry: "GH", method: "bank_transfer" })).status).toBe(200);
  });

  it("an operator's per-merchant limit wins over the currency's default, and 'default' gives it back", async () => {
    const m = await createTestMerchant({ country: "GH" });
    await setPayoutLimits(m.merchant, "sandbox", { perTxMin: "60", daily: "5000" }, { actor: "test" });
    expect((await limits(m.headers)).json).toMatchObject({ daily: { limit: 5_000 }, perTransaction: { min: 60, max: 100_000 } });
    await setPayoutLimits(m.merchant, "sandbox", { perTxMin: null }, { actor: "test" });
    expect((await limits(m.headers)).json.perTransaction.min).toBe(2);
  });
});
