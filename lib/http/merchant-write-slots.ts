import { setting } from "@/lib/config";
import { AppError } from "@/lib/errors";

/**
 * A per-merchant cap on write requests running at once in this instance. Each write
 * holds a database connection for its transaction; without a cap, one merchant's burst (a
 * batch job firing 50 payouts in parallel) takes every connection of the pool and every other
 * merchant's requests queue behind it. With it, at most MERCHANT_WRITE_CONCURRENCY writes of one
 * merchant run at once, the next wait their turn in arrival order (they would have waited for
 * the pool anyway), and past MERCHANT_WRITE_QUEUE waiting ones the request is refused at once
 * with 429 and `Retry-After`, before any work: a retry with the same idempotency key is safe.
 * Reads are not capped: they hold a connection for one short statement.
 * On globalThis: Next may evaluate this module in several bundles of one process.
 */
type Slots = { running: number; waiting: (() => void)[] };
const KEY = Symbol.for("payments.merchantWriteSlots");
const table = (): Map<string, Slots> => ((globalThis as Record<symbol, Map<string, Slots> | undefined>)[KEY] ??= new Map());

/** Seconds a refused write is told to wait: a slot frees in a transaction's time. */
export const WRITE_SLOT_RETRY_AFTER_SECONDS = 1;

export async function withMerchantWriteSlot<T>(merchantId: string, work: () => Promise<T>): Promise<T> {
  await acquire(merchantId);
  try {
    return await work();
  } finally {
    release(merchantId);
  }
}

async function acquire(merchantId: string): Promise<void> {
  const slots = table();
  let own = slots.get(merchantId);
  if (!own) slots.set(merchantId, (own = { running: 0, waiting: [] }));
  if (own.running < setting("MERCHANT_WRITE_CONCURRENCY")) {
    own.running++;
    return;
  }
  if (own.waiting.length >= setting("MERCHANT_WRITE_QUEUE")) {
    throw new AppError(
      "rate_limited",
      `Too many write requests of this account at once (${own.running} running, ${own.waiting.length} waiting). Retry after ${WRITE_SLOT_RETRY_AFTER_SECONDS} s with the same idempotency key.`,
    );
  }
  // The releasing request hands its slot over: `running` stays the same.
  await new Promise<void>((resolve) => own.waiting.push(resolve));
}

function release(merchantId: string): void {
  const slots = table();
  const own = slots.get(merchantId);
  if (!own) return;
  const next = own.waiting.shift();
  if (next) return next();
  own.running--;
  if (own.running === 0) slots.delete(merchantId);
}

/** Writes running and waiting for a merchant in this instance (tests, metrics). */
export function merchantWrites(merchantId: string): { running: number; waiting: number } {
  const own = table().get(merchantId);
  return { running: own?.running ?? 0, waiting: own?.waiting.length ?? 0 };
}
