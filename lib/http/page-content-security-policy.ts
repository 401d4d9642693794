/**
 * The Content-Security-Policy of the app's React pages (dashboard, login, sign-up, docs, home),
 * set per request by proxy.ts with a fresh nonce. Next reads the nonce from this header on the
 * request and puts it on every script it emits; 'strict-dynamic' lets those scripts load the
 * page's chunks, and nothing else runs: no inline script without the nonce, no other origin.
 * Style attributes stay allowed ('unsafe-inline' for style-src-attr only): Next's built-in error
 * and not-found screens use them, and an attribute cannot run script or select other elements.
 * The hosted checkout has its own, stricter policy (lib/checkout/page).
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's dev build evaluates source maps and refresh code: never in production.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
