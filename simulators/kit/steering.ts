import { type ScenarioStep, type SimClock, wallClock } from "./truth";

/**
 * Pieces a simulator uses to offer the `OperatorSimulatorControl` surface (truth.ts): a clock a
 * test can inject or move, and the book of per-reference scenarios.
 */

/**
 * The simulator's time: a base clock (the wall clock by default, or a test's ManualClock) plus
 * whatever the simulator's own admin `advanceClock` added. Moving either moves the simulator.
 */
export class SteerableClock implements SimClock {
  private offsetMs = 0;
  constructor(private readonly base: SimClock = wallClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  ms(): number {
    return this.now().getTime();
  }
  advance(ms: number): void {
    if (ms < 0) throw new Error("a clock does not run backwards");
    this.offsetMs += ms;
  }
}

type Entry = { match: { reference?: string; destination?: string }; steps: ScenarioStep[]; boundTo: string | null; spent: Set<ScenarioStep> };

/**
 * Scenarios set by a test for "the next order whose reference (or destination) matches". The
 * first order that matches binds the entry to its reference; later lookups by that reference
 * find the same steps (a status check, a callback of the same order).
 */
export class ScenarioBook {
  private readonly entries: Entry[] = [];
  constructor(private readonly honoured: readonly ScenarioStep["kind"][]) {}

  add(match: { reference?: string; destination?: string }, steps: ScenarioStep[]): void {
    if (!match.reference && !match.destination) throw new Error("a scenario matches a reference or a destination");
    for (const step of steps) if (!this.honoured.includes(step.kind)) throw new Error(`this simulator does not honour the ${step.kind} scenario (it honours ${this.honoured.join(", ")})`);
    this.entries.push({ match, steps, boundTo: null, spent: new Set() });
  }

  /** The steps for this order: bound to it already, or the first unbound entry it matches (then bound). */
  for(reference: string | null | undefined, destination?: string | null): ScenarioStep[] {
    if (!reference) return [];
    const bound = this.entries.find((e) => e.boundTo === reference);
    if (bound) return bound.steps;
    const next = this.entries.find((e) => e.boundTo === null && ((e.match.reference && e.match.reference === reference) || (e.match.destination && destination && e.match.destination === destination)));
    if (!next) return [];
    next.boundTo = reference;
    return next.steps;
  }

  /**
   * A step that happens once (a lost answer, a refusal before commit): returned the first time
   * it is asked for, never again, so the order's resend under the same reference goes through.
   */
  once<K extends ScenarioStep["kind"]>(reference: string | null | undefined, kind: K, destination?: string | null): Extract<ScenarioStep, { kind: K }> | undefined {
    const step = this.step(reference, kind, destination);
    const entry = step && this.entries.find((e) => e.steps.includes(step));
    if (!step || !entry || entry.spent.has(step)) return undefined;
    entry.spent.add(step);
    return step;
  }

  /** One step of a kind among this order's steps. */
  step<K extends ScenarioStep["kind"]>(reference: string | null | undefined, kind: K, destination?: string | null): Extract<ScenarioStep, { kind: K }> | undefined {
    return this.for(reference, destination).find((s) => s.kind === kind) as Extract<ScenarioStep, { kind: K }> | undefined;
  }
}
