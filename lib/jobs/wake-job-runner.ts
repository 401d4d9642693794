import { config, environmentVariables } from "@/lib/config";
import { log } from "@/lib/log";

/**
 * Tells whoever drives the outbox that jobs are due, so they run now rather than at the next
 * poll (in-process runner or `npm run worker`, 500 ms) or cron (Inngest, a minute). enqueueJob asks for it with
 * onCommit, so it happens only after the transaction that wrote the job committed: a wake sent
 * inside it could be answered before the job is visible, and a rolled-back job needs none.
 *
 * Best effort by construction: the job rows are the truth and the poll or cron the safety net,
 * so a wake that fails is logged and forgotten; the request that enqueued never waits for it
 * nor sees its error.
 *
 * Coalesced per process: every wake asked for within WAKE_COALESCE_MS of the first (the
 * transactions of one request, a burst of requests) makes one signal, and at most one send to
 * Inngest (or NOTIFY to the workers) is in flight; wakes asked for meanwhile make one more send after it, since the one in
 * flight may have left before their commit.
 */
export const JOBS_ENQUEUED_EVENT = "jobs/enqueued";
export const WAKE_COALESCE_MS = 50;

/**
 * How a `jobs/enqueued` event reaches Inngest: the Inngest client's `send`, handed over by the
 * composition root (lib/platform/boot.ts) when JOBS_RUNNER=inngest. This module never loads the
 * Inngest SDK itself: the embedded mode never needs it.
 */
export type JobsEventSender = (event: { name: string; data: Record<string, never>; ts?: number }) => Promise<unknown>;

type WakeState = {
  timer: ReturnType<typeof setTimeout> | null;
  eventSender: JobsEventSender | null;
  sending: Promise<void> | null;
  sendAgain: boolean;
  inProcessWake: (() => void) | null;
  /** Due seconds (epoch) a delayed wake was sent for; pruned once past. */
  delayedWakes: Set<number>;
  delayedSends: Set<Promise<void>>;
};

// On globalThis because Next may evaluate this module in several bundles of one process: the
// runner started at boot and the routes that enqueue must share it.
const GLOBAL_KEY = Symbol.for("payments.jobWake");
type GlobalWithWake = typeof globalThis & { [GLOBAL_KEY]?: WakeState };

function state(): WakeState {
  const g = globalThis as GlobalWithWake;
  return (g[GLOBAL_KEY] ??= { timer: null, eventSender: null, sending: null, sendAgain: false, inProcessWake: null, delayedWakes: new Set(), delayedSends: new Set() });
}

/** Asks for the outbox to be drained soon. Call it only once the jobs are committed. */
export function wakeJobRunner(): void {
  const s = state();
  if (s.timer || config.jobsRunner() === "off") return;
  s.timer = setTimeout(() => {
    s.timer = null;
    deliverWake(s);
  }, WAKE_COALESCE_MS);
}

function deliverWake(s: WakeState) {
  const runner = config.jobsRunner();
  if (runner === "inline") {
    s.inProcessWake?.();
    return;
  }
  if (runner !== "inngest" && runner !== "worker") return;
  if (s.sending) {
    s.sendAgain = true;
    return;
  }
  s.sending = (runner === "worker" ? notifyWorkers() : sendJobsEnqueued()).finally(() => {
    s.sending = null;
    if (s.sendAgain) {
      s.sendAgain = false;
      wakeJobRunner();
    }
  });
}

/** The composition root hands over Inngest's sender (null: none; wakes then rely on Inngest's cron). */
export function setJobsEventSender(sender: JobsEventSender | null): void {
  state().eventSender = sender;
}

async function sendJobsEnqueued(at?: number): Promise<void> {
  const sender = state().eventSender;
  if (!sender) {
    log.warn("no Inngest sender was set up to wake the job runner; its cron runs the jobs within a minute");
    return;
  }
  try {
    await sender(at === undefined ? { name: JOBS_ENQUEUED_EVENT, data: {} } : { name: JOBS_ENQUEUED_EVENT, data: {}, ts: at });
  } catch (err) {
    log.warn("could not wake the Inngest job runner; its cron runs the jobs within a minute", { error: describeSafely(err) });
  }
}

/**
 * JOBS_RUNNER=worker: a PostgreSQL NOTIFY on JOBS_NOTIFY_CHANNEL, which every `npm run worker`
 * LISTENs to (lib/jobs/listen-for-wakes). Sent after the commit, like the rest: a worker woken
 * before it could not see the job. Lost if no worker listens at that instant: the poll runs it.
 */
export const JOBS_NOTIFY_CHANNEL = "jobs_enqueued";

async function notifyWorkers(): Promise<void> {
  try {
    // Loaded on first use, like the Inngest client: the embedded mode never notifies.
    const { getPrisma } = await import("@/lib/db/client");
    await (await getPrisma()).$executeRaw`SELECT pg_notify(${JOBS_NOTIFY_CHANNEL}, '')`;
  } catch (err) {
    log.warn("could not notify the job workers; their poll runs the jobs", { error: (err as Error).message.slice(0, 300) });
  }
}

/** The error's message without the Inngest keys (the event key is part of the URL it posts to). */
function describeSafely(err: unknown): string {
  let message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  for (const name of ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_SIGNING_KEY_FALLBACK"]) {
    const secret = environmentVariables()[name];
    if (secret) message = message.split(secret).join("[redacted]");
  }
  return message.slice(0, 500);
}

/**
 * Asks for a drain when a job scheduled for later falls due (a retry after a backoff, the next
 * provider poll, a delivery retry). The in-process runner polls every 500 ms and finds it
 * anyway. Under Inngest the job would otherwise wait for the next minute's cron, which turns a
 * 2 s poll interval into a minute; so a `jobs/enqueued` event is sent with its `ts` at the due
 * second, which Inngest holds until then (a delayed start). Coalesced: one event per second of
 * due time per process. Beyond MAX_DELAYED_WAKE_MS the cron's minute is small next to the wait
 * and no event is sent. Call it only once the job row is committed; best effort like the rest.
 */
export const MAX_DELAYED_WAKE_MS = 15 * 60_000;

export function wakeJobRunnerAt(runAt: Date): void {
  const delay = runAt.getTime() - Date.now();
  if (delay <= 0) return wakeJobRunner();
  if (delay > MAX_DELAYED_WAKE_MS || config.jobsRunner() !== "inngest") return;
  const s = state();
  const dueSecond = Math.ceil(runAt.getTime() / 1000);
  const now = Date.now() / 1000;
  for (const second of s.delayedWakes) if (second < now) s.delayedWakes.delete(second);
  if (s.delayedWakes.has(dueSecond)) return;
  s.delayedWakes.add(dueSecond);
  const sending = sendJobsEnqueued(dueSecond * 1000).finally(() => s.delayedSends.delete(sending));
  s.delayedSends.add(sending);
}

/** The in-process runner registers how to wake it (lib/jobs/in-process-runner). */
export function setInProcessWake(wake: (() => void) | null): void {
  state().inProcessWake = wake;
}

/** Resolves once no wake is pending nor being sent (tests; a graceful shutdown). */
export async function jobWakeSettled(): Promise<void> {
  const s = state();
  while (s.timer || s.sending || s.delayedSends.size > 0) {
    await (s.sending ?? [...s.delayedSends][0] ?? new Promise((resolve) => setTimeout(resolve, WAKE_COALESCE_MS)));
  }
}
