import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP receiver on 127.0.0.1 (random port) for webhook tests. `answer` decides each
 * response from the 1-based request number; "hang" never answers (timeout tests).
 */
export type ReceivedRequest = { method: string; path: string; headers: Record<string, string>; body: string };
export type Answer = { status: number; body?: string; delayMs?: number } | "hang";

export async function startReceiver(answer: (n: number, req: ReceivedRequest) => Answer = () => ({ status: 200, body: "ok" })) {
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
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
      const a = answer(requests.length, received);
      if (a === "hang") return void hanging.add(res);
      setTimeout(() => res.writeHead(a.status, { "content-type": "text/plain" }).end(a.body ?? ""), a.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
