import { requireScope } from "@/app/_dashboard/session";
import { exportStatementCsv } from "@/lib/statements/export-statement-csv";

export const dynamic = "force-dynamic";

/** The statement as CSV, for the wallet and period in the URL (the statement page's own). */
export async function GET(request: Request) {
  const scope = await requireScope("money");
  return exportStatementCsv(scope, Object.fromEntries(new URL(request.url).searchParams));
}
