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
    // The totals count the two rows that would be sent, nothing of the two invalid ones.
    expect(preview.data.summary).toMatchObject({ count: 2, leftOut: 2, covered: true, totals: ["XOF\u00A015,000"], fees: ["XOF\u00A0200"], debits: ["XOF\u00A015,200"] });
    expect(preview.data.summary?.balances).toEqual([{ currency: "XOF", before: "XOF\u00A0100,000", after: "XOF\u00A084,800" }]);
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

  it("a row the file itself breaks (more cells than the header) is an error and counts in no total, though its values would pass", async () => {
    const m = await signedUpMerchant();
    await addTestFunds(m.scope, { currency: "XOF", amount: "100000" });
    const file = ["externalReference,amount,recipientPhone,recipientName,provider", "ok-1,10000,+221770000012,Awa Diop,orange", "extra-2,40000,+221770000013,Moussa Ndiaye,wave,stray"].join("\n");
    const preview = await previewBulkCsv(m.scope, { csv: file, atomic: false });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.data).toMatchObject({ valid: 1, invalid: 1 });
    expect(preview.data.rows[1].error).toMatch(/6 cells/);
    expect(preview.data.summary).toMatchObject({ count: 1, leftOut: 1, totals: ["XOF\u00A010,000"], debits: ["XOF\u00A010,100"] });
    expect(preview.data.summary?.balances).toEqual([{ currency: "XOF", before: "XOF\u00A0100,000", after: "XOF\u00A089,900" }]);
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

  it("in French: every row's refusal says why in French, and so does a confirm with nothing to send", async () => {
    const m = await signedUpMerchant();
    await addTestFunds(m.scope, { currency: "XOF", amount: "100000" });
    const preview = await previewBulkCsv(m.scope, { csv, atomic: false }, { locale: "fr" });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.data.rows.map((r) => r.error)).toEqual([null, "Téléphone : un numéro de ce pays a 9 chiffres après +221 ; celui-ci en a 4", "Le montant doit être un nombre (« abc » n’en est pas un).", null]);
    expect(preview.data.summary).toMatchObject({ count: 2, leftOut: 2, totals: ["15\u202F000\u00A0XOF"] });
    const none = await confirmBulkCsv(m.scope, { csv: csv.split("\n").filter((l) => !/row-[14]/.test(l)).join("\n"), atomic: false, requestKey: "b".repeat(32) }, { locale: "fr" });
    expect(none).toMatchObject({ ok: false, code: "bulk_rejected", error: expect.stringMatching(/^Rien n’a été envoyé/) });
  });
});
