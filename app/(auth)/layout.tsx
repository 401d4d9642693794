import type { ReactNode } from "react";
import "@/app/_dashboard/dashboard.css";
import { appEnv } from "@/lib/config";
import { EnvBadge } from "@/app/_dashboard/chrome";
import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

export const dynamic = "force-dynamic";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const locale = await currentLocale();
  const m = messages(locale);
  return (
    <div lang={locale} className="auth-shell">
      <header className="topbar">
        <a href="/" className="brand">
          Payments
        </a>
        <EnvBadge environment={appEnv()} m={m} />
      </header>
      <main id="main" className="auth-main">
        {children}
      </main>
    </div>
  );
}
