/**
 * Request bodies are bounded at the server, for every path, before Next, a route handler, a
 * server action or next-auth reads a byte of them (scripts/serve.mjs calls this first):
 *   - a declared `Content-Length` above the path's limit is answered 413 at once, the body never
 *     read (with `Expect: 100-continue` the client is told before it sends anything);
 *   - a body without a length (chunked) is counted as it arrives and held here, up to the limit:
 *     one byte more and it is answered 413; within the limit it is handed on whole, with its
 *     length now declared, exactly as the client sent it.
 * The 413 is the API's error body (docs/decisions/request-body-limits.md) and the connection is
 * closed after it, so the rest of an oversized body is never read into memory.
 *
 * The limits per path are the largest body each kind of request may carry:
 *   - the API: MAX_BODY_BYTES (64 KB by default), the bulk payout 2 MB and a payment link's
 *     creation 320 KB (a picture travels base64 in it): their contracts' caps;
 *   - the pages' server actions (dashboard, login, sign-up, invitation): 1 MB, the size Next
 *     itself allows an action (next.config.ts), which a bulk CSV (512 KB) or a logo fits in;
 *   - Inngest's calls, when Inngest is configured: 4 MB (a function's step state);
 *   - everything else (next-auth, the checkout's forms, operator callbacks…): MAX_BODY_BYTES.
 * Route handlers keep their own, finer caps (a checkout form 4 KB): this is the outer bound a
 * request cannot get past, whichever way it is routed. A plain JavaScript module, like
 * forwarded-for.mjs: the launcher runs it before Next and lib/config load (MAX_BODY_BYTES's
 * schema is in lib/config/variables.ts).
 */
import { randomBytes } from "node:crypto";

export const SERVER_ACTION_BODY_BYTES = 1024 * 1024;
export const BULK_PAYOUT_BODY_BYTES = 2 * 1024 * 1024;
export const PAYMENT_LINK_CREATE_BODY_BYTES = 320 * 1024;
export const INNGEST_BODY_BYTES = 4 * 1024 * 1024;
const DEFAULT_BODY_BYTES = 64 * 1024;

/** Pages whose server actions (and no-JavaScript form posts) take bodies. */
const ACTION_PAGES = /^\/(dashboard|login|signup|invite)(\/|$)/;

/** The configured API body cap (MAX_BODY_BYTES). */
export function defaultBodyLimit() {
  const configured = Number(process.env.MAX_BODY_BYTES);
  return Number.isInteger(configured) && configured >= 1024 ? configured : DEFAULT_BODY_BYTES;
}

/**
 * The largest body a request to this path may carry, in bytes.
 * @param {string} pathname the request's path, without its query
 */
export function bodyLimitFor(pathname) {
  if (pathname === "/api/v1/payouts/bulk" || pathname === "/api/v1/payouts/bulk/") return BULK_PAYOUT_BODY_BYTES;
  if (pathname === "/api/v1/payment-links" || pathname === "/api/v1/payment-links/") return PAYMENT_LINK_CREATE_BODY_BYTES;
  if (pathname === "/api/inngest" || pathname.startsWith("/api/inngest/")) return INNGEST_BODY_BYTES;
  if (ACTION_PAGES.test(pathname)) return SERVER_ACTION_BODY_BYTES;
  return defaultBodyLimit();
}

const pathOf = (req) => {
  const url = req.url ?? "/";
  const at = url.indexOf("?");
  return at === -1 ? url : url.slice(0, at);
};

/**
 * Calls `proceed` once the request may go on (at once, or when a chunked body has arrived
 * whole within the limit); answers 413 itself otherwise, and `proceed` is never called.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {() => void} proceed
 */
export function limitRequestBody(req, res, proceed) {
  const limit = bodyLimitFor(pathOf(req));
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    // Node has already refused a malformed or duplicated Content-Length (400) before this point.
    if (Number(declared) > limit) return refuseOversized(req, res, limit);
    return proceed();
  }
  if (req.headers["transfer-encoding"] === undefined) return proceed(); // no body
  holdChunkedBody(req, res, limit, proceed);
}

/**
 * For a server's `checkContinue` event: refuses an oversized declared body before the client
 * sends it; otherwise sends `100 Continue` and emits the request as Node would have.
 * @param {import("node:http").Server} server
 */
export function refuseOversizedBeforeContinue(server) {
  server.on("checkContinue", (req, res) => {
    const limit = bodyLimitFor(pathOf(req));
    if (Number(req.headers["content-length"] ?? "0") > limit) return refuseOversized(req, res, limit);
    res.writeContinue();
    server.emit("request", req, res);
  });
}

/**
 * The HTTP parser hands a body to the request with `push` (chunk by chunk, then null), whether
 * or not anyone reads it yet: the chunks are kept here instead, counted, and pushed on to the
 * request when the body is complete, before anyone is given the request.
 */
function holdChunkedBody(req, res, limit, proceed) {
  const push = req.push;
  const held = [];
  let size = 0;
  req.push = function holdChunk(chunk, encoding) {
    if (chunk === null) {
      req.push = push;
      req.headers["content-length"] = String(size);
      delete req.headers["transfer-encoding"];
      for (const piece of held) push.call(req, piece);
      push.call(req, null);
      proceed();
      return false;
    }
    const piece = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    size += piece.length;
    if (size > limit) {
      held.length = 0;
      // From here on the body is thrown away as it arrives; only its end is passed on.
      req.push = (rest) => (rest === null ? push.call(req, null) : true);
      refuseOversized(req, res, limit);
      return true;
    }
    held.push(piece);
    return true;
  };
}

/** 413 in the API's error body; the connection closes after it (the rest of the body is never read). */
function refuseOversized(req, res, limit) {
  const requestId = `req_${randomBytes(12).toString("hex")}`;
  const body = JSON.stringify({
    statusCode: 413,
    message: `Request body exceeds ${Math.floor(limit / 1024)} KB.`,
    error: "Payload Too Large",
    code: "payload_too_large",
    requestId,
  });
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
    Connection: "close",
  });
  lingerThenClose(req.socket);
  res.end(body);
}

const LINGER_MS = 2000;

/**
 * A lingering close (as web servers do): after the answer, Node would destroy the socket at once,
 * and a client still sending would get a reset that can wipe the answer from its own buffers
 * before it reads it. Instead our side is closed (FIN) and what still arrives is read and thrown
 * away (never kept) for up to LINGER_MS, then the socket goes.
 */
function lingerThenClose(socket) {
  socket.destroySoon = function closeAfterLinger() {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
