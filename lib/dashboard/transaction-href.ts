/**
 * Where a transaction's dashboard page lives. The payments list is the API's transaction list,
 * which holds payouts as well as collect payments: a payout's page is under /payouts (its id
 * under /payments is a 404).
 */
export function transactionHref(row: { transactionId: string; type: "collect" | "payout" }): string {
  const base = row.type === "payout" ? "/dashboard/payouts" : "/dashboard/payments";
  return `${base}/${encodeURIComponent(row.transactionId)}`;
}
