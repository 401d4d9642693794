import { BalanceTable } from "@/app/_dashboard/balance-table";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { VolumeChart } from "@/app/_dashboard/volume-chart";
import { messages } from "@/lib/dashboard/i18n";
import { getOverview } from "@/lib/dashboard/overview";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { OverviewFigures } from "@/app/_dashboard/overview-figures";
import { can } from "@/lib/identity/roles";

export default async function OverviewPage() {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const overview = await getOverview(scope);
  return (
    <div className="stack">
      <h1>{m.overview.title}</h1>
      <p className="muted">{overview.merchant.name}</p>
      {overview.hasTransactions ? null : (
        <p className="panel" data-testid="first-steps">
          <a href="/dashboard/payments">{scope.environment === "sandbox" ? onboardingMessages(locale).overview.next : onboardingMessages(locale).overview.nextLive}</a>
        </p>
      )}
      {scope.environment === "production" && overview.merchant.verificationStatus !== "verified" ? (
        <p className="warning" role="note">
          {m.verification.statusLabel}: {m.verification.statuses[overview.merchant.verificationStatus] ?? overview.merchant.verificationStatus} —{" "}
          <a href="/dashboard/verification">{m.verification.title}</a>
        </p>
      ) : null}
      <OverviewFigures scope={scope} volume={overview.volume} locale={locale} canSend={can(scope.role, "money")} />
      <section aria-labelledby="balances-title" className="stack">
        <h2 id="balances-title">{m.overview.balances}</h2>
        <div className="grid">
          {overview.balances.balances.map((b) => (
            <BalanceTable key={b.currency} balance={b} locale={locale} m={m} />
          ))}
        </div>
      </section>
      <section aria-labelledby="volume-title" className="stack">
        <h2 id="volume-title">{m.overview.volumes}</h2>
        {overview.volumes.length === 0 ? <p className="muted">{m.overview.noVolume}</p> : null}
        {overview.volumes.map((pair) => (
          <div key={pair.currency} className="chart-pair" data-testid={`volume-${pair.currency}`}>
            <div className="stack">
              <h3>
                {m.overview.collected} · {pair.currency}
              </h3>
              <VolumeChart series={pair.collected} locale={locale} title={m.overview.volume} />
            </div>
            <div className="stack">
              <h3>
                {m.overview.paidOut} · {pair.currency}
              </h3>
              <VolumeChart series={pair.paidOut} locale={locale} title={m.overview.paidOutVolume} kind="paidout" />
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
