import { describe, expect, it } from "vitest";
import { BULK_CSV_COLUMNS, bulkCsvTemplate, parseBulkCsv } from "@/lib/dashboard/bulk-payouts";

describe("bulk payout CSV", () => {
  it("the template parses back into three bulk items (wallets and a bank transfer)", () => {
    const template = bulkCsvTemplate();
    expect(template.split("\r\n")[0]).toBe(BULK_CSV_COLUMNS.join(","));
    const parsed = parseBulkCsv(template);
    if ("fileError" in parsed) throw new Error(parsed.fileError);
    expect(parsed.rowErrors.size).toBe(0);
    expect(parsed.items).toEqual([
      {
        externalReference: "salary-2026-11-001",
        amount: "25000",
        currency: "XOF",
        country: "SN",
        method: "MOBILE_MONEY",
        mobileWallet: { provider: "orange" },
        recipient: { phone: "+221770000012", name: "Awa Diop" },
        description: "November salary",
      },
      expect.objectContaining({ mobileWallet: { provider: "wave" }, recipient: { phone: "+221760000013", name: "Moussa Ndiaye" } }),
      expect.objectContaining({ method: "BANK_TRANSFER", bankAccount: { accountNumber: "0152000048500003035", accountName: "Sarl Baobab", bankName: "CBAO" } }),
    ]);
  });

  it("quoting, a BOM, CRLF, header case and order, the spreadsheet apostrophe; quoted rows keep no legacy method", () => {
    const csv = '\uFEFFRecipientPhone,AMOUNT,externalReference,recipientName\r\n"\'+221770000012",1000,"ref,1","Diop, Awa"\r\n';
    const parsed = parseBulkCsv(csv);
    if ("fileError" in parsed) throw new Error(parsed.fileError);
    expect(parsed.items).toEqual([{ externalReference: "ref,1", amount: "1000", method: "MOBILE_MONEY", recipient: { phone: "+221770000012", name: "Diop, Awa" } }]);
    const quoted = parseBulkCsv("quoteId,recipientPhone\nqt_1,+221770000012\n");
    if ("fileError" in quoted) throw new Error(quoted.fileError);
    expect(quoted.items).toEqual([{ quoteId: "qt_1", recipient: { phone: "+221770000012" } }]);
  });

  it("refuses what cannot be a bulk: unknown columns, broken quoting, no rows, more than 1,000 rows; a row too wide is its own error", () => {
    expect(parseBulkCsv("amount,iban\n1000,x\n")).toEqual({ fileError: expect.stringContaining("Unknown column: iban") });
    expect(parseBulkCsv('amount\n"1000\n')).toEqual({ fileError: expect.stringContaining("not valid CSV") });
    expect(parseBulkCsv("amount,recipientPhone\n")).toEqual({ fileError: expect.stringContaining("no payout row") });
    expect(parseBulkCsv("")).toEqual({ fileError: expect.stringContaining("empty") });
    expect(parseBulkCsv(`amount\n${"1000\n".repeat(1001)}`)).toEqual({ fileError: expect.stringContaining("1001 rows") });
    const wide = parseBulkCsv("amount,recipientPhone\n1000,+221770000012,extra\n2000,+221770000012\n");
    if ("fileError" in wide) throw new Error(wide.fileError);
    expect([...wide.rowErrors.keys()]).toEqual([0]);
  });
});
