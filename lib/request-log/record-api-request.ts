import { settingOrDefault, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { insertRowsSql } from "@/lib/db/insert-rows";
import { runSql } from "@/lib/db/run-sql";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { storedBody, storedPath, storedQuery } from "./mask-body";

/**
 * Records authenticated API requests for the merchant's request log without costing the request
 * a round trip (the hot paths' rule; docs/decisions/request-log.md). The route
 * wrapper hands each finished request to `recordApiRequest`, which only pushes it on an in-memory
 * buffer; a timer (API_REQUEST_LOG_FLUSH_MS, 250 ms) or a full batch (BATCH_ROWS) writes the buffer
 * with ONE INSERT per batch (lib/db/insert-rows: one bind parameter for all rows). Masking and
 * serialising the bodies happen at that write, off the request's path.
 *
 * Best effort by construction: a batch the database refuses is logged (its size and error code,
 * never a body) and dropped; past MAX_BUFFERED rows waiting (the database is gone) new requests
 * are counted and not kept, so an outage cannot grow the process's memory. A crash loses at most
 * the last interval's rows; a graceful stop writes them (lib/platform/shutdown.ts).
 */
export const BATCH_ROWS = 200;
export const MAX_BUFFERED = 5000;

export type ApiRequestRecord = {
  merchantId: string;
  environment: AppEnvironment;
  apiKeyId: string | null;
  requestId: string;
  method: string;
  /** The URL as called: its path and query string are stored masked. */
  url: string;
  status: number;
  durationMs: number;
  idempotencyKey: string | null;
  replayed: boolean;
  /** The parsed request body (undefined when none or unreadable) and the answer's body: masked at write time. */
  requestBody: unknown;
  responseBody: unknown;
  startedAt: Date;
};

type State = { buffer: ApiRequestRecord[]; timer: ReturnType<typeof setTimeout> | null; draining: Promise<void> | null; dropped: number };

// On globalThis: Next may evaluate this module in several bundles of one process, and the
// shutdown hook must find the same buffer as the routes.
const GLOBAL_KEY = Symbol.for("payments.apiRequestLog");
type GlobalWithState = typeof globalThis & { [GLOBAL_KEY]?: State };
const state = (): State => ((globalThis as GlobalWithState)[GLOBAL_KEY] ??= { buffer: [], timer: null, draining: null, dropped: 0 });

/** Queues one request for the log. Never throws, never waits: it runs on the response's path. */
export function recordApiRequest(record: ApiRequestRecord): void {
  const s = state();
  if (s.buffer.length >= MAX_BUFFERED) {
    s.dropped++;
    return;
  }
  s.buffer.push(record);
  if (s.buffer.length >= BATCH_ROWS && !s.draining) {
    void flushApiRequestLog();
    return;
  }
  if (!s.timer) {
    s.timer = setTimeout(() => {
      s.timer = null;
      void flushApiRequestLog();
    }, settingOrDefault("API_REQUEST_LOG_FLUSH_MS"));
    // A pending write must not keep a CLI or a test process alive; the server stays up anyway.
    s.timer.unref?.();
  }
}

/** Writes every queued request now (tests, shutdown); resolves once they are written or dropped. */
export function flushApiRequestLog(): Promise<void> {
  const s = state();
  if (s.timer) {
    clearTimeout(s.timer);
    s.timer = null;
  }
  s.draining ??= drain(s).finally(() => {
    s.draining = null;
  });
  return s.draining;
}

/** How many requests wait to be written (tests). */
export const pendingApiRequests = (): number => state().buffer.length;

async function drain(s: State): Promise<void> {
  // Rows queued while a batch is written are taken by the next turn of the loop.
  while (s.buffer.length > 0) {
    const batch = s.buffer.splice(0, BATCH_ROWS);
    await writeBatch(batch);
  }
  if (s.dropped > 0) {
    log.warn("api request log: requests not recorded, the buffer was full", { dropped: s.dropped });
    s.dropped = 0;
  }
}

async function writeBatch(batch: ApiRequestRecord[]): Promise<void> {
  try {
    const rows = batch.map(toRow);
    // Through the driver, prepared (lib/db/run-sql.ts): the text is the same whatever the batch's size.
    await runSql(await insertRowsSql(await getPrisma(), "api_request_logs", rows));
  } catch (err) {
    log.error("api request log: batch not written", { rows: batch.length, error: (err as { code?: string }).code ?? (err as Error).name ?? "unknown" });
  }
}

function toRow(r: ApiRequestRecord): Record<string, unknown> {
  const url = new URL(r.url);
  const errorCode = r.status >= 400 && r.responseBody && typeof r.responseBody === "object" ? (r.responseBody as { code?: unknown }).code : undefined;
  return {
    id: newId("rql", r.startedAt.getTime()),
    merchantId: r.merchantId,
    environment: r.environment,
    apiKeyId: r.apiKeyId,
    requestId: r.requestId,
    method: r.method,
    path: storedPath(url.pathname),
    query: storedQuery(url.search),
    status: r.status,
    errorCode: typeof errorCode === "string" ? errorCode.slice(0, 64) : null,
    durationMs: Math.max(0, Math.round(r.durationMs)),
    idempotencyKey: r.idempotencyKey,
    replayed: r.replayed,
    requestBody: storedBody(r.requestBody),
    responseBody: storedBody(r.responseBody),
    createdAt: r.startedAt,
  };
}
