import { POST as callbackPost, PUT as callbackPut } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { type FaultCounter, type FaultKind, drawCallbackFate } from "./behaviours";
import type { CapturedCallback, OperatorUnderTest } from "./operators/operator";
import type { Prng } from "./prng";
import type { Scheduler } from "./scheduler";

/**
 * Between the operators and the platform's callback route: every callback an operator sends is
 * captured (listeners.ts), then delivered to the real route handler — at once, late, twice, never,
 * after the next one (reordered), or beside a forged copy claiming a success the operator never
 * sent — as the seed draws it. What the route answered is kept for the timelines.
 */
export type DeliveredCallback = { at: number; accountId: string; body: string; status: number; forged: boolean };

export class CallbackRelay {
  readonly delivered: DeliveredCallback[] = [];
  private held: CapturedCallback[] = [];

  constructor(
    private readonly publicBaseUrl: string,
    private readonly scheduler: Scheduler,
    private readonly random: Prng,
    private readonly faults: FaultCounter,
    private readonly operators: OperatorUnderTest[],
    private readonly now: () => number,
    private readonly allows: (kind: FaultKind) => boolean,
  ) {}

  /** Decides the fate of newly captured callbacks (in a fixed order: the capture order may vary with I/O). */
  accept(captured: CapturedCallback[]): void {
    const sorted = [...captured].sort((a, b) => (a.accountId + a.body < b.accountId + b.body ? -1 : a.accountId + a.body > b.accountId + b.body ? 1 : 0));
    for (const callback of sorted) {
      // One reordered callback waits for the next one of its account, then follows it.
      const waiting = this.held.filter((h) => h.accountId === callback.accountId);
      this.held = this.held.filter((h) => h.accountId !== callback.accountId);
      const fate = drawCallbackFate(this.random, this.allows);
      const at = this.now();
      switch (fate.kind) {
        case "lost":
          this.faults.add("callback_lost");
          break;
        case "reordered":
          this.faults.add("callback_reordered");
          this.held.push(callback);
          break;
        case "duplicated":
          this.faults.add("callback_duplicated");
          this.deliverAt(at + fate.afterMs, callback, false);
          this.deliverAt(at + fate.againAfterMs, callback, false);
          break;
        case "forged": {
          this.faults.add("callback_forged");
          const operator = this.operators.find((o) => o.accountId === callback.accountId);
          const forged = operator?.forge(callback);
          if (forged) this.deliverAt(at, forged, true);
          this.deliverAt(at + fate.afterMs, callback, false);
          break;
        }
        default:
          if (fate.afterMs > 0) this.faults.add("callback_delayed");
          this.deliverAt(at + fate.afterMs, callback, false);
      }
      for (const late of waiting) this.deliverAt(at + 1, late, false);
    }
  }

  /** Reordered callbacks still held at the end of a run go out then (an operator retries eventually). */
  flushHeld(): void {
    for (const callback of this.held.splice(0)) this.deliverAt(this.now(), callback, false);
  }

  private deliverAt(at: number, callback: CapturedCallback, forged: boolean): void {
    this.scheduler.at(at, `callback ${callback.accountId}${forged ? " (forged)" : ""}`, () => this.deliver(callback, forged));
  }

  private async deliver(callback: CapturedCallback, forged: boolean): Promise<void> {
    const request = new Request(`${this.publicBaseUrl}${callback.path}`, { method: callback.method, headers: callback.headers, body: callback.body });
    const handler = callback.method === "PUT" ? callbackPut : callbackPost;
    const response = await handler(request, { params: Promise.resolve({ accountId: callback.accountId }) });
    await response.text();
    this.delivered.push({ at: this.now(), accountId: callback.accountId, body: callback.body, status: response.status, forged });
  }
}
