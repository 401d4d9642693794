import { notFound } from "next/navigation";
import { when } from "@/app/_dashboard/format";
import { HttpStatus } from "@/app/_dashboard/http-status";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { requestLogMessages } from "@/lib/dashboard/i18n-request-log";
import { publicKeyOf } from "@/lib/merchants/api-key-records";
import { getApiRequest } from "@/lib/request-log/list-api-requests";

/** A stored body for reading: indented when it is whole JSON; as stored when it was cut at 8 KB. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One API request of the log: what was asked, what was answered (masked), how long it took. */
export default async function RequestLogEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const scope = await requireScope("requests");
  const { id } = await params;
  const entry = await getApiRequest(scope, id, publicKeyOf);
  // Another merchant's request, one of the other environment, or one past the 7 days: not here.
  if (!entry) notFound();
  const locale = await currentLocale();
  const t = requestLogMessages(locale);
  const body = (title: string, text: string | null, testId: string) => (
    <section className="stack" aria-label={title}>
      <h2>{title}</h2>
      {text === null ? (
        <p className="muted">{t.noBody}</p>
      ) : (
        <pre className="body-pre" tabIndex={0} data-testid={testId}>
          {readable(text)}
        </pre>
      )}
    </section>
  );
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/requests">← {t.back}</a>
      </p>
      <h1>
        {t.detailTitle} <code>{entry.method}</code>
      </h1>
      <dl className="facts" data-testid="request-facts">
        <dt>{t.pathColumn}</dt>
        <dd>
          <code data-testid="request-path">{entry.path}</code>
        </dd>
        {entry.query ? (
          <>
            <dt>{t.query}</dt>
            <dd>
              <code>{entry.query}</code>
            </dd>
          </>
        ) : null}
        <dt>{t.status}</dt>
        <dd>
          <HttpStatus status={entry.status} />
          {entry.errorCode ? (
            <>
              {" "}
              <code>{entry.errorCode}</code>
            </>
          ) : null}
          {entry.replayed ? <span className="muted"> ({t.replayed})</span> : null}
        </dd>
        <dt>{t.requestId}</dt>
        <dd>
          <code data-testid="request-id">{entry.requestId}</code>{" "}
          <a href={`/dashboard/requests?${new URLSearchParams({ requestId: entry.requestId })}`}>{t.sameRequestId}</a>
        </dd>
        <dt>{t.when}</dt>
        <dd>{when(entry.createdAt, locale)}</dd>
        <dt>{t.duration}</dt>
        <dd>{entry.durationMs} ms</dd>
        <dt>{t.idempotencyKey}</dt>
        <dd>{entry.idempotencyKey ? <code>{entry.idempotencyKey}</code> : "—"}</dd>
        <dt>{t.apiKey}</dt>
        <dd>{entry.publicKey ? <code>{entry.publicKey}</code> : "—"}</dd>
      </dl>
      <p className="muted">{t.masked}</p>
      {body(t.requestBody, entry.requestBody, "request-body")}
      {body(t.responseBody, entry.responseBody, "response-body")}
    </div>
  );
}
