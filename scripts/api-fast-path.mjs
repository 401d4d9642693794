/**
 * The API without Next's request routing. A request for one of our `/api/v1` route
 * handlers goes straight to the handler Next built, instead of through Next's router, its
 * request adapters and its per-request manifests: the route handlers (and their contracts, which
 * the OpenAPI document is made of) stay the only definition of the API; only the dispatch is
 * ours. What Next would add on the way out is added here from the same build output:
 *   - the handler is the one in `.next/server/app/…/route.js` (`routeModule.userland`), loaded
 *     through Next's own runtime, so it shares the process's modules (pool, caches) with Next;
 *   - the response headers of next.config.ts's `headers()` come from `.next/routes-manifest.json`;
 *   - `request.url` is built as Next builds it (see `origin` below), so signature checks and
 *     logs see the same URL;
 *   - responses are compressed by the same middleware Next uses.
 * Only exact, plain paths are taken: a path with percent-escapes, a trailing slash, an unknown
 * endpoint or a catch-all goes to Next as before, so every edge case keeps Next's answer. Only
 * handlers made by defineRoute/otherMethods (lib/http) are served here: they catch every error
 * into the API's error body themselves and use nothing of Next's request context.
 *
 * API_FAST_PATH=off serves everything through Next (to compare; see docs/performance.md).
 *
 * Fail-safe: what this file uses of Next's build internals (the two modules below, the two
 * manifests, `routeModule.userland` of each route) is checked once at start (checkLayout). When
 * any of it is not as expected — a Next upgrade moved something — it logs one line and returns
 * null: every request then goes through Next, slower but right (tests/unit/scripts/api-fast-path.test.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";

const require = createRequire(import.meta.url);
// Unreserved characters only, and no "." or ".." segment (a URL parser would resolve those).
const PLAIN_PATH = /^\/api\/v1(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
const WITHOUT_BODY = new Set(["GET", "HEAD"]);
const BOOTED = Symbol.for("payments.booted"); // set by lib/platform/boot.ts

/**
 * @param {{ root: string, hostname: string | undefined, port: number }} options
 * @returns {Promise<((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean) | null>}
 *   a function that serves the request and returns true, or returns false to leave it to Next
 */
export async function apiFastPath({ root, hostname, port, log = (line) => console.error(line) }) {
  if (process.env.API_FAST_PATH === "off") return null;
  let layout;
  try {
    layout = await checkLayout(root);
  } catch (err) {
    log(`api fast path off: ${err instanceof Error ? err.message : String(err)}; every request is served through Next`);
    return null;
  }
  const { routes, headerRules, compress, formatHostname } = layout;
  // Next's `initURL` (next-server.js): the server's own host and port when it was given a
  // hostname, else a placeholder origin; never the client's Host header.
  const origin = (protocol) => (hostname ? `${protocol}://${formatHostname(hostname)}:${port}` : "http://n");

  return (req, res) => {
    // Until the platform's boot (instrumentation.ts) is done, Next holds requests and we must too:
    // leave them to Next (the first requests after start would meet an unseeded database).
    if (globalThis[BOOTED] !== true) return false;
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PLAIN_PATH.test(pathname)) return false;
    const match = matchRoute(routes, pathname);
    if (!match) return false;
    const handler = match.route.handlers[req.method ?? ""];
    if (!handler) return false;

    const protocol = String(req.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
    const hasBody = !WITHOUT_BODY.has(req.method ?? "GET");
    const request = new Request(`${origin(protocol)}${url}`, {
      method: req.method,
      headers: requestHeaders(req),
      body: hasBody ? Readable.toWeb(req) : undefined,
      duplex: hasBody ? "half" : undefined,
    });
    const context = { params: Promise.resolve(match.params) };
    compress(req, res, () =>
      handler(request, context)
        .then((response) => send(res, response, headerRules, pathname, req.method === "HEAD"))
        .catch((err) => unanswered(res, err)),
    );
    return true;
  };
}

/**
 * Loads what the fast path uses of Next's build and checks its shape; throws with what differs.
 * The route handlers must include GET /api/v1/health: a build whose API the fast path cannot see
 * is not one it should serve.
 */
async function checkLayout(root) {
  const need = (ok, what) => {
    if (!ok) throw new Error(`Next's build layout differs: ${what}`);
  };
  const load = (id) => {
    try {
      return require(id);
    } catch {
      throw new Error(`Next's build layout differs: ${id} cannot be loaded`);
    }
  };
  // The middleware Next itself compresses responses with (its `compress: true` default): the same
  // package, options and thresholds, so an API client sees the same Content-Encoding either way.
  const compression = load("next/dist/compiled/compression");
  need(typeof compression === "function", "next/dist/compiled/compression is not a middleware factory");
  // Next's own rule for the host of `initURL` (IPv6 in brackets), so request.url is the same either way.
  const { formatHostname } = load("next/dist/server/lib/format-hostname");
  need(typeof formatHostname === "function", "next/dist/server/lib/format-hostname has no formatHostname");
  const routesManifest = readJson(path.join(root, ".next", "routes-manifest.json"));
  need(Array.isArray(routesManifest.headers), ".next/routes-manifest.json has no headers list");
  const headerRules = routesManifest.headers.map((rule) => {
    need(typeof rule.regex === "string" && Array.isArray(rule.headers), ".next/routes-manifest.json's header rules have no regex or headers");
    return { regex: new RegExp(rule.regex), headers: rule.headers };
  });
  const routes = await loadRoutes(path.join(root, ".next", "server"), need);
  const health = matchRoute(routes, "/api/v1/health");
  need(health && typeof health.route.handlers.GET === "function", "no route handler of ours for GET /api/v1/health");
  return { routes, headerRules, compress: compression(), formatHostname };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new Error(`Next's build layout differs: ${path.relative(process.cwd(), file)} cannot be read`);
  }
}

/** Every `/api/v1/…/route` of the build whose methods come from defineRoute/otherMethods. */
async function loadRoutes(serverDir, need) {
  const manifest = readJson(path.join(serverDir, "app-paths-manifest.json"));
  const routes = [];
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.startsWith("/api/v1/") || !page.endsWith("/route")) continue;
    const segments = page.slice(1, -"/route".length).split("/");
    if (segments.some((s) => s.startsWith("[...") || s.startsWith("[[..."))) continue; // catch-alls stay with Next
    const routeModule = require(path.join(serverDir, file)).routeModule;
    need(routeModule && typeof routeModule.ensureUserland === "function", `${page} exports no routeModule with ensureUserland()`);
    await routeModule.ensureUserland(); // a route module may load asynchronously (top-level await)
    const userland = routeModule.userland;
    need(userland && typeof userland === "object", `${page}'s routeModule has no userland`);
    const handlers = {};
    for (const method of ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]) {
      if (typeof userland[method] === "function" && isOurs(userland[method])) handlers[method] = userland[method];
    }
    if (Object.keys(handlers).length === 0) continue;
    routes.push({
      segments: segments.map((s) => (s.startsWith("[") ? { param: s.slice(1, -1) } : { literal: s })),
      handlers,
    });
  }
  // A literal segment wins over a parameter at the same place, as in Next's router.
  routes.sort((a, b) => rank(a).localeCompare(rank(b)));
  return routes;
}

/** defineRoute marks its handlers with their contract, otherMethods its refusals. */
const isOurs = (handler) => "contract" in handler || Symbol.for("payments.methodRefusal") in handler;
const rank = (route) => route.segments.map((s) => (s.literal ? "0" : "1")).join("");

function matchRoute(routes, pathname) {
  const parts = pathname.slice(1).split("/");
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const segment = route.segments[i];
      if (segment.literal !== undefined) ok = segment.literal === parts[i];
      else params[segment.param] = parts[i];
    }
    if (ok) return { route, params };
  }
  return null;
}

/**
 * The handler's headers, as the client sent them, but for X-Forwarded-For: that one is taken as
 * scripts/serve.mjs left it (the socket peer appended, forwarded-for.mjs), never from the raw
 * headers, so every per-IP limit keys on the same trusted chain as through Next.
 * @param {import("node:http").IncomingMessage} req
 */
export function requestHeaders(req) {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    // HTTP/2 pseudo-headers and hop-by-hop headers are not the handler's business (undici refuses some).
    if (name.startsWith(":") || name.toLowerCase() === "x-forwarded-for") continue;
    try {
      headers.append(name, raw[i + 1]);
    } catch {
      // A header value undici refuses (control characters): Node accepted it; the handler never reads it.
    }
  }
  const forwardedFor = req.headers["x-forwarded-for"];
  if (forwardedFor !== undefined) headers.set("x-forwarded-for", Array.isArray(forwardedFor) ? forwardedFor.join(", ") : forwardedFor);
  return headers;
}

async function send(res, response, headerRules, pathname, head) {
  const out = {};
  for (const rule of headerRules) {
    if (!rule.regex.test(pathname)) continue;
    for (const { key, value } of rule.headers) out[key.toLowerCase()] = value;
  }
  // The handler's own headers win over the config's (as in Next).
  for (const [key, value] of response.headers) out[key] = value;
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) out["set-cookie"] = setCookies;
  const body = head || response.body === null ? null : Buffer.from(await response.arrayBuffer());
  if (body && !out["content-length"]) out["content-length"] = String(body.length);
  res.writeHead(response.status, out);
  res.end(body ?? undefined);
}

/**
 * defineRoute answers every error itself: this is a failure of the dispatch (or the socket), not
 * of a handler. The body is lib/http/error-response's 500 (this file runs outside Next's modules).
 */
function unanswered(res, err) {
  console.error("api fast path: request not answered:", err instanceof Error ? err.message : String(err));
  if (res.headersSent) return void res.destroy();
  const body = {
    statusCode: 500,
    message: "An unexpected error occurred. Please retry later or contact support with the request id.",
    error: "Internal Server Error",
    code: "internal_error",
  };
  res.writeHead(500, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}
