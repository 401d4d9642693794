import { log } from "@/lib/log";
import { findLogo } from "./find-logo";

/**
 * GET /branding/<merchantId>/<sha256>.<ext> — a merchant's logo, from our own origin, on the web
 * platform's Request/Response (no next/* here). The URL names the content, so the answer is
 * immutable and cached for a year; the type is the one the magic bytes said at upload, and
 * `nosniff` holds the browser to it. The file is an image to embed, never a document: a CSP of
 * `default-src 'none'; sandbox` covers the case of someone opening it directly.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

export async function logoResponse(request: Request, merchantId: string, file: string): Promise<Response> {
  let logo;
  try {
    logo = await findLogo(merchantId, file);
  } catch (err) {
    log.error("logo request failed", { error: (err as Error).message });
    return new Response("Unavailable\n", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" } });
  }
  if (!logo) return notFound();
  const etag = `"${logo.sha256}"`;
  const headers = new Headers({
    "Content-Type": logo.type,
    "Cache-Control": IMMUTABLE,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Disposition": "inline",
  });
  if (request.headers.get("if-none-match")?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(logo.bytes.byteLength));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(logo.bytes), { status: 200, headers });
}
