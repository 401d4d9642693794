import type { Direction } from "@/lib/connectors/connector";
import type { OperatorTruth, ScenarioStep } from "@/simulators/kit/truth";
import type { SimulatedClock } from "../sim-clock";

/**
 * One operator as the simulation sees it: its contract simulator (simulators/<op>/, started on
 * the simulated clock, calling back to the harness's capture listener), the connector account
 * and routes an operator of the platform would configure for it, and the handles the harness
 * steers and checks it by (scenarios, truth, forged callbacks).
 */
export type RouteSpec = { country: string; provider: string; currency: string; directions: Direction[]; fallbackFor?: boolean };

/** A callback the operator sent, captured before it reaches the platform (callbacks.ts decides when and how it does). */
export type CapturedCallback = { accountId: string; method: string; path: string; headers: Record<string, string>; body: string };

export type OperatorStart = {
  clock: SimulatedClock;
  /** Where this account's callbacks go: `<PUBLIC_BASE_URL>/api/v1/connectors/<accountId>/callback`. */
  callbackUrl: string;
  /** The callback listener's host (operators that register a callback host check it). */
  callbackHost: string;
  accountId: string;
  /** The env var prefix of the account's secrets. */
  secretsPrefix: string;
};

export interface OperatorUnderTest {
  /** `mtn`, `pawapay`… */
  readonly name: string;
  readonly accountId: string;
  /** Which scenario steps its simulator honours (simulators/kit/truth.ts). */
  readonly honours: readonly ScenarioStep["kind"][];
  /** Routes this account serves as primary (and, with `fallbackFor`, as another's fallback). */
  readonly routes: RouteSpec[];
  /** Whether a refund may be partial (the connector's capability). */
  readonly partialRefunds: boolean;
  start(options: OperatorStart): Promise<void>;
  /** Env vars holding the account's secrets (`<PREFIX>_<NAME>`). */
  secrets(): Record<string, string>;
  /** `connector:add` arguments after `--id`, `--type`, `--base-url`, `--secrets-env`. */
  connectorType: string;
  baseUrl(): string;
  settings(): Record<string, string>;
  /** A fresh customer number served by this operator, unique to `n`. */
  phone(route: RouteSpec, n: number): string;
  scenario(match: { reference?: string; destination?: string }, steps: ScenarioStep[]): void;
  /** Where money stands at the operator, per reference, with the destination where the simulator keeps it. */
  truth(): (OperatorTruth & { destination?: string })[];
  /** Runs whatever became due on the simulated clock and waits until its callbacks are out. */
  settle(): Promise<void>;
  /** A forged copy of a captured callback claiming success (or null when it has nothing to forge from). */
  forge(callback: CapturedCallback): CapturedCallback | null;
  /** The operator's platform-wide faults the harness may switch on (token expiry mid-flight…). */
  expireTokens?(): void;
  /** An outage: the operator's next `calls` calls fail (5xx before anything is recorded). */
  outage(calls: number): void;
  close(): Promise<void>;
}
