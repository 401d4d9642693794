import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Who did it: "dashboard:<email>", "ops:<name>", "api:<public key>"… */
export type AuditEntry = {
  merchantId: string;
  /** null: not tied to one environment (a team member, the merchant's plan). */
  environment: AppEnvironment | null;
  actor: string;
  action: string;
  /** Never a secret. */
  details?: Record<string, string | number | boolean | null>;
};

/** Writes one audit row with `db`: pass the action's own transaction client (lib/audit/README). */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.auditLog.create({ data: auditRow(entry) });
}

/** The row writeAudit writes, for a writer that inserts it in one statement with others (payout initiate, lib/db/insert-rows). */
export function auditRow(entry: AuditEntry) {
  return { id: newId("aud"), merchantId: entry.merchantId, environment: entry.environment, actor: entry.actor, action: entry.action, details: entry.details ?? {}, createdAt: new Date() };
}

/** What a domain function takes to record the person who asked for it in its own transaction. */
export type AuditBy = { actor: string };

/** The actor of an API call: its public key (never the secret). */
export const apiActor = (auth: { publicKey: string }) => `api:${auth.publicKey}`;
