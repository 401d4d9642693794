import { z } from "zod";
import { defineJobType } from "@/lib/jobs/define-job";

/**
 * `connector.check`: ask the operator at once where one order stands and apply the answer, the
 * same way the poll does. Enqueued by a callback that is only a hint (unsigned: MTN, Orange,
 * Daraja) and usable by anything else that learns an order may have moved. `reference`: the
 * attempt the callback named, when it is not the order's current one (lib/orders/attempts.ts).
 */
export const checkOrderJob = defineJobType("connector.check", z.object({ id: z.string().regex(/^(txn|po|rf|dup)_/), reference: z.string().min(1).optional() }));
