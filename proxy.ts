import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";
import { newNonce } from "@/lib/http/new-nonce";
import { pageContentSecurityPolicy } from "@/lib/http/page-content-security-policy";

/**
 * The React pages (dashboard, login, sign-up, docs, home) get a strict nonce-based
 * Content-Security-Policy: a fresh nonce per request, passed to Next in the request's own CSP
 * header (Next applies it to every script it renders) and sent to the browser. These pages are
 * all rendered per request, which a nonce needs. The API, the hosted checkout (its own policy)
 * and static files are not matched.
 */
export function proxy(request: NextRequest) {
  // Every POST to these pages is a server action (or the same form posted without JavaScript),
  // authenticated by the session cookie. Browsers send Origin on every POST; Next refuses a
  // foreign one but lets a missing one through. A POST without it is refused here
  // (docs/decisions/server-action-origin.md).
  if (request.method === "POST" && !request.headers.get("origin")) {
    return errorResponse(new AppError("forbidden", "Forms here are sent by a browser, which names their origin: this request has none."), request);
  }
  const nonce = newNonce();
  const csp = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: ["/", "/dashboard/:path*", "/login", "/login/two-factor", "/signup", "/signup/confirm", "/invite/accept", "/docs"],
};
