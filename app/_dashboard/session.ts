import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { loadSessionScope } from "@/lib/dashboard/authenticate-user";
import { messages, pickLocale, type Locale } from "@/lib/dashboard/i18n";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { authOptions } from "./auth-options";

/** The verified session's scope, or null. */
export async function currentScope(): Promise<DashboardScope | null> {
  const session = (await getServerSession(authOptions())) as { userId?: unknown; merchantId?: unknown; environment?: unknown } | null;
  if (!session) return null;
  return loadSessionScope(session);
}

/** Every dashboard page and action starts here: no session, no data (back to login). */
export async function requireScope(): Promise<DashboardScope> {
  const scope = await currentScope();
  if (!scope) redirect("/login");
  return scope;
}

export async function currentLocale(): Promise<Locale> {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale(c.get("lang")?.value, h.get("accept-language"));
}

export async function t() {
  return messages(await currentLocale());
}
