import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { CapturedCallback } from "./operators/operator";

/**
 * The two listeners of a simulation process, on 127.0.0.1:
 * - the callback listener at PUBLIC_BASE_URL: operators' simulators post their callbacks here;
 *   each is captured and answered 200 at once, and the harness (callbacks.ts) decides when, how
 *   often and in what shape the platform's callback route receives it;
 * - the merchants' webhook receiver (https: production delivers nowhere else), which can be down
 *   for a while (503 to every delivery) and records what it received.
 */
export type CallbackListener = { url: string; host: string; take(): CapturedCallback[]; close(): Promise<void> };

export async function startCallbackListener(): Promise<CallbackListener> {
  let captured: CapturedCallback[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const match = /^\/api\/v1\/connectors\/([^/]+)\/callback$/.exec(path.split("?")[0]!);
      if (!match) return void res.writeHead(404).end();
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      captured.push({ accountId: decodeURIComponent(match[1]!), method: req.method ?? "POST", path, headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    take() {
      const out = captured;
      captured = [];
      return out;
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export type ReceivedWebhook = { eventId: string; type: string; transactionId: string | null; at: number };

export type WebhookReceiver = {
  url: string;
  /** While down, every delivery gets 503 (the platform retries on its schedule). */
  down: boolean;
  received: ReceivedWebhook[];
  reset(): void;
  close(): Promise<void>;
};

/**
 * A self-signed certificate for `localhost` (tests/helpers/fixtures, test-only): production
 * delivers webhooks over https only; the harness turns certificate verification off for itself.
 */
function localhostCertificate() {
  const fixtures = path.resolve("tests/helpers/fixtures");
  return { key: readFileSync(path.join(fixtures, "localhost-key.pem"), "utf8"), cert: readFileSync(path.join(fixtures, "localhost-cert.pem"), "utf8") };
}

export async function startWebhookReceiver(now: () => number): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    down: false,
    received: [],
    reset() {
      receiver.down = false;
      receiver.received = [];
    },
    close: async () => {},
  };
  const server = https.createServer(localhostCertificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (receiver.down) return void res.writeHead(503, { "content-type": "text/plain" }).end("down");
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type?: string; data?: { transactionId?: string; refundId?: string; id?: string } };
        const id = req.headers["webhook-id"];
        receiver.received.push({ eventId: typeof id === "string" ? id : "", type: body.type ?? "", transactionId: body.data?.refundId ?? body.data?.transactionId ?? null, at: now() });
      } catch {
        // recorded as nothing: the platform sent something that is not JSON, which the invariants notice
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `https://localhost:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return receiver;
}
