#!/usr/bin/env node
/**
 * Serves the built app (what `next start` does) with two additions:
 *   - the socket peer's address is appended to X-Forwarded-For before Next sees the request.
 *     `next start` only fills the header in when the client sent none, so a client could
 *     otherwise choose the address every per-IP limit keys on. lib/http/client-ip.ts reads the
 *     chain from the right (TRUSTED_PROXIES hops);
 *   - `/api/v1` requests go straight to their route handlers, without Next's request routing
 *     (./api-fast-path.mjs; API_FAST_PATH=off to turn it off);
 *   - an oversized request body is refused (413) before anything reads it (./body-limit.mjs).
 */
import { createServer } from "node:http";
import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { apiFastPath } from "./api-fast-path.mjs";
import { limitRequestBody, refuseOversizedBeforeContinue } from "./body-limit.mjs";
import { appendSocketPeer } from "./forwarded-for.mjs";
import { installGracefulShutdown } from "./graceful-shutdown.mjs";

// What `next start` sets; Next reads it while loading, so before the import below.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
// The build's config, from the build's manifest, as the standalone server.js reads it (the
// container image has no next.config.ts). Otherwise Next would load its SWC compiler (a 23 MB
// native library, ~47 MB of RSS in all) only to transpile next.config.ts at start; the manifest
// holds the same config, resolved when the app was built.
const manifest = path.join(root, ".next", "required-server-files.json");
if (existsSync(manifest)) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(manifest, "utf8")).config);
}
// A launcher in plain JavaScript, before Next and lib/config load: PORT and HOSTNAME are read
// here (their schema is in lib/config/variables.ts, checked again at the server's start).
const port = Number(process.env.PORT ?? "3000");
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dev: false, dir: root, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();
// `/api/v1` requests go straight to their route handlers (scripts/api-fast-path.mjs).
const serveApi = await apiFastPath({ root, hostname, port });

const server = createServer((req, res) => {
  appendSocketPeer(req);
  limitRequestBody(req, res, () => {
    if (serveApi?.(req, res)) return;
    void handle(req, res);
  });
});
refuseOversizedBeforeContinue(server);
server.listen(port, hostname, () => console.log(`  ▲ Ready on http://${hostname ?? "localhost"}:${port}`));
// SIGTERM: stop accepting, finish requests in flight, then jobs, leases and the pool.
installGracefulShutdown(server);
