import { log } from "@/lib/log";
import { metrics } from "./metrics";
import { currentTraceId } from "./tracing";

/**
 * The one place each kind of event becomes its log line and its metrics: the route
 * wrapper, the job runner's run step, the connector call recording and webhook delivery call
 * these and nothing else. Fields are identifiers and numbers only: never a body, a phone
 * number or a credential (the logger would redact them anyway).
 */
const seconds = (ms: number) => ms / 1000;
const traced = () => {
  const traceId = currentTraceId();
  return traceId ? { traceId } : {};
};

export type RequestObservation = {
  requestId: string;
  method: string;
  /** The contract's path (`/payments/status/{transactionId}`): bounded, no ids. */
  route: string;
  status: number;
  durationMs: number;
  merchantId: string | null;
  environment: string;
  idempotencyKey: string | null;
  replayed?: boolean;
};

export function observeRequest(r: RequestObservation): void {
  const labels = { route: r.route, method: r.method, status: String(r.status) };
  const m = metrics();
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, seconds(r.durationMs));
  const fields = {
    requestId: r.requestId,
    method: r.method,
    route: r.route,
    status: r.status,
    durationMs: r.durationMs,
    merchantId: r.merchantId,
    environment: r.environment,
    ...(r.idempotencyKey ? { idempotencyKey: r.idempotencyKey } : {}),
    ...(r.replayed ? { replayed: true } : {}),
    ...traced(),
  };
  if (r.status >= 500) log.error("request", fields);
  else log.info("request", fields);
}

export type JobRunObservation = {
  id: string;
  type: string;
  attempt: number;
  /** succeeded; rescheduled (the handler asked to run again later); retry (failed, will run again); failed (attempts used up). */
  outcome: "succeeded" | "rescheduled" | "retry" | "failed";
  durationMs: number;
  error?: string;
};

export function observeJobRun(j: JobRunObservation): void {
  const m = metrics();
  m.jobRuns.inc({ type: j.type, outcome: j.outcome });
  m.jobDuration.observe({ type: j.type }, seconds(j.durationMs));
  const fields = { jobId: j.id, type: j.type, attempt: j.attempt, outcome: j.outcome, durationMs: j.durationMs, ...(j.error ? { error: j.error } : {}), ...traced() };
  if (j.outcome === "failed") log.error("job run", fields);
  else if (j.outcome === "retry") log.warn("job run", fields);
  else log.info("job run", fields);
}

export type OperatorCallObservation = {
  accountId: string;
  operation: string;
  method: string;
  /** The HTTP status, null when there was no answer. */
  status: number | null;
  outcome: "ok" | "http_error" | "timeout" | "network_error";
  /** The operator failed (no answer, 5xx, 429): what counts against the circuit breaker. */
  operatorFailure: boolean;
  latencyMs: number;
};

export function observeOperatorCall(c: OperatorCallObservation): void {
  const m = metrics();
  m.operatorCalls.inc({ account: c.accountId, operation: c.operation, outcome: c.outcome });
  m.operatorDuration.observe({ account: c.accountId, operation: c.operation }, seconds(c.latencyMs));
  if (c.operatorFailure) m.operatorErrors.inc({ account: c.accountId, operation: c.operation });
  const fields = { account: c.accountId, operation: c.operation, method: c.method, status: c.status, outcome: c.outcome, latencyMs: c.latencyMs, ...traced() };
  if (c.operatorFailure) log.warn("operator call", fields);
  else log.info("operator call", fields);
}

export function observeWebhookDelivery(d: { statusCode: number | null; durationMs: number }): void {
  const result = d.statusCode === null ? "error" : d.statusCode >= 200 && d.statusCode < 300 ? "success" : "failure";
  const m = metrics();
  m.webhookDeliveries.inc({ result });
  m.webhookDuration.observe({ result }, seconds(d.durationMs));
}

export type ReconcileObservation = { ok: boolean; problems: Record<string, number> };

export function observeReconcile(r: ReconcileObservation): void {
  const m = metrics();
  m.reconcileOk.set(r.ok ? 1 : 0);
  m.reconcileProblems.reset();
  for (const [kind, n] of Object.entries(r.problems)) m.reconcileProblems.set({ kind }, n);
  m.reconcileLastRun.set(Math.floor(Date.now() / 1000));
  if (r.ok) log.info("ledger reconcile", { ok: true });
  else log.error("ledger reconcile found differences", { ok: false, ...r.problems });
}
