import { setting } from "@/lib/config";
import type { Environment } from "@/lib/db/generated/client";

/**
 * How long a collect credit stays in `pending` before settlement makes it `available`:
 * SANDBOX_SETTLEMENT_DELAY_SECONDS (default 60) in sandbox, SETTLEMENT_DELAY_SECONDS (default
 * 3600: "generally within hours", spec) in production.
 */
export function settlementDelaySeconds(environment: Environment): number {
  return environment === "sandbox" ? setting("SANDBOX_SETTLEMENT_DELAY_SECONDS") : setting("SETTLEMENT_DELAY_SECONDS");
}
