import { request as httpRequest } from "node:http";

/**
 * Uploads `totalBytes` over real HTTP, as an attacker's client would: with the length declared
 * or chunked, optionally asking `Expect: 100-continue` first. Writing stops as soon as the server
 * answers or closes; the result says what it answered and how much was sent by then.
 */
export type Upload = { status: number | null; body: string; sentBytes: number; error?: string };

export function bigUpload(options: {
  port: number;
  path: string;
  totalBytes: number;
  declareLength: boolean;
  expectContinue?: boolean;
  headers?: Record<string, string>;
  localAddress?: string;
}): Promise<Upload> {
  const chunk = Buffer.alloc(1024 * 1024, "x");
  return new Promise((resolve) => {
    let sent = 0;
    let stop = false;
    let status: number | null = null;
    let body = "";
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      stop = true;
      resolve({ status, body, sentBytes: sent, ...(error && status === null ? { error } : {}) });
    };
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", ...options.headers };
    if (options.declareLength) headers["content-length"] = String(options.totalBytes);
    else headers["transfer-encoding"] = "chunked";
    if (options.expectContinue) headers.expect = "100-continue";
    const req = httpRequest({ host: "127.0.0.1", port: options.port, path: options.path, method: "POST", headers, localAddress: options.localAddress });
    req.on("response", (res) => {
      status = res.statusCode ?? null;
      stop = true;
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => finish());
      res.on("error", (e) => finish(e.message));
    });
    req.on("error", (e) => finish(e.message));
    req.on("close", () => setTimeout(() => finish("closed"), 50));
    const write = () => {
      while (!stop && sent < options.totalBytes) {
        const piece = Math.min(chunk.length, options.totalBytes - sent);
        sent += piece;
        if (!req.write(piece === chunk.length ? chunk : chunk.subarray(0, piece))) return void req.once("drain", write);
      }
      if (!stop) req.end();
    };
    if (options.expectContinue) req.on("continue", write);
    else write();
  });
}
