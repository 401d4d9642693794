import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { forbiddenAddressReason } from "./forbidden-address";
import { resolveWebhookTarget, systemLookup, WebhookTargetRefused, type LookupAll } from "./resolve-webhook-target";
import { RESPONSE_EXCERPT_BYTES, type WebhookUrlPolicy } from "./webhook-config";

/**
 * One HTTP POST of a webhook. Never throws: every outcome (answer, refusal, timeout, network
 * error) comes back as a result to record. The connection goes to the address vetted by
 * resolveWebhookTarget (a `lookup` that returns it), so DNS cannot be rebound between the
 * check and the connect; TLS still verifies the certificate against the hostname. Redirects
 * are not followed (a 3xx is a failed attempt). The timeout covers DNS, connect, and reading
 * the first 1 KB of the answer. An answer from a private, loopback or link-local address
 * (reachable only with WEBHOOK_ALLOW_PRIVATE) keeps its status code but never its body: the
 * delivery log must not become a window into the network the server sits in.
 */
export type WebhookHttpResult = {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBodyExcerpt: string | null;
  /** No answer within the timeout (the receiver hangs): the job runner backs its merchant off. */
  timedOut: boolean;
};

export type PostWebhookInput = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  /** DNS resolver (tests inject one to prove which address is used). */
  lookup?: LookupAll;
};

const USER_AGENT = "PaymentsPlatform-Webhooks/1.0";

export async function postWebhook(input: PostWebhookInput): Promise<WebhookHttpResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(input.timeoutMs);
  const timedOut = () => `Timed out after ${input.timeoutMs} ms.`;
  try {
    const target = await Promise.race([
      resolveWebhookTarget(input.url, input.policy, input.lookup ?? systemLookup),
      new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
    ]);
    return await send(target, input, signal, elapsed);
  } catch (err) {
    if (signal.aborted) return { statusCode: null, durationMs: elapsed(), error: timedOut(), responseBodyExcerpt: null, timedOut: true };
    const message = err instanceof WebhookTargetRefused ? `Refused: ${err.message}` : describeNetworkError(err);
    return { statusCode: null, durationMs: elapsed(), error: message, responseBodyExcerpt: null, timedOut: false };
  }
}

function send(
  target: { url: URL; hostname: string; address: string; family: 4 | 6 },
  input: PostWebhookInput,
  signal: AbortSignal,
  elapsed: () => number,
): Promise<WebhookHttpResult> {
  const { url } = target;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === "https:" ? https : http;
  const body = Buffer.from(input.body, "utf8");
  const keepBody = responseBodyVisible(target.address);
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      const excerpt = keepBody && size > 0 ? cleanExcerpt(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES)) : null;
      resolve({ statusCode, durationMs: elapsed(), error, responseBodyExcerpt: excerpt, timedOut: statusCode === null && signal.aborted });
      request.destroy();
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: {
          ...input.headers,
          "content-type": "application/json",
          "content-length": String(body.length),
          "user-agent": USER_AGENT,
        },
        lookup: pinned,
        signal,
        agent: false, // no pooled socket from an earlier, differently vetted connection
      },
      (response) => {
        statusCode = response.statusCode ?? null;
        response.on("data", (chunk: Buffer) => {
          if (keepBody && size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish(null);
        });
        response.on("end", () => finish(null));
        // The status code is the answer; a body cut short (timeout, reset) does not change it.
        response.on("error", () => finish(null));
        response.on("close", () => finish(null));
      },
    );
    request.on("error", (err) => {
      if (statusCode !== null) return finish(null);
      finish(signal.aborted ? `Timed out after ${input.timeoutMs} ms.` : describeNetworkError(err));
    });
    request.end(body);
  });
}

/** Whether the answer's body may be kept for the delivery log: only from a public address. */
export function responseBodyVisible(address: string): boolean {
  return forbiddenAddressReason(address) === null;
}

/** Postgres text cannot hold NUL; a receiver's answer is untrusted text for display only. */
function cleanExcerpt(bytes: Buffer): string {
  return bytes.toString("utf8").replace(/\u0000/g, "");
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "Connection refused.",
  ECONNRESET: "Connection reset by the receiver.",
  EHOSTUNREACH: "Host unreachable.",
  ENETUNREACH: "Network unreachable.",
  EPIPE: "Connection closed by the receiver.",
  ENOTFOUND: "DNS lookup failed.",
  EAI_AGAIN: "DNS lookup failed (temporary).",
  HPE_INVALID_CONSTANT: "The receiver's answer is not valid HTTP.",
};

function describeNetworkError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code && NETWORK_ERRORS[e.code]) return NETWORK_ERRORS[e.code];
  if (e?.code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(e.code)) return `TLS error (${e.code}).`;
  const text = `${e?.code ? `${e.code}: ` : ""}${e?.message ?? String(err)}`;
  return text.slice(0, 300);
}
