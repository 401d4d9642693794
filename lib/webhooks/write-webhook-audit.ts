import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Audit-log row for a change of webhook configuration. Never put a secret in `details`. */
export async function writeWebhookAudit(db: Db, merchantId: string, environment: AppEnvironment, actor: string, action: string, details: Record<string, string | null> = {}) {
  await db.auditLog.create({ data: { id: newId("aud"), merchantId, environment, actor, action, details } });
}
