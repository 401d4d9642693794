import type { CurrencyVolume } from "@/lib/dashboard/overview";
import type { Locale } from "@/lib/dashboard/i18n";
import { formatAmount } from "@/lib/money";

const W = 600;
const H = 160;
const PAD_BOTTOM = 2;

/** A chart day (`YYYY-MM-DD`, a UTC day) as people read it: "27 nov." / "Nov 27". */
export function chartDay(day: string | undefined, locale: Locale): string {
  if (!day) return "";
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** A server-rendered SVG bar chart of one currency's daily volume, collected or paid out (no script, no CDN). */
export function VolumeChart({ series, locale, title, kind = "collected" }: { series: CurrencyVolume; locale: Locale; title: string; kind?: "collected" | "paidout" }) {
  const max = series.days.reduce((m, d) => (d.amount > m ? d.amount : m), 0n);
  const slot = W / series.days.length;
  const plotH = H - PAD_BOTTOM;
  const height = (amount: bigint) => (max === 0n ? 0 : (Number((amount * 10_000n) / max) / 10_000) * (plotH - 4));
  const label = `${title} (${series.currency}): ${formatAmount(series.total, series.currency, locale)}`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none" data-testid={kind === "collected" ? `chart-${series.currency}` : `chart-${kind}-${series.currency}`}>
        <line x1="0" y1={plotH} x2={W} y2={plotH} className="chart-axis" />
        {series.days.map((d, i) => {
          const h = height(d.amount);
          return (
            <rect key={d.day} x={i * slot + 2} y={plotH - h} width={slot - 4} height={Math.max(h, d.amount > 0n ? 1 : 0)} className={kind === "collected" ? "chart-bar" : "chart-bar chart-bar-out"}>
              <title>{`${chartDay(d.day, locale)}: ${formatAmount(d.amount, series.currency, locale)} (${d.count})`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="row space-between chart-label" aria-hidden="true">
        <span>{chartDay(series.days[0]?.day, locale)}</span>
        <span>{chartDay(series.days.at(-1)?.day, locale)}</span>
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
