/**
 * Next calls register() once when the server starts: answer methods no route handler can see
 * (TRACE…) inside the error contract, start OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, apply migrations, seed the sandbox demo merchant, start
 * the in-process jobs runner (when Inngest is not configured) and print where to go. Node
 * runtime only; the logic lives in lib/platform/boot.ts and lib/http.
 */
export async function register() {
  // Set by Next for each bundle it builds (edge, nodejs); the only variable read here directly.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Every environment variable checked before anything uses one (lib/config/variables.ts).
  const { refuseInvalidConfiguration } = await import("./lib/platform/check-configuration");
  refuseInvalidConfiguration("The server");
  const { config } = await import("./lib/config");
  // Tracing first, so the boot's own work is traced; off (zero cost) unless an endpoint is set.
  if (config.tracingEnabled()) {
    const { startTracing } = await import("./lib/observability/tracing");
    await startTracing();
  }
  const { allowForContracts, refuseUnsupportedMethods } = await import("./lib/http/refuse-unsupported-methods");
  const { contracts } = await import("./app/api/v1/contracts");
  refuseUnsupportedMethods(allowForContracts(contracts));
  const { boot } = await import("./lib/platform/boot");
  // Loaded only when Inngest drives the jobs: the embedded mode never needs its SDK.
  const inngest = config.jobsRunner() === "inngest" ? (await import("./inngest/client")).inngest : null;
  await boot({ sendJobsEvent: inngest ? (event) => inngest.send(event) : undefined });
}
