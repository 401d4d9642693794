import { when } from "@/app/_dashboard/format";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import type { ProviderCallView } from "@/lib/dashboard/provider-timeline";

/** The calls to the operator about a payment or payout (DESIGN §13): when, what, status, latency, outcome. */
export function ProviderTimeline({ calls, locale, m }: { calls: ProviderCallView[]; locale: Locale; m: Messages }) {
  const t = m.providerTimeline;
  return (
    <section aria-labelledby="provider-timeline-title" className="stack">
      <h2 id="provider-timeline-title">{t.title}</h2>
      {calls.length === 0 ? (
        <p className="muted">{t.none}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="provider-timeline">
            <thead>
              <tr>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.operation}</th>
                <th scope="col">{t.httpStatus}</th>
                <th scope="col" className="num">
                  {t.latency}
                </th>
                <th scope="col">{t.outcome}</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c) => (
                <tr key={c.id}>
                  <td>
                    {when(c.at, locale)}
                  </td>
                  <td>
                    <code>{c.operation}</code>
                  </td>
                  <td>{c.httpStatus ?? "—"}</td>
                  <td className="num">{c.latencyMs} ms</td>
                  <td>{c.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
