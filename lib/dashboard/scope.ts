import type { MerchantScope } from "@/lib/config";
import type { DashboardRole } from "@/lib/db/generated/client";

/** Who is acting in the dashboard: taken from the verified session, never from a form. */
export type DashboardScope = MerchantScope & {
  userId: string;
  email: string;
  /** The time zone chosen in settings (lib/identity/time-zone); absent or null: the browser's. */
  timeZone?: string | null;
};

/**
 * The scope of a verified session, with what the dashboard checks before each page and action
 * (app/_dashboard/session.ts): read from the database on every request, so a role change or a
 * removal applies at once.
 */
export type DashboardMember = DashboardScope & {
  /** The member's role (lib/identity/roles.ts). */
  role: DashboardRole;
  /** The member has two-factor sign-in set up. */
  twoFactorEnabled: boolean;
  /** The team's owners require two-factor sign-in of every member. */
  teamRequiresTwoFactor: boolean;
};

/** The audit-log actor for dashboard actions. */
export const dashboardActor = (scope: DashboardScope) => `dashboard:${scope.email}`;
