import { getServerSession } from "next-auth";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { loadSessionScope } from "@/lib/dashboard/authenticate-user";
import { messages, pickLocale, type Locale } from "@/lib/dashboard/i18n";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { authOptions } from "./auth-options";

/** The verified session's scope, or null. Once per request (layout and page share it). */
export const currentScope = cache(async (): Promise<DashboardScope | null> => {
  const session = (await getServerSession(authOptions())) as { userId?: unknown; merchantId?: unknown; environment?: unknown } | null;
  if (!session) return null;
  return loadSessionScope(session);
});

/** Every dashboard page and action starts here: no session, no data (back to login). */
export async function requireScope(): Promise<DashboardScope> {
  const scope = await currentScope();
  if (!scope) redirect("/login");
  return scope;
}

export const currentLocale = cache(async (): Promise<Locale> => {
  const [c, h] = await Promise.all([cookies(), headers()]);
  return pickLocale(c.get("lang")?.value, h.get("accept-language"));
});

export async function t() {
  return messages(await currentLocale());
}
