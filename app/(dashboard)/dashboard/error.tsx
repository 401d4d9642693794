"use client";

/**
 * An unexpected failure while rendering a dashboard page (database unreachable…): said plainly,
 * with a retry, inside the dashboard's layout. The details stay in the server log; the digest
 * lets support find them.
 */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="stack" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Nothing was changed. Try again in a moment.</p>
      {error.digest ? <p className="muted">Reference: {error.digest}</p> : null}
      <p>
        <button className="btn" type="button" onClick={reset}>
          Try again
        </button>
      </p>
    </div>
  );
}
