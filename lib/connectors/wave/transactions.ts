import type { OperatorRecord } from "../connector";
import { isCurrency, toMinorAllowZero } from "@/lib/money";
import { parseJsonObject } from "../parse-json-object";
import { type WaveContext, waveRequest } from "./client";

/**
 * Wave's Balance & Reconciliation API (README "Reconciliation"): `GET /v1/transactions?date=
 * YYYY-MM-DD` lists what moved on the wallet that day, page by page (`after` = the previous
 * page's `page_info.end_cursor` while `has_next_page`). Each item's `amount` is the difference it
 * made to the wallet (signed) and `fee` the fee in it; a checkout payment names its session
 * (`checkout_api_session_id`), a payout its `client_reference`, a refund or a returned payout is
 * marked `is_reversal`. Read into OperatorRecords for reconciliation; items that are none of our
 * orders (a transfer into the wallet, a merchant payment) are left out. Throws when a page cannot
 * be read: a list read in part would make whatever is missing look missing.
 */
const DAY = 24 * 3600_000;
const MAX_PAGES_PER_DAY = 1000;

type Item = Record<string, unknown>;

export async function listWaveTransactions(context: WaveContext, window: { from: Date; to: Date }): Promise<OperatorRecord[]> {
  const records: OperatorRecord[] = [];
  await eachWaveItem(context, window, (item) => {
    const record = recordOf(item);
    if (record && record.at && record.at >= window.from && record.at < window.to) records.push(record);
  });
  return records;
}

/**
 * The fees Wave took from the wallet on movements of our orders timestamped inside the window (a
 * payout's fee on top of what it paid; a checkout payment arriving net of its fee), for the float
 * check: the wallet moves by what our orders moved less these.
 */
export async function waveFeesTaken(context: WaveContext, window: { from: Date; to: Date }): Promise<{ currency: string; feeMinor: bigint }[]> {
  const sums = new Map<string, bigint>();
  await eachWaveItem(context, window, (item) => {
    const record = recordOf(item);
    if (!record || !record.at || record.at < window.from || record.at >= window.to || !record.currency) return;
    sums.set(record.currency, (sums.get(record.currency) ?? 0n) + feeOf(item, record.currency));
  });
  return [...sums].map(([currency, feeMinor]) => ({ currency, feeMinor }));
}

/** Every item Wave lists for the days the window touches, page by page. */
async function eachWaveItem(context: WaveContext, window: { from: Date; to: Date }, visit: (item: Item) => void): Promise<void> {
  for (let day = Math.floor(window.from.getTime() / DAY) * DAY; day < window.to.getTime(); day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    let after: string | null = null;
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES_PER_DAY) throw new Error(`Wave's transaction list for ${date} has more than ${MAX_PAGES_PER_DAY} pages`);
      const query = `date=${date}${after ? `&after=${encodeURIComponent(after)}` : ""}`;
      const response = await waveRequest(context, { operation: "reconcile.transactions", method: "GET", path: `/v1/transactions?${query}` });
      const body = response.status >= 200 && response.status < 300 ? parseJsonObject(response.text) : null;
      if (!body || !Array.isArray(body.items)) throw new Error(`Wave answered HTTP ${response.status} for the transactions of ${date}${body?.code ? ` (${String(body.code)})` : ""}`);
      for (const item of body.items as Item[]) visit(item);
      const info = (body.page_info ?? {}) as { has_next_page?: unknown; end_cursor?: unknown };
      if (info.has_next_page !== true || typeof info.end_cursor !== "string" || !info.end_cursor) break;
      after = info.end_cursor;
    }
  }
}

/** An item's `fee` in minor units (0 when it states none). */
function feeOf(item: Item, currency: string): bigint {
  if (typeof item.fee !== "string" || !/^\d+(\.\d+)?$/.test(item.fee.trim()) || !isCurrency(currency)) return 0n;
  return toMinorAllowZero(item.fee.trim(), currency);
}

/** One item as a record of one of our orders, or null. The amount is what moved for the order: the wallet difference with the fee taken out. */
export function recordOf(item: Item): OperatorRecord | null {
  const currency = typeof item.currency === "string" ? item.currency : null;
  const signed = typeof item.amount === "string" ? item.amount.trim() : null;
  if (!currency || !isCurrency(currency) || !signed || !/^[-+]?\d+(\.\d+)?$/.test(signed)) return null;
  const outgoing = signed.startsWith("-");
  let difference: bigint;
  let fee: bigint;
  try {
    difference = toMinorAllowZero(signed.replace(/^[-+]/, ""), currency);
    fee = feeOf(item, currency);
  } catch {
    return null;
  }
  // Money out carries its fee on top; money in arrives net of it.
  const amountMinor = outgoing ? difference - fee : difference + fee;
  const reversal = item.is_reversal === true;
  const session = typeof item.checkout_api_session_id === "string" && item.checkout_api_session_id ? item.checkout_api_session_id : null;
  const clientReference = typeof item.client_reference === "string" && item.client_reference ? item.client_reference : null;
  const at = typeof item.timestamp === "string" && !Number.isNaN(Date.parse(item.timestamp)) ? new Date(item.timestamp) : null;
  const base = { amountMinor, currency, at };
  if (session) {
    // A checkout payment in; its refund out (Wave refunds a session whole, and it has no id of ours).
    return reversal ? { ...base, reference: null, operatorReference: session, direction: "refund", state: "success" } : { ...base, reference: clientReference, operatorReference: session, direction: "collect", state: "success" };
  }
  if (!clientReference) return null;
  const id = typeof item.transaction_id === "string" ? item.transaction_id : null;
  // A payout out; the same payout's money back in (reversed).
  return { ...base, reference: clientReference, operatorReference: id, direction: "payout", state: reversal ? "reversed" : "success" };
}
