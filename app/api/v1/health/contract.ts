import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  environment: z.enum(["sandbox", "production"]),
  version: z.string(),
  checks: z.object({
    database: z.object({ status: z.enum(["ok", "error"]), latencyMs: z.number(), error: z.string().optional() }),
    rateLimiter: z.object({ backend: z.string() }),
    connectors: z
      .object({
        status: z.enum(["ok", "degraded"]),
        accounts: z.array(z.object({ id: z.string(), state: z.enum(["misconfigured", "unavailable"]) })),
        closedProviders: z
          .array(
            z.object({
              country: z.string(),
              provider: z.string(),
              direction: z.string(),
              account: z.string().describe("The routed account whose operator reports the provider closed."),
              servedBy: z.string().nullable().describe("The fallback account serving it meanwhile; null: the provider is unavailable."),
            }),
          )
          .describe("Providers an operator itself reports closed (e.g. pawaPay availability), refreshed about every minute."),
      })
      .optional()
      .describe("Production only: connector accounts used by routes that cannot serve now (their providers are unavailable), and providers their operator reports closed."),
  }),
  warnings: z.array(z.string()).describe("Dangerous settings this instance runs with (e.g. private webhook targets allowed in production); empty when none."),
});

export const healthContract = defineContract({
  method: "GET",
  path: "/health",
  summary: "Service health",
  description:
    "200 when the database answers (status `degraded` when a routed connector account is misconfigured or its circuit breaker is open, or an operator reports a routed provider closed, naming it), 503 when the database does not. Not rate limited (load balancers poll it).",
  tags: ["Platform"],
  auth: "public",
  rateLimit: "none",
  success: { status: 200, description: "Healthy", schema: healthResponse },
  errors: [503],
});
