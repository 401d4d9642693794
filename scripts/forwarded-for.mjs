/**
 * Appends the socket peer's address to X-Forwarded-For (creating the header if the client sent
 * none), so the chain's right-most entry is always someone we actually talked to. Shared by
 * scripts/serve.mjs and the tests; lib/http/client-ip.ts reads the chain.
 * @param {import("node:http").IncomingMessage} req
 */
export function appendSocketPeer(req) {
  const peer = req.socket.remoteAddress ?? "unknown";
  const forwarded = req.headers["x-forwarded-for"];
  const chain = Array.isArray(forwarded) ? forwarded.join(", ") : forwarded;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
}
