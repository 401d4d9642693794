import { ManualClock } from "@/simulators/kit/truth";

/**
 * The simulation's one clock. Every reader of time in the process follows it while a run is
 * installed: the platform's `new Date()` and `Date.now()` (the engine, the job runner, webhooks,
 * settlement, the connectors' `context.now()`), the embedded database's `now()` (PGlite takes its
 * time from the JavaScript Date), and the operators' simulators (given `simulatorClock`). Time
 * moves only when the harness moves it, so days of operator behaviour run in seconds and a seed
 * replays exactly; `Math.random` is replaced by a seeded stream for the same reason (webhook
 * retry jitter, simulators' operator ids).
 *
 * Real timers (setTimeout, setInterval) still run on the wall clock: the harness never waits on
 * one for the simulation's sake; they only cover I/O deadlines, which a local call never reaches.
 */
const RealDate = Date;
const realRandom = Math.random;
let simulatedMs: number | null = null;

/** `new Date()` / `Date()` / `Date.now()` on the simulated clock; every other form as the real Date. */
function SimulatedDate(this: unknown, ...args: unknown[]): Date | string {
  const at = simulatedMs ?? RealDate.now();
  if (!new.target) return new RealDate(at).toString();
  return args.length === 0 ? new RealDate(at) : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
}
SimulatedDate.prototype = RealDate.prototype;
SimulatedDate.now = () => simulatedMs ?? RealDate.now();
SimulatedDate.parse = RealDate.parse;
SimulatedDate.UTC = RealDate.UTC;

/** Puts the process on the simulated clock at `startMs`, with `random` behind Math.random. */
export function installSimulatedTime(startMs: number, random: () => number): void {
  simulatedMs = startMs;
  globalThis.Date = SimulatedDate as unknown as DateConstructor;
  Math.random = random;
}

/** Back to the wall clock and the real Math.random (between runs, and at the end). */
export function uninstallSimulatedTime(): void {
  simulatedMs = null;
  globalThis.Date = RealDate;
  Math.random = realRandom;
}

export function simulatedNow(): number {
  if (simulatedMs === null) throw new Error("no simulated time installed");
  return simulatedMs;
}

/** Moves simulated time forward to `ms` (never back). */
export function advanceTo(ms: number): void {
  if (simulatedMs === null) throw new Error("no simulated time installed");
  if (ms < simulatedMs) throw new Error(`the simulated clock does not run backwards (${new RealDate(ms).toISOString()} < ${new RealDate(simulatedMs).toISOString()})`);
  simulatedMs = ms;
}

export function advanceBy(ms: number): void {
  advanceTo(simulatedNow() + ms);
}

/** The wall clock, for measuring how long a run took. */
export const wallNow = () => RealDate.now();

export const isoOf = (ms: number) => new RealDate(ms).toISOString();

/**
 * The clock handed to the operators' simulators: the simulated time itself. A ManualClock (some
 * simulators insist on one to be steerable); `advance` moves the one clock for everybody.
 */
export class SimulatedClock extends ManualClock {
  constructor() {
    super(new RealDate(0));
  }
  override now(): Date {
    return new RealDate(simulatedNow());
  }
  override advance(ms: number): void {
    advanceBy(ms);
  }
  override set(to: Date): void {
    advanceTo(to.getTime());
  }
}
