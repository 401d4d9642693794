import { requireScope } from "@/app/_dashboard/session";
import { bulkCsvTemplate } from "@/lib/dashboard/bulk-payouts";

export const dynamic = "force-dynamic";

/** The bulk payout CSV template (header and example rows). */
export async function GET() {
  await requireScope("money");
  return new Response(bulkCsvTemplate(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="bulk-payouts-template.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
