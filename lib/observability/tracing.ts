import { appEnv, config, setting } from "@/lib/config";
import { type Attributes, context, INVALID_SPAN_CONTEXT, propagation, type Span, SpanKind, SpanStatusCode, type TextMapGetter, trace } from "@opentelemetry/api";
import type { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { scrubLogText } from "./log-redaction";
import type { SpanExporter, SpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";

/**
 * OpenTelemetry tracing with the OTel SDK (docs/decisions/observability.md). Off by default:
 * until startTracing() runs, withSpan() calls its function straight away, with a span that
 * records nothing (no context switch, no allocation beyond the call). instrumentation.ts and
 * the worker start it when OTEL_EXPORTER_OTLP_ENDPOINT is set; the OTLP/HTTP exporter reads
 * that variable (and OTEL_EXPORTER_OTLP_HEADERS…) itself. Spans: one per API request (the route
 * wrapper), per database transaction (lib/observability/db-spans.ts), per job run and per
 * operator call. Next's own spans, when it makes them, become their parents.
 */
const TRACER = "payments-platform";
const NOOP_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

type TracingState = { provider: TracerProvider; contextManager: AsyncLocalStorageContextManager };
const KEY = Symbol.for("payments.tracing");
type GlobalWithTracing = typeof globalThis & { [KEY]?: TracingState };

export const tracingEnabled = () => (globalThis as GlobalWithTracing)[KEY] !== undefined;

/**
 * Registers the global tracer provider. Without an exporter, OTLP over HTTP in batches; a test
 * passes an in-memory exporter (spans then leave one by one, at once). Idempotent.
 */
export async function startTracing(options: { exporter?: SpanExporter } = {}): Promise<void> {
  const g = globalThis as GlobalWithTracing;
  if (g[KEY]) return;
  // The SDK is loaded only when tracing starts: off by default, and a process that never traces
  // (the job worker above all) keeps its code out of memory (docs/decisions/worker-bundle.md).
  const [{ W3CTraceContextPropagator }, { AsyncLocalStorageContextManager }, { resourceFromAttributes }, { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider }] =
    await Promise.all([import("@opentelemetry/core"), import("@opentelemetry/context-async-hooks"), import("@opentelemetry/resources"), import("@opentelemetry/sdk-trace")]);
  if (g[KEY]) return;
  let processor: SpanProcessor;
  if (options.exporter) processor = new SimpleSpanProcessor({ exporter: options.exporter });
  else {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    processor = new BatchSpanProcessor({ exporter: new OTLPTraceExporter() });
  }
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  // W3C trace context in and out: a caller's `traceparent` continues its trace through our
  // request span (Next extracts it when it serves the request; withServerSpan when nothing did).
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      "service.name": setting("OTEL_SERVICE_NAME") ?? TRACER,
      "service.version": config.version(),
      "deployment.environment.name": appEnv(),
    }),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);
  g[KEY] = { provider, contextManager };
}

/** Flushes and unregisters (tests, shutdown). */
export async function stopTracing(): Promise<void> {
  const g = globalThis as GlobalWithTracing;
  const state = g[KEY];
  if (!state) return;
  delete g[KEY];
  await state.provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
}

/**
 * Runs `fn` inside a span named `name`: the span ends when `fn` settles, marked as an error
 * (with the exception's type and message, never request data) when it throws.
 */
export async function withSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (!tracingEnabled()) return fn(NOOP_SPAN);
  return trace.getTracer(TRACER).startActiveSpan(name, { attributes, kind }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException({ name: (err as Error)?.name ?? "Error", message: scrubLogText((err as Error)?.message ?? String(err)) });
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.name });
      throw err;
    } finally {
      span.end();
    }
  });
}

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/**
 * The span of one API request. When no span is active yet (nothing upstream in this process made
 * one), the caller's W3C `traceparent` / `tracestate` headers make it a child of the caller's
 * span, so a merchant's or a gateway's trace continues through us. A malformed header is ignored.
 */
export async function withServerSpan<T>(name: string, attributes: Attributes, headers: Headers, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return fn(NOOP_SPAN);
  const parent = trace.getActiveSpan() ? context.active() : propagation.extract(context.active(), headers, headerGetter);
  return context.with(parent, () => withSpan(name, attributes, fn, SpanKind.SERVER));
}

/** The current trace id, for log lines (null when tracing is off). */
export function currentTraceId(): string | null {
  if (!tracingEnabled()) return null;
  const span = trace.getActiveSpan();
  const id = span?.spanContext().traceId;
  return id && trace.isSpanContextValid(span!.spanContext()) ? id : null;
}

export { SpanKind, SpanStatusCode };
