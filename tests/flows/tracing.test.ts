import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { SpanKind } from "@opentelemetry/api";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { metrics } from "@/lib/observability/metrics";
import { refreshDatabaseGauges } from "@/lib/platform/database-gauges";
import { startTracing, stopTracing, tracingEnabled } from "@/lib/observability/tracing";
import { submitPaymentJob } from "@/lib/payments/payment-jobs";
import { type FakeOperator, registerFakeOperator, startFakeOperator } from "../helpers/fake-operator";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { directBody, initiatePayment } from "../helpers/payments";
import { ensureReferenceData } from "../helpers/reference";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * OpenTelemetry spans, exported to an in-memory exporter: one request's span with its
 * database transactions, the job it enqueued with its operator call, and an operator call
 * recorded in the metrics per connector account with its circuit breaker. Production mode with
 * a local HTTP operator (the fake-operator connector), so operator calls are real HTTP.
 */
const API_KEY = "fake-live-key-tracing-5d1e";
const exporter = new InMemorySpanExporter();
let operator: FakeOperator;
let unregister: () => void;

beforeAll(async () => {
  expect(tracingEnabled()).toBe(false); // off by default
  enterProduction({ FAKE_API_KEY: API_KEY, CONNECTOR_TOTAL_TIMEOUT_MS: "800", CONNECTOR_BREAKER_FAILURES: "2", CONNECTOR_BREAKER_COOLDOWN_SECONDS: "60", PUBLIC_BASE_URL: "https://pay.example.test" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator(API_KEY);
  await ops("connector:add", "--id", "fake-trace", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "FAKE");
  await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "collect", "--account", "fake-trace");
  await startTracing({ exporter });
});

afterAll(async () => {
  await stopTracing();
  await operator?.close();
  unregister?.();
  restoreEnv();
});

function tree(spans: ReadableSpan[]): string[] {
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  for (const s of spans) {
    const parent = s.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    byParent.set(key, [...(byParent.get(key) ?? []), s]);
  }
  const out: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const s of (byParent.get(parent) ?? []).sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1])) {
      const attrs = Object.entries(s.attributes).map(([k, v]) => `${k}=${v}`).join(" ");
      out.push(`${"  ".repeat(depth)}${s.name} [${SpanKind[s.kind]}] ${attrs}`);
      walk(s.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return out;
}

describe("tracing", () => {
  it("one request: a server span with its database transactions; the job it enqueued: a job span with its operator call", async () => {
    const m = await createLiveMerchant();
    exporter.reset();
    const res = await initiatePayment(m.headers, directBody({ provider: "orange", country: "SN", customerPhone: "+221770000012" }));
    expect(res.status).toBe(201);
    const requestSpans = exporter.getFinishedSpans();
    const server = requestSpans.find((s) => s.name === "POST /api/v1/payments/initiate")!;
    expect(server).toBeDefined();
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.attributes).toMatchObject({ "http.request.method": "POST", "http.route": "/api/v1/payments/initiate", "http.response.status_code": 201, "merchant.id": m.merchant.id });
    const transactions = requestSpans.filter((s) => s.name === "db.transaction");
    expect(transactions.length).toBeGreaterThanOrEqual(1);
    for (const t of transactions) {
      expect(t.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
      expect(t.spanContext().traceId).toBe(server.spanContext().traceId);
    }
    console.info(`spans of one request:\n${tree(requestSpans).join("\n")}`);

    exporter.reset();
    await runDueJobs({ jobs: platformJobs, types: [submitPaymentJob.type] });
    const jobSpans = exporter.getFinishedSpans();
    const job = jobSpans.find((s) => s.name === `job ${submitPaymentJob.type}`)!;
    expect(job.attributes).toMatchObject({ "job.type": submitPaymentJob.type, "job.attempt": 1, "job.outcome": "succeeded" });
    const call = jobSpans.find((s) => s.name === "operator collect")!;
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.attributes).toMatchObject({ "connector.account": "fake-trace", "connector.operation": "collect", "http.response.status_code": expect.any(Number) });
    expect(call.spanContext().traceId).toBe(job.spanContext().traceId);
    console.info(`spans of the submit job:\n${tree(jobSpans).join("\n")}`);
    // Nothing personal in any span: no phone number, no key.
    const everything = JSON.stringify(jobSpans.concat(requestSpans).map((s) => ({ name: s.name, attributes: s.attributes, events: s.events })));
    expect(everything).not.toContain("221770000012");
    expect(everything).not.toContain(m.credentials.split(":")[1]);
  });

  it("a caller's W3C traceparent is continued: the request span joins its trace as a child of its span; a malformed one starts a new trace", async () => {
    const m = await createLiveMerchant();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    exporter.reset();
    const res = await initiatePayment({ ...m.headers, traceparent: `00-${traceId}-${callerSpan}-01` }, directBody({ provider: "orange", country: "SN", customerPhone: "+221770000012" }));
    expect(res.status).toBe(201);
    const server = exporter.getFinishedSpans().find((s) => s.name === "POST /api/v1/payments/initiate")!;
    expect(server.spanContext().traceId).toBe(traceId);
    expect(server.parentSpanContext?.spanId).toBe(callerSpan);
    exporter.reset();
    await initiatePayment({ ...m.headers, traceparent: "00-not-a-trace-01" }, directBody({ provider: "orange", country: "SN", customerPhone: "+221770000012" }));
    const fresh = exporter.getFinishedSpans().find((s) => s.name === "POST /api/v1/payments/initiate")!;
    expect(fresh.spanContext().traceId).not.toBe(traceId);
    expect(fresh.parentSpanContext).toBeUndefined();
  });

  it("operator calls are counted per connector account: latency, errors, and the circuit breaker's state at scrape", async () => {
    const m = metrics();
    const before = (await m.operatorErrors.get()).values.find((v) => v.labels.account === "fake-trace")?.value ?? 0;
    operator.mode = "down";
    try {
      expect((await ops("connector:check", "--id", "fake-trace")).code).toBe(1);
      expect((await ops("connector:check", "--id", "fake-trace")).code).toBe(1);
    } finally {
      operator.mode = "up";
    }
    const errors = (await m.operatorErrors.get()).values.find((v) => v.labels.account === "fake-trace" && v.labels.operation === "health")?.value ?? 0;
    expect(errors - before).toBe(2);
    const latency = (await m.operatorDuration.get()).values.find((v) => v.metricName === "operator_call_duration_seconds_count" && v.labels.account === "fake-trace" && v.labels.operation === "health");
    expect(latency?.value).toBeGreaterThanOrEqual(2);
    await refreshDatabaseGauges(m);
    const open = (await m.breakerOpen.get()).values.find((v) => v.labels.account === "fake-trace");
    expect(open).toMatchObject({ value: 1, labels: { account: "fake-trace", type: "fake-operator" } });
    const text = await m.registry.metrics();
    console.info(text.split("\n").filter((l) => /^(operator_|connector_)/.test(l) && l.includes("fake-trace")).join("\n"));
  });
});
