import { describe, expect, it } from "vitest";
import { judge, ourState, theirStateOfOutcome } from "@/lib/reconciliation/compare";
import { parseCsv, readStatement } from "@/lib/reconciliation/statement";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { mpesaDarajaConnector } from "@/lib/connectors/mpesa-daraja";
import { recordOf } from "@/lib/connectors/wave/transactions";

describe("reconciliation: the comparison, row by row", () => {
  const ours = (state: "moved" | "not_moved" | "open", amountMinor = 1000n) => ({ state, amountMinor, currency: "XOF" });
  const theirs = (state: "moved" | "not_moved" | "open" | "reversed" | "absent", amountMinor: bigint | null = null, currency: string | null = null) => ({ state, amountMinor, currency });
  it.each([
    // ours moved
    [ours("moved"), theirs("moved"), "agree"],
    [ours("moved"), theirs("moved", 1000n, "xof"), "agree"],
    [ours("moved"), theirs("moved", 999n, "XOF"), "amount_differs"],
    [ours("moved"), theirs("moved", 1000n, "XAF"), "amount_differs"],
    [ours("moved"), theirs("not_moved"), "status_differs"],
    [ours("moved"), theirs("reversed"), "status_differs"],
    [ours("moved"), theirs("open"), "status_differs"],
    [ours("moved"), theirs("absent"), "missing_at_operator"],
    // ours not moved
    [ours("not_moved"), theirs("moved", 1000n, "XOF"), "status_differs"],
    [ours("not_moved"), theirs("open"), "status_differs"],
    [ours("not_moved"), theirs("not_moved"), "agree"],
    [ours("not_moved"), theirs("reversed"), "agree"],
    [ours("not_moved"), theirs("absent"), "agree"],
    // ours not final: the engine is still asking
    [ours("open"), theirs("moved"), "in_flight"],
    [ours("open"), theirs("absent"), "in_flight"],
  ] as const)("%o against %o → %s", (a, b, verdict) => {
    expect(judge(a, b)).toBe(verdict);
  });

  it("an operator unsure of its own outcome is no answer for money we show moved, and a difference where ours did not move", () => {
    const unsure = { status: "processing", ambiguous: true } as const;
    expect(theirStateOfOutcome(unsure, "moved")).toBeNull();
    expect(theirStateOfOutcome(unsure, "not_moved")).toBe("open");
    expect(theirStateOfOutcome({ status: "processing" }, "moved")).toBe("open");
  });

  it("our statuses by what they mean for the money", () => {
    expect(["success", "refunded", "failed", "cancelled", "expired", "processing", "pending"].map((s) => ourState("collect", s))).toEqual(["moved", "moved", "not_moved", "not_moved", "not_moved", "open", "open"]);
    expect(["success", "failed", "cancelled", "processing"].map((s) => ourState("payout", s))).toEqual(["moved", "not_moved", "not_moved", "open"]);
    expect(["success", "failed", "pending"].map((s) => ourState("refund", s))).toEqual(["moved", "not_moved", "open"]);
  });
});

describe("reconciliation: statement files through the connectors' layouts", () => {
  it("CSV: quotes, doubled quotes, CRLF, a semicolon file", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\r\n')).toEqual([["a", "b"], ["x, y", 'say "hi"']]);
    expect(parseCsv("a;b\n1;2")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("pawaPay's wallet statement: Transaction ID is our reference, Type the direction; top-ups are not ours", () => {
    const csv = [
      "Creation Date,MSISDN,Transaction ID,Amount,Currency,Country,MNO,Type",
      "2026-11-26 10:00:00,221770000789,6f1c0f3a-2b4d-4c3e-9a1b-1c2d3e4f5a6b,20000,XOF,SEN,ORANGE_SEN,DEPOSIT",
      "2026-11-26 11:00:00,221770000789,7f1c0f3a-2b4d-4c3e-9a1b-1c2d3e4f5a6b,\"5,000\",XOF,SEN,ORANGE_SEN,PAYOUT",
      "2026-11-26 12:00:00,,top-up-1,100000,XOF,SEN,,TOP_UP",
    ].join("\n");
    const read = readStatement(csv, pawapayConnector.reconciliation!.statement!);
    expect(read.records).toEqual([
      { reference: "6f1c0f3a-2b4d-4c3e-9a1b-1c2d3e4f5a6b", operatorReference: null, direction: "collect", state: "success", amountMinor: 20000n, currency: "XOF", at: new Date("2026-11-26T10:00:00Z") },
      { reference: "7f1c0f3a-2b4d-4c3e-9a1b-1c2d3e4f5a6b", operatorReference: null, direction: "payout", state: "success", amountMinor: 5000n, currency: "XOF", at: new Date("2026-11-26T11:00:00Z") },
    ]);
    expect(read.skipped).toEqual([{ line: 4, why: 'type "TOP_UP" is not one of our orders' }]);
  });

  it("M-Pesa's organisation statement: the receipt, Withdrawn (B2C), the status words, amounts exact; collects' rows are not matchable", () => {
    const csv = [
      "Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance",
      "SKL1ABC234,26.11.2026 10:00:05,26.11.2026 10:00:00,Pay Bill Online from 2547…,Completed,\"1,500.00\",,\"10,500.00\"",
      "SKL1ABC235,26.11.2026 11:00:05,26.11.2026 11:00:00,Business Payment to 2547…,Completed,0.00,-250.50,\"10,249.50\"",
      "SKL1ABC236,26.11.2026 12:00:05,26.11.2026 12:00:00,Business Payment to 2547…,Failed,,\"1,000.00\",",
      "SKL1ABC237,26.11.2026 12:30:05,26.11.2026 12:30:00,Business Payment to 2547…,Attempted,,10.00,",
    ].join("\n");
    const read = readStatement(csv, mpesaDarajaConnector.reconciliation!.statement!, { currency: "KES" });
    expect(read.records.map((r) => [r.operatorReference, r.direction, r.state, r.amountMinor, r.at?.toISOString()])).toEqual([
      ["SKL1ABC235", null, "success", 25050n, "2026-11-26T11:00:05.000Z"],
      ["SKL1ABC236", null, "failed", 100000n, "2026-11-26T12:00:05.000Z"],
    ]);
    expect(read.skipped).toEqual([
      { line: 2, why: "collect: this layout's rows of that kind cannot be matched to our orders" },
      { line: 5, why: 'status "Attempted" is not mapped' },
    ]);
  });

  it("a file that does not fit the layout is refused, naming the columns it has", () => {
    expect(() => readStatement("Date,Ref,Value\n", pawapayConnector.reconciliation!.statement!)).toThrow(/no column "Transaction ID"/);
  });

  it("Wave's transaction items: a checkout in, its refund out, a payout out with its fee, the payout returned; others are not ours", () => {
    const at = "2026-11-26T10:00:00Z";
    expect(recordOf({ timestamp: at, transaction_id: "T_1", amount: "20000", fee: "0", currency: "XOF", checkout_api_session_id: "cos-1", client_reference: "txn_1" })).toMatchObject({ reference: "txn_1", operatorReference: "cos-1", direction: "collect", state: "success", amountMinor: 20000n });
    expect(recordOf({ timestamp: at, transaction_id: "T_2", amount: "-20000", fee: "0", currency: "XOF", checkout_api_session_id: "cos-1", is_reversal: true })).toMatchObject({ reference: null, operatorReference: "cos-1", direction: "refund", state: "success", amountMinor: 20000n });
    expect(recordOf({ timestamp: at, transaction_id: "T_3", amount: "-5050", fee: "50", currency: "XOF", client_reference: "po_1" })).toMatchObject({ reference: "po_1", direction: "payout", state: "success", amountMinor: 5000n });
    expect(recordOf({ timestamp: at, transaction_id: "T_4", amount: "5000", fee: "0", currency: "XOF", client_reference: "po_1", is_reversal: true })).toMatchObject({ reference: "po_1", direction: "payout", state: "reversed", amountMinor: 5000n });
    expect(recordOf({ timestamp: at, transaction_id: "T_5", amount: "1000", fee: "0", currency: "XOF", counterparty_mobile: "+221770000001" })).toBeNull();
  });
});
