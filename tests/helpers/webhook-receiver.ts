import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver on 127.0.0.1 (random port) for webhook tests. `answer` decides each
 * response from the 1-based request number; "hang" never answers (timeout tests).
 * `inFlight` counts requests received and not yet answered; `maxInFlight` its peak.
 * With `tls` ({key, cert}) it serves https on `localhost` (production delivers to https only).
 */
export type ReceivedRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type Answer = { status: number; body?: string; delayMs?: number } | "hang";

export async function startReceiver(answer: (n: number, req: ReceivedRequest) => Answer = () => ({ status: 200, body: "ok" }), tls?: { key: string; cert: string }) {
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const stats = { inFlight: 0, maxInFlight: 0 };
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")])),
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(received);
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      res.on("close", () => stats.inFlight--);
      const a = answer(requests.length, received);
      if (a === "hang") return void hanging.add(res);
      setTimeout(() => res.writeHead(a.status, { "content-type": "text/plain" }).end(a.body ?? ""), a.delayMs ?? 0);
    });
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: tls ? `https://localhost:${port}/hooks` : `http://127.0.0.1:${port}/hooks`,
    requests,
    get inFlight() {
      return stats.inFlight;
    },
    get maxInFlight() {
      return stats.maxInFlight;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
