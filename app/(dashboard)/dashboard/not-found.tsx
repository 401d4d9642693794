import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

/**
 * A dashboard resource that does not exist or belongs to another merchant (the two look the
 * same on purpose), inside the dashboard's own layout. Also keeps Next's default 404 screen,
 * whose inline <style> carries no nonce, away from the pages' CSP.
 */
export default async function DashboardNotFound() {
  const m = messages(await currentLocale());
  return (
    <div className="stack">
      <h1>{m.notFound}</h1>
      <p>{m.notFoundText}</p>
      <p>
        <a className="btn btn-ghost" href="/dashboard">
          {m.nav.overview}
        </a>
      </p>
    </div>
  );
}
