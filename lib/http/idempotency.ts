import { createHash } from "node:crypto";
import type { MerchantScope } from "@/lib/config";
import { config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors";

/**
 * X-Idempotency-Key (docs/design/authentication-and-limits.md). The claim is one INSERT … ON CONFLICT DO NOTHING on the
 * unique scope (merchant, environment, method, path, key): of concurrent duplicates exactly one
 * inserts and executes; the others see its record and get 409 (still running), 422 (other body)
 * or the stored response. 5xx outcomes release the key so a retry can execute.
 *
 * A route whose write is one statement (payout initiate and quote, collect initiate) claims and
 * completes the key INSIDE that statement instead (KeyInStatement): no round trip before or
 * after it (docs/decisions/idempotency-and-limits.md, "Idempotency in the request's own statement").
 */
export const IDEMPOTENCY_HEADER = "x-idempotency-key";
/** The IETF draft's name (draft-ietf-httpapi-idempotency-key-header), accepted as an alias. */
export const IDEMPOTENCY_HEADER_ALIAS = "idempotency-key";
const LOCK_SECONDS = 60;

export type IdempotencyScope = MerchantScope & { method: string; path: string; key: string };

export type IdempotencyClaim =
  | { kind: "owner"; recordId: bigint }
  | { kind: "replay"; status: number; body: unknown };

/**
 * 1 to 255 printable ASCII characters (a UUID, an order number…). Control characters and
 * non-ASCII are refused before any claim: header bytes beyond ASCII arrive as Latin-1 guesses,
 * and a key must compare equal to itself on the retry.
 */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export function readIdempotencyKey(headers: Headers): string | null {
  const ours = headers.get(IDEMPOTENCY_HEADER);
  const alias = headers.get(IDEMPOTENCY_HEADER_ALIAS);
  // Both sent and different: which one the client meant is a guess we do not make.
  if (ours !== null && alias !== null && ours.trim() !== alias.trim()) {
    throw new AppError("invalid_request", "X-Idempotency-Key and Idempotency-Key differ: send one of them (they are the same header).");
  }
  const key = ours ?? alias;
  if (key === null) return null;
  const trimmed = key.trim();
  if (!KEY_PATTERN.test(trimmed)) {
    throw new AppError("invalid_request", "X-Idempotency-Key must be 1 to 255 printable ASCII characters.");
  }
  return trimmed;
}

/** Stable hash of a JSON value: object keys sorted, so key order does not matter. */
export function hashRequestBody(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function claimIdempotencyKey(scope: IdempotencyScope, requestHash: string): Promise<IdempotencyClaim> {
  const prisma = await getPrisma();
  const ttlHours = config.idempotencyTtlHours();
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await prisma.$queryRaw<{ id: bigint }[]>`
      INSERT INTO idempotency_records (merchant_id, environment, method, path, key, request_hash, state, locked_until, expires_at)
      VALUES (${scope.merchantId}, ${scope.environment}::"Environment", ${scope.method}, ${scope.path}, ${scope.key}, ${requestHash},
              'in_progress', now() + ${LOCK_SECONDS}::int * interval '1 second', now() + ${ttlHours}::int * interval '1 hour')
      ON CONFLICT (merchant_id, environment, method, path, key) DO NOTHING
      RETURNING id`;
    if (inserted.length === 1) return { kind: "owner", recordId: inserted[0].id };

    const existing = await prisma.idempotencyRecord.findUnique({
      where: {
        merchantId_environment_method_path_key: {
          merchantId: scope.merchantId,
          environment: scope.environment,
          method: scope.method,
          path: scope.path,
          key: scope.key,
        },
      },
    });
    if (!existing) continue; // released or expired between our INSERT and SELECT: try again
    const now = new Date();
    if (existing.expiresAt <= now) {
      await prisma.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new AppError(
        "idempotency_key_reused",
        "This X-Idempotency-Key was already used with a different request body. Use a new key for a new request.",
      );
    }
    if (existing.state === "completed") {
      return { kind: "replay", status: existing.responseStatus ?? 200, body: existing.responseBody };
    }
    if (existing.lockedUntil > now) {
      throw new AppError(
        "idempotency_key_in_progress",
        "A request with this X-Idempotency-Key is still being processed. Retry shortly to get its result.",
      );
    }
    // The owner died without finishing: take the key over, exactly one taker wins.
    const takenOver = await prisma.idempotencyRecord.updateMany({
      where: { id: existing.id, state: "in_progress", lockedUntil: { lte: now } },
      data: { lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000) },
    });
    if (takenOver.count === 1) return { kind: "owner", recordId: existing.id };
  }
  throw new AppError("idempotency_key_in_progress", "A request with this X-Idempotency-Key is being processed. Retry shortly.");
}

export async function completeIdempotencyKey(recordId: bigint, status: number, body: unknown): Promise<void> {
  const prisma = await getPrisma();
  await prisma.idempotencyRecord.update({
    where: { id: recordId },
    data: { state: "completed", responseStatus: status, responseBody: body as object },
  });
}

export async function releaseIdempotencyKey(recordId: bigint): Promise<void> {
  const prisma = await getPrisma();
  await prisma.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
}

/** Deletes records past their 24 h lifetime; run by the jobs runner. Returns how many. */
export async function deleteExpiredIdempotencyRecords(now = new Date(), batchSize = 1000): Promise<number> {
  const prisma = await getPrisma();
  let total = 0;
  for (;;) {
    const deleted = await prisma.$executeRaw`
      DELETE FROM idempotency_records WHERE id IN (
        SELECT id FROM idempotency_records WHERE expires_at <= ${now} ORDER BY id LIMIT ${batchSize})`;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * The refusal of a statement that met its key already held (refuse_statement's reason): another
 * request of the same key committed first, or is committing (the unique index made this one wait
 * for it), or an earlier request's answer is stored.
 */
export const KEY_HELD = "idempotency_key_held";

/** The same, thrown from an interactive transaction's own check (no refuse_statement there). */
export class KeyHeldError extends Error {
  constructor() {
    super(KEY_HELD);
  }
}

export const isKeyHeld = (err: unknown): boolean =>
  err instanceof KeyHeldError || ((err as { code?: string } | null)?.code === "P0001" && (err as Error).message === KEY_HELD);

/**
 * The key's record written by the request's own statement, completed with its answer (the
 * route's success): the claim and the completion in the statement that does the work, so of
 * concurrent duplicates exactly one commits its work and its record together, and a failed
 * statement leaves neither (nothing to release on a 5xx). `cte(answer)` is the CTE
 * `idempotency`, one row when it holds the key; every write of the statement reads it, and the
 * statement refuses with KEY_HELD when it is empty (the wrapper then answers from the record).
 * It takes over a record past its lifetime, or one whose owner died in progress (the 60 s lock
 * of the claim-first path), as the claim does.
 */
export type KeyInStatement = {
  cte: (answer: unknown) => Prisma.Sql;
};

export function recordInStatementSql(scope: IdempotencyScope, requestHash: string, status: number, answer: unknown): Prisma.Sql {
  return Prisma.sql`idempotency AS (${recordSql(scope, requestHash, status, answer)})`;
}

export const KEY_WRITTEN = Prisma.sql`EXISTS (SELECT 1 FROM idempotency)`;

/** The completed record, or nothing when the key is held by a live record (see KeyInStatement). */
function recordSql(scope: IdempotencyScope, requestHash: string, status: number, answer: unknown): Prisma.Sql {
  const ttlHours = config.idempotencyTtlHours();
  return Prisma.sql`
    INSERT INTO idempotency_records AS r (merchant_id, environment, method, path, key, request_hash, state, response_status, response_body, locked_until, expires_at)
    VALUES (${scope.merchantId}, ${scope.environment}::"Environment", ${scope.method}, ${scope.path}, ${scope.key}, ${requestHash},
            'completed', ${status}::int, ${JSON.stringify(answer)}::jsonb, now(), now() + ${ttlHours}::int * interval '1 hour')
    ON CONFLICT (merchant_id, environment, method, path, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, state = 'completed', response_status = EXCLUDED.response_status,
          response_body = EXCLUDED.response_body, locked_until = EXCLUDED.locked_until, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE r.expires_at <= now() OR (r.state = 'in_progress' AND r.locked_until <= now())
    RETURNING r.id`;
}

type RecordRow = { request_hash: string; state: string; response_status: number | null; response_body: unknown; expired: boolean };

const recordColumns = Prisma.sql`r.request_hash, r.state::text AS state, r.response_status, r.response_body, r.expires_at <= now() AS expired`;
const scopeIs = (scope: IdempotencyScope) =>
  Prisma.sql`r.merchant_id = ${scope.merchantId} AND r.environment = ${scope.environment}::"Environment" AND r.method = ${scope.method} AND r.path = ${scope.path} AND r.key = ${scope.key}`;

/**
 * A 4xx of a request whose key is claimed in its statement (that statement never ran, or
 * refused and left nothing): stored as the key's answer, as the claim-first path stores it, so
 * its retry gets the same answer. When another request holds the key, its answer is this
 * request's too: `held` with its record, read by the same statement (a replay costs no extra
 * round trip), or null when that record was committed after the statement began (then
 * answerFromRecord reads it). "unstorable" when the database refused the body (the caller still
 * gets its answer; no key is held).
 */
export async function storeAnswer(
  scope: IdempotencyScope,
  requestHash: string,
  status: number,
  answer: unknown,
): Promise<"stored" | "unstorable" | { held: { status: number; body: unknown } | null }> {
  let row: { stored: boolean } & Partial<RecordRow>;
  try {
    [row] = await runSql<{ stored: boolean } & Partial<RecordRow>>(Prisma.sql`
      WITH stored AS (${recordSql(scope, requestHash, status, answer)})
      SELECT EXISTS (SELECT 1 FROM stored) AS stored, ${recordColumns}
      FROM (SELECT 1) AS one LEFT JOIN idempotency_records r ON ${scopeIs(scope)}`);
  } catch {
    return "unstorable";
  }
  if (row.stored) return "stored";
  return { held: row.request_hash === null || row.request_hash === undefined ? null : answerOf(row as RecordRow, requestHash, { absent: null }) };
}

/**
 * The answer a request gets when its key is held by another: the stored answer (replay), 422
 * for another body, 409 while the other still runs. One read; a record gone or past its lifetime
 * by then (released, expired) is a 409 too: the retry runs. `absent: null` returns null instead
 * of the 409s (a caller with an answer of its own to give).
 */
export async function answerFromRecord(scope: IdempotencyScope, requestHash: string, options: { absent?: null } = {}): Promise<{ status: number; body: unknown } | null> {
  const [record] = await runSql<RecordRow>(Prisma.sql`SELECT ${recordColumns} FROM idempotency_records r WHERE ${scopeIs(scope)}`);
  return answerOf(record ?? null, requestHash, options);
}

function answerOf(record: RecordRow | null, requestHash: string, options: { absent?: null }): { status: number; body: unknown } | null {
  const live = record && !record.expired ? record : null;
  if (live && live.request_hash.trim() !== requestHash) {
    throw new AppError("idempotency_key_reused", "This X-Idempotency-Key was already used with a different request body. Use a new key for a new request.");
  }
  if (live?.state === "completed") return { status: live.response_status ?? 200, body: live.response_body };
  if ("absent" in options) return null;
  throw new AppError("idempotency_key_in_progress", "A request with this X-Idempotency-Key is still being processed. Retry shortly to get its result.");
}
