import { expect, test } from "@playwright/test";
import { bigUpload } from "../helpers/big-upload";
import { canReadServerMemory, residentBytes, serverProcessIds } from "./helpers/server-memory";

/**
 * 100 MB sent to every entry point that takes a body without credentials, against the built
 * server (scripts/serve.mjs → scripts/body-limit.mjs): each is refused with 413 in the API's error
 * body while it streams in, declared or chunked; the server stays up and its memory flat.
 */
const PORT = Number(process.env.E2E_PORT ?? "3100");
const HUNDRED_MB = 100 * 1024 * 1024;

const ENTRY_POINTS: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: "an operator callback (unknown account)", path: "/api/v1/connectors/no-such-account/callback", headers: { "content-type": "application/json" } },
  { name: "an operator callback (sandbox simulator)", path: "/api/v1/connectors/simulator/callback", headers: { "content-type": "application/json" } },
  { name: "next-auth's credentials callback", path: "/api/auth/callback/credentials" },
  { name: "a public API endpoint", path: "/api/v1/providers/predict", headers: { "content-type": "application/json" } },
  { name: "an authenticated API endpoint, without a key", path: "/api/v1/payments/initiate", headers: { "content-type": "application/json" } },
  { name: "an unknown API path", path: "/api/v1/nothing/here" },
  { name: "the login page's server action", path: "/login", headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" } },
  { name: "the sign-up page's form (no JavaScript)", path: "/signup", headers: { "content-type": "multipart/form-data; boundary=x" } },
  { name: "a dashboard page", path: "/dashboard/payouts/bulk/new", headers: { "content-type": "multipart/form-data; boundary=x" } },
  { name: "the checkout's payment form", path: "/checkout/chk_unknown/pay" },
  { name: "the checkout's cancel form", path: "/checkout/chk_unknown/cancel" },
  { name: "Inngest's endpoint", path: "/api/inngest", headers: { "content-type": "application/json" } },
  { name: "the home page", path: "/" },
];

test("100 MB to every unauthenticated entry point: 413 while streaming, the server up, its memory flat", async () => {
  test.setTimeout(180_000);
  const health = async () => (await fetch(`http://127.0.0.1:${PORT}/api/v1/health`)).status;
  expect(await health()).toBe(200);
  const processes = canReadServerMemory() ? serverProcessIds(PORT) : [];
  const before = residentBytes(processes);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(processes))), 20);
  try {
    for (const entry of ENTRY_POINTS) {
      for (const declareLength of [true, false]) {
        const res = await bigUpload({ port: PORT, path: entry.path, totalBytes: HUNDRED_MB, declareLength, headers: entry.headers });
        const what = `${entry.name} (${declareLength ? "declared" : "chunked"})`;
        expect(res.status, what).toBe(413);
        expect(JSON.parse(res.body), what).toMatchObject({ statusCode: 413, error: "Payload Too Large", code: "payload_too_large" });
        expect(res.sentBytes, what).toBeLessThan(HUNDRED_MB);
        expect(await health(), what).toBe(200);
      }
    }
  } finally {
    clearInterval(sampler);
  }
  expect(await health()).toBe(200);
  if (processes.length > 0) {
    // Buffering one of these bodies would add 100 MB at least (and end the process, capped at 160 MB of heap).
    expect(peak - before, `server RSS ${Math.round(before / 1e6)} → peak ${Math.round(peak / 1e6)} MB`).toBeLessThan(48 * 1024 * 1024);
  }
});
