import type { MerchantScope } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

export type AuditRow = { id: string; action: string; actor: string; details: unknown; createdAt: Date; environment: string | null };

/**
 * The merchant's audit log for one environment (rows of no environment, such as team changes,
 * show in both), newest first, optionally filtered by action (exact name or a `<area>.` prefix)
 * and actor (substring, case-insensitive). Keyset pagination on (createdAt, id).
 */
export async function listAudit(
  scope: MerchantScope,
  filters: { action?: string; actor?: string; before?: { createdAt: Date; id: string }; limit?: number } = {},
): Promise<{ rows: AuditRow[]; next: { createdAt: Date; id: string } | null }> {
  const limit = Math.min(Math.max(filters.limit ?? 50, 1), 200);
  const and: Prisma.AuditLogWhereInput[] = [{ merchantId: scope.merchantId }, { OR: [{ environment: scope.environment }, { environment: null }] }];
  if (filters.action) and.push(filters.action.endsWith(".") ? { action: { startsWith: filters.action } } : { action: filters.action });
  if (filters.actor) and.push({ actor: { contains: filters.actor, mode: "insensitive" } });
  if (filters.before) and.push({ OR: [{ createdAt: { lt: filters.before.createdAt } }, { createdAt: filters.before.createdAt, id: { lt: filters.before.id } }] });
  const rows = await (await getPrisma()).auditLog.findMany({ where: { AND: and }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => ({ id: r.id, action: r.action, actor: r.actor, details: r.details, createdAt: r.createdAt, environment: r.environment })),
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}

/** The actions written today, by area: what the dashboard's filter offers (a `<area>.` prefix or one action). */
export const AUDIT_ACTIONS: Record<string, readonly string[]> = {
  "api_keys.": ["api_keys.rotated", "api_keys.revoked"],
  "webhook.": ["webhook.url_set", "webhook.secret_rotated", "webhook.secret_revealed", "webhook.enabled"],
  "payout.": ["payout.created", "payout.cancelled", "payout.bulk_created", "payout.approval_requested", "payout.approved", "payout.rejected", "payout.approval_threshold_set"],
  "refund.": ["refund.created"],
  "team.": ["team.member_invited", "team.invitation_revoked", "team.member_joined", "team.role_changed", "team.member_removed"],
  "two_factor.": ["two_factor.enabled", "two_factor.disabled", "two_factor.recovery_codes_replaced", "two_factor.recovery_code_used", "two_factor.team_required", "two_factor.team_optional", "two_factor.reset"],
  "merchant.": ["merchant.balance_mode_changed", "merchant.plan_changed", "merchant.limits_changed", "merchant.verification_submitted", "merchant.verified"],
  "ledger.": ["ledger.credit_granted", "ledger.sandbox_funded", "ledger.funds_moved"],
  "branding.": ["branding.updated"],
  "password.": ["password.reset"],
};

/** Whether `value` is a filter the page offers (anything else is ignored, not searched for). */
export const isAuditActionFilter = (value: string) => value in AUDIT_ACTIONS || Object.values(AUDIT_ACTIONS).some((list) => list.includes(value));
