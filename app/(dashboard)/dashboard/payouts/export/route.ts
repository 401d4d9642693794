import { requireScope } from "@/app/_dashboard/session";
import { exportTransactionsCsv } from "@/lib/statements/export-transactions-csv";

export const dynamic = "force-dynamic";

/** The payouts list as CSV, with the filters in the URL (the list page's own). */
export async function GET(request: Request) {
  const scope = await requireScope("money");
  return exportTransactionsCsv(scope, "payout", Object.fromEntries(new URL(request.url).searchParams));
}
