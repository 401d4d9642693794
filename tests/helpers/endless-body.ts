/**
 * A request body that never ends by itself: 64 KB chunks of `fill`, up to `totalBytes`, counting
 * what the reader actually pulled. A handler that buffers a whole body pulls all of it; one that
 * refuses while streaming stops soon after its cap.
 */
export function endlessBody(totalBytes: number, fill = "x") {
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= totalBytes) return controller.close();
        state.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** A POST whose body streams without a declared length (as a chunked upload does). */
export function streamedPost(url: string, totalBytes: number, headers: Record<string, string> = {}) {
  const { stream, state } = endlessBody(totalBytes);
  const request = new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
  return { request, state };
}
