import { AppError } from "@/lib/errors";

/**
 * Reads a JSON request body with a size cap (DESIGN §5: 64 KB → 413), streaming so an
 * oversized body is refused without buffering it whole. Empty body → undefined.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const contentType = request.headers.get("content-type");
  if (contentType && !/^application\/([\w.+-]*\+)?json\b/i.test(contentType.trim())) {
    throw new AppError("unsupported_media_type", "Request bodies must be JSON: send 'Content-Type: application/json'.");
  }
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AppError("invalid_json", `Malformed JSON body: ${(err as Error).message}`);
  }
}

/**
 * The body as UTF-8 text, refused with payload_too_large as soon as it passes maxBytes (declared
 * or streamed), without buffering more. No body → "".
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
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
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return new AppError("payload_too_large", `Request body exceeds ${Math.floor(maxBytes / 1024)} KB.`);
}
