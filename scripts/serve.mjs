#!/usr/bin/env node
/**
 * Serves the built app (what `next start` does) with one addition: the socket peer's address is
 * appended to X-Forwarded-For before Next sees the request. `next start` only fills the header in
 * when the client sent none, so a client could otherwise choose the address every per-IP limit
 * keys on. lib/http/client-ip.ts reads the chain from the right (TRUSTED_PROXIES hops).
 */
import { createServer } from "node:http";
import path from "node:path";
import { appendSocketPeer } from "./forwarded-for.mjs";

// What `next start` sets; Next reads it while loading, so before the import below.
process.env.NODE_ENV = "production";
const { default: next } = await import("next");

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT ?? "3000");
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dev: false, dir: root, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  appendSocketPeer(req);
  void handle(req, res);
});
server.listen(port, hostname, () => console.log(`  ▲ Ready on http://${hostname ?? "localhost"}:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
