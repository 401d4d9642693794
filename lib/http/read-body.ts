import { AppError } from "@/lib/errors";
import { assertSafeInput } from "./assert-safe-input";

/**
 * Reads a JSON request body with a size cap (docs/design/authentication-and-limits.md: 64 KB → 413), streaming so an
 * oversized body is refused without buffering it whole. Empty body → undefined. The bytes must
 * be UTF-8 (invalid sequences are refused, not silently replaced) and the value safe
 * (assertSafeInput: no NUL, no lone surrogate, not absurdly deep).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const contentType = request.headers.get("content-type");
  if (contentType && !/^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim())) {
    throw new AppError("unsupported_media_type", "Request bodies must be JSON: send 'Content-Type: application/json'.");
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(await readBodyBytes(request, maxBytes));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError("invalid_json", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // V8's message quotes a few characters of the body: control characters and surrogates are
    // escaped, so the error body never carries what a JSON column cannot store.
    const message = (err as Error).message.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    throw new AppError("invalid_json", `Malformed JSON body: ${message}`);
  }
  assertSafeInput(value, "body");
  return value;
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The body as UTF-8 text, refused with payload_too_large as soon as it passes maxBytes (declared
 * or streamed), without buffering more. No body → "".
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString("utf8");
}

async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body (closed connection): nobody is left to answer, and it is
      // not our failure, so no 500 and no error log.
      throw new AppError("invalid_request", "The request body could not be read completely.");
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number) {
  return new AppError("payload_too_large", `Request body exceeds ${Math.floor(maxBytes / 1024)} KB.`);
}

/**
 * A body's bytes read under the cap (413 past it, as it streams in), for a handler that reads
 * bodies itself and would buffer any size (next-auth). No body → undefined.
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body) return undefined;
  return new Uint8Array(await readBodyBytes(request, maxBytes));
}
