/** A CSV link whose filters do not parse: 400, saying which field, as plain text (nothing to download). */
export function badFilters(fieldErrors: Record<string, string>): Response {
  const text = Object.entries(fieldErrors)
    .map(([field, message]) => `${field}: ${message}`)
    .join("\n");
  return new Response(`Invalid filters.\n${text}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
