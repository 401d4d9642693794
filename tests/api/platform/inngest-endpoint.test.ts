import { afterEach, describe, expect, it } from "vitest";
import { GET, POST, PUT } from "@/app/api/inngest/route";

/** /api/inngest when Inngest does not drive the jobs: 404 in the API's error body, never a 500. */
const saved = { JOBS_RUNNER: process.env.JOBS_RUNNER, INNGEST_EVENT_KEY: process.env.INNGEST_EVENT_KEY };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe("/api/inngest without Inngest", () => {
  it.each([
    ["GET", GET],
    ["POST", POST],
    ["PUT", PUT],
  ] as const)("%s → 404 in the error contract", async (method, handler) => {
    delete process.env.JOBS_RUNNER;
    delete process.env.INNGEST_EVENT_KEY;
    const request = new Request("http://localhost:3000/api/inngest?fnId=x&stepId=y", {
      method,
      headers: { "content-type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify({ event: {} }),
    });
    const res = await handler(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found" });
  });
});
