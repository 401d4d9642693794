/**
 * Next calls register() once when the server starts: answer methods no route handler can see
 * (TRACE…) inside the error contract, start OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, apply migrations, seed the sandbox demo merchant, start
 * the in-process jobs runner (when Inngest is not configured) and print where to go. Node
 * runtime only; the logic lives in lib/platform/boot.ts and lib/http.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Tracing first, so the boot's own work is traced; off (zero cost) unless an endpoint is set.
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("./lib/observability/tracing");
    await startTracing();
  }
  const { allowForContracts, refuseUnsupportedMethods } = await import("./lib/http/refuse-unsupported-methods");
  const { contracts } = await import("./app/api/v1/contracts");
  refuseUnsupportedMethods(allowForContracts(contracts));
  const { boot } = await import("./lib/platform/boot");
  await boot();
}
