import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const healthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  environment: z.enum(["sandbox", "production"]),
  version: z.string(),
  checks: z.object({
    database: z.object({ status: z.enum(["ok", "error"]), latencyMs: z.number(), error: z.string().optional() }),
    rateLimiter: z.object({ backend: z.string() }),
  }),
});

export const healthContract = defineContract({
  method: "GET",
  path: "/health",
  summary: "Service health",
  description: "200 when the database answers, 503 when it does not. Not rate limited (load balancers poll it).",
  tags: ["Platform"],
  auth: "public",
  rateLimit: "none",
  success: { status: 200, description: "Healthy", schema: healthResponse },
  errors: [503],
});
