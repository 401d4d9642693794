import { beforeAll, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { seedBenchPayments } from "@/lib/dashboard/seed-bench-payments";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { releasePayout } from "@/lib/ledger/release-payout";
import { exportStatementCsv, STATEMENT_CSV_HEADER } from "@/lib/statements/export-statement-csv";
import { exportTransactionsCsv, TRANSACTIONS_CSV_HEADER } from "@/lib/statements/export-transactions-csv";
import { call } from "../../helpers/http";
import { fund, inTx } from "../../helpers/ledger";
import { directBody, initiatePayment } from "../../helpers/payments";
import { quoteAndInitiate, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "../../unit/dashboard/helpers";

beforeAll(() => ensureReferenceData());

/** Reads a streamed CSV response chunk by chunk; parses it (RFC 4180, quoted fields with CRLF inside). */
async function readCsv(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const chunks: string[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value));
  const text = chunks.join("");
  expect(text.startsWith("\uFEFF")).toBe(true);
  return { chunks, text, rows: parseCsv(text.slice(1)) };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  expect(row).toEqual([]); // the last record ends with CRLF
  return rows;
}

const byHeader = (header: string[], row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));

async function walletWithHistory(scope: DashboardScope) {
  const merchantId = scope.merchantId;
  const txn = newId("txn");
  const po = newId("po");
  await fund(merchantId, "XOF", 20_000n);
  await inTx((tx) => creditCollectPending(tx, { environment: "sandbox", merchantId, reference: txn, provider: "wave", currency: "XOF", gross: 3_000n, fee: 30n, dueAt: new Date("2100-01-01T00:00:00Z") }));
  await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId: po, currency: "XOF", category: "collect", amount: 4_000n, fee: 75n }));
  await inTx((tx) => releasePayout(tx, { payoutId: po }));
  await fund(merchantId, "XOF", 1_500n);
  return { txn, po };
}

describe("statement CSV", () => {
  it("opening, every movement oldest first, closing = the balance endpoint; one chunk per page", async () => {
    const m = await signedUpMerchant();
    const { txn, po } = await walletWithHistory(m.scope);
    const res = await exportStatementCsv(m.scope, { currency: "XOF", category: "collect" }, { pageSize: 2 });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="statement-XOF-collect-\d{4}-\d\d-01_\d{4}-\d\d-\d\d\.csv"$/);
    const { chunks, rows } = await readCsv(res);
    // header, opening, three pages of at most two movements, closing
    expect(chunks).toHaveLength(1 + 1 + 3 + 1);
    expect(rows[0]).toEqual(STATEMENT_CSV_HEADER);
    const lines = rows.slice(1).map((r) => byHeader(STATEMENT_CSV_HEADER, r));
    expect(lines.map((l) => [l.type, l.transaction_id, l.available_change, l.pending_change, l.fee, l.available_after, l.pending_after])).toEqual([
      ["opening_balance", "", "", "", "", "0", "0"],
      ["sandbox_funding", "", "20000", "0", "", "20000", "0"],
      ["collect_credit", txn, "0", "2970", "30", "20000", "2970"],
      ["payout_hold", po, "-4075", "0", "75", "15925", "2970"],
      ["payout_release", po, "4075", "0", "75", "20000", "2970"],
      ["sandbox_funding", "", "1500", "0", "", "21500", "2970"],
      ["closing_balance", "", "", "", "", "21500", "2970"],
    ]);
    const shown = (await call(balance, { path: "/payments/balance", headers: m.headers })).json.data.balances[0].categories.collect;
    expect(shown).toEqual({ available: 21_500, pending: 2_970 });
  });

  it("the period applies: a period before the history opens and closes at zero with no movement", async () => {
    const m = await signedUpMerchant();
    await walletWithHistory(m.scope);
    const { rows } = await readCsv(await exportStatementCsv(m.scope, { currency: "XOF", category: "collect", from: "2020-01-01", to: "2020-12-31" }));
    expect(rows.slice(1).map((r) => [r[0], r[1], r[7], r[8]])).toEqual([
      ["2020-01-01T00:00:00.000Z", "opening_balance", "0", "0"],
      ["2021-01-01T00:00:00.000Z", "closing_balance", "0", "0"],
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const after = await readCsv(await exportStatementCsv(m.scope, { currency: "XOF", category: "collect", from: tomorrow }));
    expect(after.rows.slice(1).map((r) => [r[1], r[7], r[8]])).toEqual([
      ["opening_balance", "21500", "2970"],
      ["closing_balance", "21500", "2970"],
    ]);
  });

  it("pages are read as the client reads: a movement posted mid-download is in the file", async () => {
    const m = await signedUpMerchant();
    await walletWithHistory(m.scope);
    const res = await exportStatementCsv(m.scope, { currency: "XOF", category: "collect" }, { pageSize: 1 });
    const reader = res.body!.getReader();
    await reader.read(); // header
    await reader.read(); // opening
    await fund(m.scope.merchantId, "XOF", 7n);
    const decoder = new TextDecoder();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value);
    expect(rest).toContain(",sandbox_funding,,");
    expect(rest).toMatch(/,closing_balance,,,,,,21507,2970\r\n$/);
  });

  it("another merchant's wallet never appears; wrong filters are 400", async () => {
    const a = await signedUpMerchant();
    await walletWithHistory(a.scope);
    const b = await signedUpMerchant();
    const { rows } = await readCsv(await exportStatementCsv(b.scope, { currency: "XOF", category: "collect" }));
    expect(rows.slice(1).map((r) => r[1])).toEqual(["opening_balance", "closing_balance"]);
    for (const bad of [{ currency: "ABC" }, { category: "savings" }, { from: "2026-02-30" }, { from: "2026-05-02", to: "2026-05-01" }]) {
      const res = await exportStatementCsv(b.scope, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.text()).toMatch(/^Invalid filters\./);
    }
  });
});

describe("payments and payouts CSV", () => {
  it("escapes names and neutralises formulas; the list's filters apply", async () => {
    const m = await signedUpMerchant();
    const names = ['=HYPERLINK("http://evil.test","click")', "Diop, Awa", 'Le "Best" shop', "@SUM(1)"];
    const ids: string[] = [];
    for (const customerName of names) {
      const res = await initiatePayment(m.headers, directBody({ customerName, externalReference: `csv-${ids.length}-${Date.now()}` }));
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      ids.push(res.json.data.transactionId);
    }
    const res = await exportTransactionsCsv(m.scope, "collect", {});
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d\d-\d\d\.csv"$/);
    const { rows } = await readCsv(res);
    expect(rows[0]).toEqual(TRANSACTIONS_CSV_HEADER);
    const lines = rows.slice(1).map((r) => byHeader(TRANSACTIONS_CSV_HEADER, r));
    expect(lines.map((l) => l.transaction_id)).toEqual([...ids].reverse());
    expect(lines.map((l) => l.customer_name)).toEqual(["'@SUM(1)", 'Le "Best" shop', "Diop, Awa", `'${names[0]}`]);
    expect(lines[0]).toMatchObject({ type: "collect", amount: "5000", currency: "XOF", provider: "orange", paid_at: "" });

    const one = await readCsv(await exportTransactionsCsv(m.scope, "collect", { externalReference: lines[1].external_reference, page: "3" }));
    expect(one.rows.slice(1).map((r) => r[0])).toEqual([ids[2]]);
    const none = await readCsv(await exportTransactionsCsv(m.scope, "collect", { status: "success" }));
    expect(none.rows).toHaveLength(1);
    expect((await exportTransactionsCsv(m.scope, "collect", { startDate: "yesterday" })).status).toBe(400);
    // Another merchant's export has none of them.
    const other = await signedUpMerchant();
    expect((await readCsv(await exportTransactionsCsv(other.scope, "collect", {}))).rows).toHaveLength(1);
  });

  it("pages through the whole list (250 rows, 100 a query), each row once, one chunk per page", async () => {
    const m = await signedUpMerchant();
    await seedBenchPayments(m.scope.merchantId, 250);
    const { chunks, rows } = await readCsv(await exportTransactionsCsv(m.scope, "collect", {}));
    expect(chunks).toHaveLength(1 + 3);
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    const expected = await (await getPrisma()).payment.findMany({ where: { merchantId: m.scope.merchantId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(ids).toEqual(expected.map((p) => p.id));
  });

  it("the payouts list exports payouts only", async () => {
    const m = await signedUpMerchant();
    await fund(m.scope.merchantId, "XOF", 1_000_000n);
    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    expect(payout.status, JSON.stringify(payout.json)).toBe(201);
    await initiatePayment(m.headers, directBody());
    const { rows } = await readCsv(await exportTransactionsCsv(m.scope, "payout", {}));
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[7]])).toEqual([[payout.json.transactionId, "payout", "pending", "10000", "Awa Diop"]]);
  });
});
