import { newId } from "@/lib/ids";

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's well-formed X-Request-Id (tracing across systems), else makes one. */
export function requestIdFor(headers: Headers): string {
  const incoming = headers.get("x-request-id");
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : newId("req");
}
