import { NextResponse, type NextRequest } from "next/server";
import { isLocale, LOCALE_COOKIE, pickLocale } from "@/lib/checkout/locale";

/**
 * Hosted checkout only (/checkout/**): a fresh nonce and a strict Content-Security-Policy per
 * request (Next applies the nonce to its own scripts when it finds it in the request's CSP),
 * no caching (the page shows personal data), no referrer outside the site (the URL holds the token), and the customer's language resolved
 * once (?lang= > cookie > Accept-Language) and passed on as a request header; a ?lang= choice
 * is remembered in a cookie.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const dev = process.env.NODE_ENV === "development";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

  const query = request.nextUrl.searchParams.get("lang");
  const locale = pickLocale({
    query,
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
  });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("x-checkout-locale", locale);
  headers.set("content-security-policy", csp);

  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  response.headers.set("Cache-Control", "no-store, max-age=0");
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on a plain form
  // POST, and Next rightly refuses such a server action (its CSRF check).
  response.headers.set("Referrer-Policy", "same-origin");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  if (isLocale(query)) {
    response.cookies.set(LOCALE_COOKIE, query, { path: "/checkout", maxAge: 365 * 86_400, sameSite: "lax", httpOnly: true });
  }
  return response;
}

export const config = {
  matcher: ["/checkout/:path*"],
};
