import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { checkHealth } from "@/lib/platform/check-health";
import { healthContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(healthContract, async () => {
  const report = await checkHealth();
  // Only the database takes the instance out (503); a connector problem is degraded, still 200.
  return { status: report.checks.database.status === "ok" ? 200 : 503, body: report };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
