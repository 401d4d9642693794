/** An HTTP status as a badge: green 2xx, grey 3xx, amber 4xx (the caller's to fix), red 5xx (ours). */
export function HttpStatus({ status }: { status: number }) {
  const tone = status >= 500 ? "status-failed" : status >= 400 ? "status-pending" : status >= 300 ? "" : "status-success";
  return (
    <span className={`status ${tone}`} data-testid="http-status">
      {status}
    </span>
  );
}
