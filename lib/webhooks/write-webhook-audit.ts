import { writeAudit } from "@/lib/audit/write-audit";
import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";

/** Audit-log row for a change of webhook configuration. Never put a secret in `details`. */
export async function writeWebhookAudit(db: Db, merchantId: string, environment: AppEnvironment, actor: string, action: string, details: Record<string, string | null> = {}) {
  await writeAudit(db, { merchantId, environment, actor, action, details });
}
