import type { AppEnvironment } from "@/lib/config";

/** Who is acting in the dashboard: taken from the verified session, never from a form. */
export type DashboardScope = {
  userId: string;
  email: string;
  merchantId: string;
  environment: AppEnvironment;
  /** The time zone chosen in settings (lib/dashboard/time-zone); absent or null: the browser's. */
  timeZone?: string | null;
};

/** The audit-log actor for dashboard actions. */
export const dashboardActor = (scope: DashboardScope) => `dashboard:${scope.email}`;
