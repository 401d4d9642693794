import type { ReactNode } from "react";
import "@/app/_dashboard/dashboard.css";
import { EnvBadge, LanguageSwitch } from "@/app/_dashboard/chrome";
import { LogoutButton } from "@/app/_dashboard/client/logout-button";
import { NavLinks } from "@/app/_dashboard/client/nav-links";
import { BrowserTimeZone } from "@/app/_dashboard/client/browser-time-zone";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { cookies } from "next/headers";
import { TIME_ZONE_COOKIE } from "@/lib/identity/time-zone";
import { messages } from "@/lib/dashboard/i18n";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { requestLogMessages } from "@/lib/dashboard/i18n-request-log";
import { paymentLinkMessages } from "@/lib/dashboard/i18n-payment-links";
import { listMessages } from "@/lib/dashboard/i18n-lists";
import { moneyMessages } from "@/lib/dashboard/i18n-money";
import { can, ROLE_NAMES } from "@/lib/identity/roles";

export const dynamic = "force-dynamic";
export const metadata = { title: "Dashboard · Payments" };

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const scope = await requireScope("self");
  const locale = await currentLocale();
  const m = messages(locale);
  const tm = teamMessages(locale);
  const browserZone = (await cookies()).get(TIME_ZONE_COOKIE)?.value ?? null;
  const nav = [
    { href: "/dashboard", label: m.nav.overview },
    { href: "/dashboard/payments", label: m.nav.payments },
    { href: "/dashboard/payouts", label: m.nav.payouts },
    ...(can(scope.role, "money") ? [{ href: "/dashboard/approvals", label: moneyMessages(locale).approvals.nav }] : []),
    { href: "/dashboard/payment-links", label: paymentLinkMessages(locale).nav },
    { href: "/dashboard/balances", label: m.nav.balances },
    ...(can(scope.role, "keys") ? [{ href: "/dashboard/api-keys", label: m.nav.apiKeys }] : []),
    ...(can(scope.role, "webhooks") ? [{ href: "/dashboard/webhooks", label: m.nav.webhooks }] : []),
    ...(can(scope.role, "requests") ? [{ href: "/dashboard/requests", label: requestLogMessages(locale).nav }] : []),
    ...(scope.environment === "production" && can(scope.role, "account") ? [{ href: "/dashboard/verification", label: m.nav.verification }] : []),
    ...(can(scope.role, "team") ? [{ href: "/dashboard/team", label: tm.nav.team }] : []),
    ...(can(scope.role, "audit") ? [{ href: "/dashboard/audit", label: tm.nav.audit }] : []),
    { href: "/dashboard/settings", label: m.nav.settings },
  ];
  return (
    <div lang={locale} className="dash-shell">
      {/* A zone chosen in settings wins: the browser's is only the default. */}
      {scope.timeZone ? null : <BrowserTimeZone current={browserZone} />}
      <a className="skip-link" href="#main">
        {m.skip}
      </a>
      <header className="topbar">
        <a href="/dashboard" className="brand" translate="no">
          Payments
        </a>
        <EnvBadge environment={scope.environment} m={m} />
        <span className="topbar-spacer" />
        <span className="muted user-email">
          {scope.email} <span data-testid="user-role">({ROLE_NAMES[locale][scope.role]})</span>
        </span>
        <LanguageSwitch locale={locale} back="/dashboard" m={m} />
        <LogoutButton label={m.logout} />
      </header>
      <nav aria-label="Dashboard" className="dash-nav">
        <NavLinks items={nav} menuLabel={listMessages(locale).menu} />
      </nav>
      <main id="main" className="dash-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
