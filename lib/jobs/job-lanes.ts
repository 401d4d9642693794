import { setting } from "@/lib/config";

/**
 * Lanes: job types grouped by the kind of wait they do, each with its own slots, so that one
 * kind of slowness (a merchant's webhook receiver hanging 15 s) never holds another kind of
 * work (provider submits and polls of every merchant). A job's lane follows from its type's
 * prefix, here and only here: a new `refund.*` or `connector.*` type needs no change.
 *
 *   provider  payment.*, payout.*, refund.*, connector.*   JOBS_PROVIDER_CONCURRENCY (8)
 *   webhook   webhook.*                                    JOBS_WEBHOOK_CONCURRENCY (16), at
 *             most JOBS_WEBHOOK_PER_MERCHANT (4) of them for one concurrency key (one merchant)
 *   other     anything else                                JOBS_OTHER_CONCURRENCY (4)
 *
 * Concurrency is per runner process; 0 leaves the lane to other processes.
 */
export type LaneName = "provider" | "webhook" | "other";

export const LANES: readonly LaneName[] = ["provider", "webhook", "other"];

const LANE_BY_PREFIX: readonly [prefix: string, lane: LaneName][] = [
  ["payment.", "provider"],
  ["payout.", "provider"],
  ["refund.", "provider"],
  ["connector.", "provider"],
  ["webhook.", "webhook"],
];

export function laneOf(type: string): LaneName {
  for (const [prefix, lane] of LANE_BY_PREFIX) if (type.startsWith(prefix)) return lane;
  return "other";
}

export type LaneSettings = {
  /** Slots of this lane in one runner process. */
  concurrency: number;
  /** At most this many running jobs share a concurrency key, across every runner; null: no cap. */
  perKeyCap: number | null;
};

export function laneSettings(lane: LaneName): LaneSettings {
  switch (lane) {
    case "provider":
      return { concurrency: setting("JOBS_PROVIDER_CONCURRENCY"), perKeyCap: null };
    case "webhook":
      return { concurrency: setting("JOBS_WEBHOOK_CONCURRENCY"), perKeyCap: Math.max(1, setting("JOBS_WEBHOOK_PER_MERCHANT")) };
    case "other":
      return { concurrency: setting("JOBS_OTHER_CONCURRENCY"), perKeyCap: null };
  }
}

/** `types` grouped by lane, lanes with no type left out. */
export function typesByLane(types: readonly string[]): Map<LaneName, string[]> {
  const byLane = new Map<LaneName, string[]>();
  for (const type of types) {
    const lane = laneOf(type);
    byLane.set(lane, [...(byLane.get(lane) ?? []), type]);
  }
  return byLane;
}

/**
 * How long a key's jobs wait after consecutive timeouts: 5 s after the first, doubling with
 * each, at most 5 min (applied in SQL by finishJobs). Each timeout of a webhook receiver held a
 * slot for WEBHOOK_TIMEOUT_MS; the wait keeps a merchant's queue from spending slot after slot
 * on an endpoint that does not answer, while its other jobs just wait, holding nothing.
 */
export const KEY_BACKOFF_BASE_MS = 5_000;
export const KEY_BACKOFF_MAX_MS = 300_000;
