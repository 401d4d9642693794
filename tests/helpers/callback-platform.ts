import http from "node:http";
import type { AddressInfo } from "node:net";
import { POST as callbackPost, PUT as callbackPut } from "@/app/api/v1/connectors/[accountId]/callback/route";

/**
 * Our operators' callback route behind a real HTTP listener on 127.0.0.1, as Next serves it (a
 * real Request with the raw body), for the production-mode flow tests whose simulators call back.
 */
export async function startCallbackPlatform(): Promise<{ url: string; close(): Promise<void> }> {
  let url = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const match = /^\/api\/v1\/connectors\/([^/]+)\/callback$/.exec((req.url ?? "").split("?")[0]!);
      if (!match || (req.method !== "POST" && req.method !== "PUT")) return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${url}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const handler = req.method === "PUT" ? callbackPut : callbackPost;
      const response = await handler(request, { params: Promise.resolve({ accountId: match[1]! }) });
      res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "text/plain" }).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}
