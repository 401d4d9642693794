import { getPrisma } from "@/lib/db/client";
import type { JobResult } from "@/lib/jobs/define-job";
import { log } from "@/lib/log";
import { type DriveOptions, poll, recheck, submit } from "./drive-order";
import { kindOfOrThrow, orderKinds } from "./order-kinds";

/**
 * The engine by order id, whatever its kind: what the jobs, ops, the checkout and tests call.
 * Every function takes `now` (default: the wall clock), and the engine reads no other clock.
 */

/**
 * Sends a pending order (or asks about one already sent). `attempt`: the n-th time a checkout
 * payment is sent. Returns when to run again while an earlier attempt's outcome is unknown (no
 * new attempt is sent meanwhile: the submit job waits).
 */
export function submitOrder(id: string, options: DriveOptions & { attempt?: number } = {}): Promise<JobResult> {
  return submit(kindOfOrThrow(id), id, options);
}

/** Asks the operator where an order stands and applies the answer; returns when to ask next (the poll job). */
export function pollOrder(id: string, options: DriveOptions = {}): Promise<JobResult> {
  return poll(kindOfOrThrow(id), id, options);
}

/**
 * Asks the operator now (ops, a callback's hint, the checkout's "I did not get the prompt"), and
 * keeps a poll job scheduled. `reference`: the attempt a callback named (any of the order's).
 */
export async function recheckOrder(id: string, options: DriveOptions & { reference?: string } = {}): Promise<void> {
  await recheck(kindOfOrThrow(id), id, options);
}

/**
 * Orders waiting for their provider to come back (queued payouts), oldest first: each is
 * submitted again; those whose account is still unavailable stay queued. Run as a periodic sweep.
 * Returns how many were sent.
 */
export async function submitQueuedOrders(options: DriveOptions & { batchSize?: number } = {}): Promise<number> {
  let sent = 0;
  for (const kind of orderKinds) {
    if (!kind.queuedIds) continue;
    for (const id of await kind.queuedIds(options.batchSize ?? 100)) {
      await submit(kind, id, options);
      const after = await kind.load(id);
      if (after && kind.snapshot(after).requestRef) sent++;
    }
  }
  return sent;
}

/**
 * The safety net of review: an open review whose next ask is overdue (its poll job lost, failed
 * for good, or never written) is asked now, which schedules its poll job again. A periodic sweep:
 * an order in review is never left unasked.
 */
export async function askOverdueReviews(options: DriveOptions & { graceMs?: number; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const overdue = await (await getPrisma()).orderReview.findMany({
    where: { resolvedAt: null, nextAskAt: { lt: new Date(now.getTime() - (options.graceMs ?? 15 * 60_000)) } },
    orderBy: { nextAskAt: "asc" },
    take: options.limit ?? 100,
    select: { orderId: true },
  });
  for (const { orderId } of overdue) {
    try {
      await recheckOrder(orderId, { now });
    } catch (err) {
      log.error("asking about an order in review failed; the sweep tries again", { id: orderId, error: (err as Error).message });
    }
  }
  return overdue.length;
}
