import { beforeAll, describe, expect, it } from "vitest";
import { addTestFunds } from "@/lib/dashboard/balances";
import { confirmBulkCsv, getDashboardBulk, listDashboardBulks, previewBulkCsv } from "@/lib/dashboard/bulk-payouts";
import { getPrisma } from "@/lib/db/client";
import { wallet } from "../../helpers/ledger";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

const csv = [
  "externalReference,amount,recipientPhone,recipientName,provider",
  "row-1,10000,+221770000012,Awa Diop,orange",
  "row-2,10000,+2217700,Bad Phone,orange",
  "row-3,abc,+221770000012,Bad Amount,orange",
  "row-4,5000,+221770000013,Moussa Ndiaye,wave",
].join("\n");

describe("bulk payouts in the dashboard", () => {
  it("preview: every row's error before anything is sent, nothing written; confirm: the valid rows become a bulk, once", async () => {
    const m = await signedUpMerchant();
    expect(await addTestFunds(m.scope, { currency: "XOF", amount: "100000" })).toMatchObject({ ok: true });
    const preview = await previewBulkCsv(m.scope, { csv, atomic: false });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.data).toMatchObject({ valid: 2, invalid: 2, atomic: false });
    expect(preview.data.rows.map((r) => [r.line, r.externalReference, r.error === null])).toEqual([
      [2, "row-1", true],
      [3, "row-2", false],
      [4, "row-3", false],
      [5, "row-4", true],
    ]);
    expect(preview.data.rows[1].error).toMatch(/9 digits/);
    expect(preview.data.rows[2].error).toMatch(/amount/i);
    const prisma = await getPrisma();
    expect(await prisma.payout.count({ where: { merchantId: m.scope.merchantId } })).toBe(0);
    expect(await wallet(m.scope.merchantId, "XOF")).toEqual({ available: 100_000n, pending: 0n });

    const input = { csv: preview.data.csv, atomic: false, requestKey: preview.data.requestKey };
    const sent = await confirmBulkCsv(m.scope, input);
    if (!sent.ok) throw new Error(sent.error);
    const again = await confirmBulkCsv(m.scope, input);
    expect(again).toEqual(sent);
    expect(await prisma.payoutBulk.count({ where: { merchantId: m.scope.merchantId } })).toBe(1);
    const bulk = await getDashboardBulk(m.scope, sent.data.bulkId);
    expect(bulk?.counts).toMatchObject({ total: 4, accepted: 2, rejected: 2, pending: 2 });
    expect(await wallet(m.scope.merchantId, "XOF")).toEqual({ available: 100_000n - 10_100n - 5_100n, pending: 0n });
    expect((await listDashboardBulks(m.scope, {})).data.map((b) => b.bulkId)).toEqual([sent.data.bulkId]);
  });

  it("atomic with an invalid row: the preview says so and a confirm creates nothing; another merchant's bulk is not found", async () => {
    const m = await signedUpMerchant();
    const other = await signedUpMerchant();
    await addTestFunds(m.scope, { currency: "XOF", amount: "100000" });
    const preview = await previewBulkCsv(m.scope, { csv, atomic: true });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.data.invalid).toBe(2);
    const sent = await confirmBulkCsv(m.scope, { csv, atomic: true, requestKey: preview.data.requestKey });
    expect(sent).toMatchObject({ ok: false, code: "bulk_rejected" });
    const ok = await confirmBulkCsv(m.scope, { csv: csv.split("\n").filter((l) => !/row-[23]/.test(l)).join("\n"), atomic: true, requestKey: "a".repeat(32) });
    if (!ok.ok) throw new Error(ok.error);
    expect(await getDashboardBulk(other.scope, ok.data.bulkId)).toBeNull();
    expect(await getDashboardBulk(m.scope, ok.data.bulkId)).toMatchObject({ atomic: true, counts: { accepted: 2 } });
    expect(await previewBulkCsv(m.scope, { csv: "amount,iban\n1,2\n", atomic: false })).toMatchObject({ ok: false, error: expect.stringContaining("iban") });
  });
});
