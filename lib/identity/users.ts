import { type Db, getPrisma } from "@/lib/db/client";
import type { DashboardUser } from "@/lib/db/generated/client";

/** The dashboard user `userId` if it is a member of `merchantId`, else null (pass the action's transaction client). */
export async function findMember(userId: string, merchantId: string, db?: Db): Promise<DashboardUser | null> {
  return (db ?? (await getPrisma())).dashboardUser.findFirst({ where: { id: userId, merchantId } });
}

/** The dashboard user with this e-mail address (stored lower-case), or null. */
export async function findUserByEmail(email: string, db?: Db): Promise<DashboardUser | null> {
  return (db ?? (await getPrisma())).dashboardUser.findUnique({ where: { email } });
}
