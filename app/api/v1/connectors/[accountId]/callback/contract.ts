import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

const callbackContract = <M extends "POST" | "PUT">(method: M) =>
  defineContract({
    method,
    operationId: method === "POST" ? "receiveConnectorCallback" : "receiveConnectorCallbackPut",
    path: "/connectors/{accountId}/callback",
    summary: method === "POST" ? "Operator callback" : "Operator callback (PUT, as MTN MoMo may send it)",
    description:
      "Where operators report on our orders. A signed callback is verified over its raw bytes before it is applied; an unsigned one only triggers an immediate status check. 200 when handled, 202 when a check was queued; 401 when the signature does not verify (nothing changed); 404 for an unknown connector account. Repeats and out-of-order deliveries are harmless.",
    tags: ["Connectors"],
    auth: "public",
    rateLimit: "none",
    request: { params: z.object({ accountId: z.string().min(1).max(100) }) },
    success: { status: 200, description: "Received and applied", schema: z.object({ received: z.literal(true) }) },
    otherResponses: [{ status: 202, description: "Received; nothing applied from the body (unsigned, or not ours): a status check was queued", schema: z.object({ received: z.literal(true) }) }],
    errors: [401, 404, 413],
  });

export const connectorCallbackContract = callbackContract("POST");
export const connectorCallbackPutContract = callbackContract("PUT");
