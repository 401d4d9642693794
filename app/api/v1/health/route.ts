import { defineRoute } from "@/lib/http/define-route";
import { checkHealth } from "@/lib/platform/check-health";
import { healthContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(healthContract, async () => {
  const report = await checkHealth();
  return { status: report.status === "ok" ? 200 : 503, body: report };
});
