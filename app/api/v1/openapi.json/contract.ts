import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const openApiContract = defineContract({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/openapi.json",
  summary: "This API's OpenAPI 3.1 document",
  tags: ["Platform"],
  auth: "public",
  cacheSeconds: 300,
  success: { status: 200, description: "OpenAPI document", schema: z.record(z.string(), z.unknown()) },
});
