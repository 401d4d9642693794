import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded", "down"]).describe("`down` (503): the database does not answer. `degraded` (200): it does, but Redis, the job backlog or a routed connector account is failing."),
  environment: z.enum(["sandbox", "production"]),
  version: z.string(),
  checks: z.object({
    database: z.object({ status: z.enum(["ok", "error"]), latencyMs: z.number(), error: z.string().optional() }),
    rateLimiter: z.object({ backend: z.string() }),
    redis: z
      .object({ status: z.enum(["ok", "error"]), latencyMs: z.number() })
      .optional()
      .describe("When Redis (or Upstash) backs the rate limiter: whether it answers. An unreachable one degrades (the limiter then fails open)."),
    jobs: z
      .object({
        status: z.enum(["ok", "degraded"]),
        due: z.number().int(),
        failed: z.number().int(),
        oldestDueAgeSeconds: z.number().int(),
        degradedAfterSeconds: z.number().int(),
      })
      .optional()
      .describe("The job outbox: jobs due now, jobs that used up their attempts, and how long the oldest due job has waited (degraded past degradedAfterSeconds)."),
    connectors: z
      .object({
        status: z.enum(["ok", "degraded"]),
        accounts: z.array(z.object({ id: z.string(), state: z.enum(["ok", "misconfigured", "unavailable"]) })),
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
      .describe("Every connector account of this environment with its state (unavailable: circuit breaker open), and providers their operator reports closed; degraded when an account that routes use cannot serve or a routed provider is closed."),
  }),
  warnings: z.array(z.string()).describe("Dangerous settings this instance runs with (e.g. private webhook targets allowed in production); empty when none."),
}).meta({ id: "Health" });

export const healthContract = defineContract({
  operationId: "getHealth",
  method: "GET",
  path: "/health",
  summary: "Service health",
  description:
    "200 when the database answers (status `degraded` when Redis does not answer, the oldest due job has waited too long, a routed connector account is misconfigured or its circuit breaker is open, or an operator reports a routed provider closed), 503 with status `down` when the database does not. Not rate limited (load balancers poll it).",
  tags: ["Platform"],
  auth: "public",
  rateLimit: "none",
  success: { status: 200, description: "Healthy", schema: healthResponse },
  otherResponses: [{ status: 503, description: "Down: the database does not answer (the same body, status `down`)", schema: healthResponse }],
});
